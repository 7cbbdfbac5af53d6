package org.funssa.cps.history;

import java.util.ArrayDeque;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;

/**
 * The size of a program: its lets (instructions) and local functions (blocks), counted over every function
 * with an explicit stack, whatever the nesting depth.
 */
public record ProgramSize(long lets, long localFunctions) {

    /** The size of {@code program}. */
    public static ProgramSize of(Program program) {
        long lets = 0;
        long locals = 0;
        ArrayDeque<Body> stack = new ArrayDeque<>();
        for (Function f : program.functions()) {
            stack.push(f.body());
        }
        while (!stack.isEmpty()) {
            Body body = stack.pop();
            lets += body.lets().size();
            locals += body.functions().size();
            for (Fn fn : body.functions()) {
                stack.push(fn.body());
            }
        }
        return new ProgramSize(lets, locals);
    }

    @Override
    public String toString() {
        return lets + " lets, " + localFunctions + " local functions";
    }
}
