package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Images;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.8 "Algorithms for Constructing SSA Graph and for Finding Equality of Variables": the SSA graph of
 * §6.8.1 (Figures 6.18–6.23; SsaGraph) partitioned by Alpern, Wegman and Zadeck's algorithm of §6.8.2 (Figures
 * 6.24–6.27; CongruencePartition). "All elements in the finally obtained set B[i] have the same value (at the
 * time when these assignment statements are executed)": by AWZ's theorem, when x and y are congruent and x's
 * definition dominates y's, y holds x's value wherever it is used, so y may be replaced by x.
 *
 * The nest is the dominator tree: a walk down it keeps, for each class, the variable that names it in the bodies
 * enclosing the walk — the first met, whose definition dominates every later one's — and replaces each variable
 * it then meets of that class by it (a parameter met before a let of its body, the lets in order, the parameters
 * of one block from the left). A class of a constant is that constant: a copy of 5 is replaced by 5. Then the
 * replaced variables go: the let of one is deleted (it computes again, on equal operands, what its representative
 * computed before it, so if it could trap, the representative trapped first), and a φ parameter replaced leaves
 * its block with its argument in every jump there; every use reads the representative. What the pass does not
 * replace: congruent variables neither of whose definitions dominates the other's (two arms of a branch), which
 * takes code motion (preqp), and operations §6.8.2 does not say are equal — a + b and b + a (the figure compares
 * operands by position), stores, calls, ψs and predicated lets (SsaGraph).
 *
 * Idempotent: the partition of the output is the partition of the input restricted to what remains, in which no
 * variable's definition dominates another's of its class. A block left with nothing but its jump stays for
 * shrink (ebe, cbb). Linear in the function but for the partition's O(E log n).
 */

/**
 * {@code ssag}: each variable congruent (seed 004 §6.8.2) to one whose definition dominates it is replaced by that
 * one, and its let or parameter deleted.
 */
public final class SsaGraphCongruence {

    /** The pass. */
    public static final Pass PASS = Pass.of("ssag", SsaGraphCongruence::apply);

    private SsaGraphCongruence() {}

    /** The function with every variable replaced by its class's dominating representative. */
    public static Function apply(Function function) {
        Nest nest = Nest.checked(function);
        SsaGraph graph = SsaGraph.of(nest);
        Atom[] representative = representatives(nest, graph, CongruencePartition.of(graph));
        return replace(nest, representative);
    }

    /**
     * By variable number: the atom that replaces the variable — its class's constant or the variable of its class
     * whose definition dominates it — or null when it represents its class where it is defined.
     */
    private static Atom[] representatives(Nest nest, SsaGraph graph, CongruencePartition classes) {
        Walk walk = new Walk(graph, classes, nest.function().varCount());
        int[] marks = new int[nest.size()];
        int[] open = new int[nest.size()];
        int depth = 0;
        for (int node = 0; node < nest.size(); node++) {
            while (depth > 0 && nest.last(open[depth - 1]) < node) {
                walk.leave(marks[open[--depth]]);
            }
            marks[node] = walk.mark();
            open[depth++] = node;
            nest.params(node).forEach(walk::meet);
            for (Let let : nest.body(node).lets()) {
                let.vars().forEach(walk::meet);
            }
        }
        return walk.representative;
    }

    /** The walk down the nest: each class's variable in the bodies enclosing it, and what each variable met becomes. */
    private static final class Walk {
        private final SsaGraph graph;
        private final CongruencePartition classes;
        private final Atom[] representative;
        /** By class: the variable that represents it in the bodies enclosing the walk, or null. */
        private final Atom.Var[] leader;
        /** The classes whose leader the walk set, in order, to be unset as it leaves the bodies. */
        private final int[] entered;
        private int enteredCount;

        Walk(SsaGraph graph, CongruencePartition classes, int variables) {
            this.graph = graph;
            this.classes = classes;
            representative = new Atom[variables];
            leader = new Atom.Var[classes.classCount()];
            entered = new int[variables];
        }

        int mark() {
            return enteredCount;
        }

        /** Unsets the leaders set since {@code mark}. */
        void leave(int mark) {
            while (enteredCount > mark) {
                leader[entered[--enteredCount]] = null;
            }
        }

        /** A variable's definition: it represents its class from here on, or is replaced by the one that does. */
        void meet(Atom.Var var) {
            int x = graph.node(var);
            if (graph.isConstant(x)) {
                representative[var.id()] = graph.constant(x);
                return;
            }
            int c = classes.classOf(x);
            if (leader[c] == null) {
                leader[c] = var;
                entered[enteredCount++] = c;
            } else {
                representative[var.id()] = leader[c];
            }
        }
    }

    /** The function with every replaced variable's uses replaced, and its let or parameter deleted. */
    private static Function replace(Nest nest, Atom[] representative) {
        boolean[] dropsParams = new boolean[nest.size()];
        boolean any = false;
        for (int node = Nest.ROOT + 1; node < nest.size(); node++) {
            dropsParams[node] = nest.params(node).exists(p -> representative[p.id()] != null);
            any |= dropsParams[node];
        }
        for (int node = 0; node < nest.size() && !any; node++) {
            any = nest.body(node).lets().exists(let -> replaced(let, representative));
        }
        if (!any) {
            return nest.function();
        }
        return nest.rewrite((node, body) -> {
            Vector<Let> lets = body.lets().exists(let -> replaced(let, representative))
                    ? body.lets().filter(let -> !replaced(let, representative)) : body.lets();
            lets = Images.map(lets, let -> let.mapAtoms(atom -> replacement(atom, representative)));
            int[] k = {0};
            Tail tail = body.tail().mapAtoms(atom -> replacement(atom, representative)).mapJumps(jump -> {
                int target = nest.target(node, k[0]++);
                return dropsParams[target]
                        ? jump.withArgs(kept(jump.args(), nest.params(target), representative)) : jump;
            });
            return body.with(lets, body.functions(), tail);
        }, (node, fn) -> dropsParams[node] ? fn.withParams(kept(fn.params(), fn.params(), representative)) : fn);
    }

    /** Whether the let's one variable is replaced, so the let goes. */
    private static boolean replaced(Let let, Atom[] representative) {
        return let.arity() == 1 && representative[let.var(0).id()] != null;
    }

    /** The items (arguments, or the parameters themselves) at the places of the parameters that stay. */
    private static <T> Vector<T> kept(Vector<T> items, Vector<Atom.Var> params, Atom[] representative) {
        Vector<T> kept = Vector.empty();
        for (int i = 0; i < params.size(); i++) {
            if (representative[params.get(i).id()] == null) {
                kept = kept.append(items.get(i));
            }
        }
        return kept;
    }

    private static Atom replacement(Atom atom, Atom[] representative) {
        return atom instanceof Atom.Var v && representative[v.id()] != null ? representative[v.id()] : atom;
    }
}
