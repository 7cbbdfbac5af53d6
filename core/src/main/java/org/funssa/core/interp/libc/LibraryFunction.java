package org.funssa.core.interp.libc;

import io.vavr.control.Option;
import org.funssa.core.interp.Value;

/** A C library function: takes the call's typed arguments, returns its result (none for {@code void}). */
@FunctionalInterface
public interface LibraryFunction {
    Option<Value> call(LibraryCall call);
}
