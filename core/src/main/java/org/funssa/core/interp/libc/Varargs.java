package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.int64;

import org.funssa.core.interp.Machine;
import org.funssa.core.interp.Memory;

/**
 * Variadic functions as COINS compiles them ({@code lang/c/include/stdarg.h} of COINS 1.5): {@code va_start(ap, last)}
 * becomes {@code __va_start(ap, last)}, and {@code va_arg(ap, T)} becomes {@code *(T*) __va_arg(ap, (T) __dummy)},
 * where the second argument only carries the type T. The interpreter stores a call's arguments beyond the
 * callee's parameters in an area of 8-byte slots (an aggregate takes its size rounded up to 8); the first 8
 * bytes of {@code ap} point at the next slot.
 */
final class Varargs implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library
                .withData("__dummy", new Library.ExternalData(16, (machine, address) -> { }))
                .withFunction("__va_start", c -> {
                    c.memory().storeI64(c.integer(0), c.variadics());
                    return int64(0);
                })
                .withFunction("__va_arg", c -> {
                    Memory m = c.memory();
                    long ap = c.integer(0);
                    long next = m.loadI64(ap);
                    int size = c.args().size() > 1 ? c.args().get(1).type().bytes() : 8;
                    m.storeI64(ap, next + Machine.variadicSlot(size));
                    return int64(next);
                })
                .withFunction("__va_end", c -> int64(0));
    }
}
