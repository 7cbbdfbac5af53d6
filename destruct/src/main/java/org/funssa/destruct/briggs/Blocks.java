package org.funssa.destruct.briggs;

import io.vavr.collection.Vector;
import java.util.List;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.liveness.Liveness;
import org.funssa.cps.rewrite.Nest;

/**
 * The control flow graph of one function as Briggs et al.'s method sees it: the bodies of the nest numbered as
 * {@link Nest} numbers them (the function's body is block 0, the entry), each block's
 * parameters (its φ targets), the dominator tree and the liveness of the blocks.
 *
 * <p>Variables are asked about by their liveness numbers, and a φ target's number is read from its block's
 * {@link Liveness#parameters parameters}: looking each name up in the table of all names (3·10^6 of them on
 * a generated function of 10^6 instructions, LOOPS) cost a cache miss or two per question, and sets of
 * parameter names per block were as many small hash sets again.
 */
final class Blocks {

    final List<Body> bodies;
    final Nest nest;
    final List<Vector<Atom.Var>> params;
    /** For each variable number, the block whose parameter it is, or −1. */
    private final int[] definer;
    final DiGraph graph;
    final DominatorTree tree;
    final Liveness liveness;

    Blocks(Function f) {
        nest = Nest.checked(f);
        bodies = nest.bodies();
        params = nest.params();
        DiGraph.Builder builder = DiGraph.builder(bodies.size()).entry(0);
        for (int b = 0; b < bodies.size(); b++) {
            for (int k = 0; k < nest.jumpCount(b); k++) {
                builder.edge(b, nest.target(b, k));
            }
        }
        graph = builder.build();
        tree = Dominators.of(graph);
        liveness = Liveness.of(bodies, nest, params);
        definer = new int[liveness.variableCount()];
        java.util.Arrays.fill(definer, -1);
        for (int b = 0; b < bodies.size(); b++) {
            IntSeq numbers = liveness.parameters(b);
            for (int k = 0; k < numbers.size(); k++) {
                definer[numbers.get(k)] = b;
            }
        }
    }

    /** The block that jump {@code k} of block {@code b}'s tail (in the order of {@link Tail#jumps()}) goes to. */
    int target(int b, int k) {
        return nest.target(b, k);
    }

    /** Whether one of the jumps of block {@code b}'s tail before jump {@code k} goes to block {@code to}. */
    boolean targetsBefore(int b, int k, int to) {
        for (int e = 0; e < k; e++) {
            if (nest.target(b, e) == to) {
                return true;
            }
        }
        return false;
    }

    /** The block a jump goes to, looked up by its label. */
    int target(Tail.Jump j) {
        return nest.node(j.target());
    }

    /** The parameters of a jump's target. */
    Vector<Atom.Var> paramsOf(Tail.Jump j) {
        return params.get(target(j));
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
