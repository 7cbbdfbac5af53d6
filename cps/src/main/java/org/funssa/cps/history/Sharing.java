package org.funssa.cps.history;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.rewrite.Nest;

/**
 * How much of a program a step allocated: its nodes (bodies, local functions, lets) that are not, by
 * identity, nodes of the program before the step, and the nodes it shares with that program. A rewrite
 * by path copying ({@link Rewrite}) allocates O(depth) nodes and shares the rest.
 */
public record Sharing(long newNodes, long sharedNodes) {

    /**
     * The nodes of {@code after} that are new or shared with {@code before}, by identity. A node found in
     * {@code before} is counted as shared with its whole subtree (an immutable node's descendants are old
     * too): the preorder walk of each nest jumps over such a subtree.
     */
    public static Sharing between(Program before, Program after) {
        Set<Object> old = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Function f : before.functions()) {
            Nest nest = Nest.of(f);
            for (int node = 0; node < nest.size(); node++) {
                old.add(nest.body(node));
                nest.body(node).lets().forEach(old::add);
                if (node != Nest.ROOT) {
                    old.add(nest.fn(node));
                }
            }
        }
        long fresh = 0;
        for (Function f : after.functions()) {
            Nest nest = Nest.of(f);
            int node = Nest.ROOT;
            while (node < nest.size()) {
                boolean oldFn = node != Nest.ROOT && old.contains(nest.fn(node));
                if (node != Nest.ROOT && !oldFn) {
                    fresh++;
                }
                Body body = nest.body(node);
                if (oldFn || old.contains(body)) {
                    node = nest.last(node) + 1;
                    continue;
                }
                fresh++;
                for (Let let : body.lets()) {
                    if (!old.contains(let)) {
                        fresh++;
                    }
                }
                node++;
            }
        }
        return new Sharing(fresh, nodes(after) - fresh);
    }

    /** Every body, local function and let of the program. */
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
