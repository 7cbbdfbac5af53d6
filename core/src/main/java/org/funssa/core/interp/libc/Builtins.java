package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.int32;
import static org.funssa.core.interp.libc.LibraryCall.int64;

import io.vavr.control.Option;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirType;

/** gcc's byte-swap builtins, which glibc's headers call and COINS leaves as external calls. */
final class Builtins implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library
                .withFunction("__builtin_bswap16", c ->
                        Option.of(new Value.Int(LirType.I16, Short.reverseBytes((short) c.integer(0)) & 0xFFFF)))
                .withFunction("__builtin_bswap32", c -> int32(Integer.reverseBytes((int) c.integer(0))))
                .withFunction("__builtin_bswap64", c -> int64(Long.reverseBytes(c.integer(0))));
    }
}
