package org.funssa.cps.history;

import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.rewrite.Nest;

/**
 * The size of a program: its lets (instructions) and local functions (blocks), counted over the {@link Nest} of
 * every function, whatever the nesting depth.
 */
public record ProgramSize(long lets, long localFunctions) {

    /** The size of {@code program}. */
    public static ProgramSize of(Program program) {
        long lets = 0;
        long locals = 0;
        for (Function f : program.functions()) {
            Nest nest = Nest.of(f);
            lets += nest.fold(0L, (n, node, body) -> n + body.lets().size());
            locals += nest.size() - 1;
        }
        return new ProgramSize(lets, locals);
    }

    @Override
    public String toString() {
        return lets + " lets, " + localFunctions + " local functions";
    }
}
