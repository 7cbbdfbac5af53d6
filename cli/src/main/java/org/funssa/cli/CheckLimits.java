package org.funssa.cli;

import io.vavr.control.Option;
import java.util.ArrayDeque;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.SourcePos;
import org.funssa.core.lir.Stmt;

/**
 * What {@code opt --check} cannot check: its behaviour comparisons run the SSA form under the IR
 * interpreter, which has no I128 values (the LIR interpreter, and so {@code funssa run}, has them). Such a
 * program is refused before any pass runs, as an input error naming the first I128 value, rather than
 * blamed on a pass or reported as an internal error.
 */
final class CheckLimits {

    private CheckLimits() {}

    /** Throws an {@link InputError} at the first I128 value of the module, if it has one. */
    static void require(LirReader.Parsed parsed, String source) {
        firstI128(parsed, source).forEach(where -> {
            throw new InputError(where + ": opt --check cannot compare behaviours of a program with I128 values: "
                    + "the IR interpreter does not support them (run the program with funssa run, or optimize it "
                    + "without --check)");
        });
    }

    private static Option<SourcePos> firstI128(LirReader.Parsed parsed, String source) {
        ArrayDeque<LExp> stack = new ArrayDeque<>();
        for (Module.Function f : parsed.module().functions()) {
            for (Stmt s : f.body()) {
                SourcePos statement = parsed.positions().of(s).getOrElse(new SourcePos(source, 0, 0));
                s.expressions().reverse().forEach(stack::push);
                while (!stack.isEmpty()) {
                    LExp e = stack.pop();
                    if (e.type().equals(LirType.I128)) {
                        stack.clear();
                        return Option.of(parsed.positions().of(e).getOrElse(statement));
                    }
                    e.pushOperands(stack);
                }
            }
        }
        return Option.none();
    }
}
