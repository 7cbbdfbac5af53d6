package org.funssa.cps.history;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;

/**
 * How much of a program a step allocated: its nodes (bodies, local functions, lets) that are not, by
 * identity, nodes of the program before the step, and the nodes it shares with that program. A rewrite
 * by path copying ({@link Rewrite}) allocates O(depth) nodes and shares the rest.
 */
public record Sharing(long newNodes, long sharedNodes) {

    /**
     * The nodes of {@code after} that are new or shared with {@code before}, by identity. A node found in
     * {@code before} is counted as shared with its whole subtree (an immutable node's descendants are old
     * too); the walk descends only into new nodes, with an explicit stack.
     */
    public static Sharing between(Program before, Program after) {
        Set<Object> old = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Body> stack = new ArrayDeque<>();
        for (Function f : before.functions()) {
            stack.push(f.body());
        }
        while (!stack.isEmpty()) {
            Body body = stack.pop();
            if (!old.add(body)) {
                continue;
            }
            body.lets().forEach(old::add);
            for (Fn fn : body.functions()) {
                old.add(fn);
                stack.push(fn.body());
            }
        }
        long fresh = 0;
        for (Function f : after.functions()) {
            stack.push(f.body());
        }
        while (!stack.isEmpty()) {
            Body body = stack.pop();
            if (old.contains(body)) {
                continue;
            }
            fresh++;
            for (Let let : body.lets()) {
                if (!old.contains(let)) {
                    fresh++;
                }
            }
            for (Fn fn : body.functions()) {
                if (!old.contains(fn)) {
                    fresh++;
                    stack.push(fn.body());
                }
            }
        }
        return new Sharing(fresh, nodes(after) - fresh);
    }

    /** Every body, local function and let of the program, counted with an explicit stack. */
    private static long nodes(Program program) {
        ProgramSize size = ProgramSize.of(program);
        // Each local function has one body, and each function one more.
        return size.lets() + 2 * size.localFunctions() + program.functions().size();
    }

    @Override
    public String toString() {
        return newNodes + " new, " + sharedNodes + " shared";
    }
}
