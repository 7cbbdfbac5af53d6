package org.funssa.core.interp.libc;

import org.funssa.core.interp.ProgramExit;

/** {@code exit} and {@code abort} (C11 §7.22.4): end the run; abort's status is 134 (128 + SIGABRT), as a shell reports it. */
final class Process implements Library.Part {

    @Override
    public Library installInto(Library library) {
        return library
                .withFunction("exit", c -> {
                    throw new ProgramExit((int) (c.integer(0) & 0xFF));
                })
                .withFunction("abort", c -> {
                    throw new ProgramExit(134);
                });
    }
}
