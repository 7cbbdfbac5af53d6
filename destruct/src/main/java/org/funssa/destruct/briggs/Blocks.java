package org.funssa.destruct.briggs;

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Tail;
import org.funssa.destruct.liveness.Liveness;
import org.funssa.destruct.nest.BottomUp;

/**
 * The control flow graph of one function as Briggs et al.'s method sees it: the bodies of the nest numbered as
 * {@link BottomUp#nodes(Body)} numbers them (the function's body is block 0, the entry), each block's
 * parameters (its φ targets), the dominator tree and the liveness of the blocks.
 *
 * <p>Variables are asked about by their liveness numbers, and a φ target's number is read from its block's
 * {@link Liveness#parameters parameters}: looking each name up in the table of all names (3·10^6 of them on
 * a generated function of 10^6 instructions, LOOPS) cost a cache miss or two per question, a tenth of the
 * method's time at that size, and sets of parameter names per block were as many small hash sets again.
 */
final class Blocks {

    final List<Body> bodies;
    final Map<String, Integer> index = new HashMap<>();
    final Vector<Atom.Var>[] params;
    /** For each variable number, the block whose parameter it is, or −1. */
    private final int[] definer;
    final DiGraph graph;
    final DominatorTree tree;
    final Liveness liveness;
    private final String function;

    @SuppressWarnings("unchecked")
    Blocks(Function f) {
        function = f.name();
        bodies = BottomUp.nodes(f.body());
        Map<Body, Integer> position = new java.util.IdentityHashMap<>();
        for (int i = 0; i < bodies.size(); i++) {
            position.put(bodies.get(i), i);
        }
        params = new Vector[bodies.size()];
        params[0] = f.params();
        for (Body body : bodies) {
            for (Fn fn : body.functions()) {
                int i = position.get(fn.body());
                index.put(fn.label().name(), i);
                params[i] = fn.params();
            }
        }
        DiGraph.Builder builder = DiGraph.builder(bodies.size()).entry(0);
        for (int b = 0; b < bodies.size(); b++) {
            for (Tail.Jump j : bodies.get(b).tail().jumps()) {
                builder.edge(b, target(j));
            }
        }
        graph = builder.build();
        tree = Dominators.of(graph);
        liveness = Liveness.of(bodies, index, java.util.Arrays.asList(params));
        definer = new int[liveness.variableCount()];
        java.util.Arrays.fill(definer, -1);
        for (int b = 0; b < params.length; b++) {
            IntSeq numbers = liveness.parameters(b);
            for (int k = 0; k < numbers.size(); k++) {
                definer[numbers.get(k)] = b;
            }
        }
    }

    /** The block a jump goes to. */
    int target(Tail.Jump j) {
        Integer i = index.get(j.target().name());
        if (i == null) {
            throw new IllegalArgumentException("function " + function + ": the jump to " + j.target().name()
                    + " has no target; verify the program before destruction");
        }
        Vector<Atom.Var> p = params[i];
        if (p.size() != j.args().size()) {
            throw new IllegalArgumentException("function " + function + ": the jump to " + j.target().name()
                    + " passes " + j.args().size() + " arguments for " + p.size()
                    + " parameters; verify the program before destruction");
        }
        return i;
    }

    /** The parameters of a jump's target. */
    Vector<Atom.Var> paramsOf(Tail.Jump j) {
        return params[target(j)];
    }

    /** The liveness number of parameter {@code k} of block {@code b}. */
    int paramNumber(int b, int k) {
        return liveness.parameters(b).get(k);
    }

    /** The block whose parameter the variable numbered {@code v} is (the block of its φ), or −1. */
    int definer(int v) {
        return v < definer.length ? definer[v] : -1;
    }

    /**
     * Whether the live range of the variable numbered {@code v} goes through the exit of block {@code b} into a
     * successor: live into some successor and not one of its parameters (the jumps' arguments, read by the
     * copies, excluded).
     */
    boolean liveOutThrough(int b, int v) {
        IntSeq successors = graph.successors(b);
        for (int k = 0; k < successors.size(); k++) {
            if (liveThrough(successors.get(k), v)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the variable numbered {@code v} is live into block {@code b} and not defined by its parameters. */
    boolean liveThrough(int b, int v) {
        return liveness.in(b).contains(v) && definer(v) != b;
    }
}
