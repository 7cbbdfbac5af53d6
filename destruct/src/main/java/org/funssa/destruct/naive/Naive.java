package org.funssa.destruct.naive;

/*
 * Source: seed 004 §5.1 (the naive back translation of Cytron et al.: copies at the end of each predecessor)
 * made correct as §5.2 requires: the copies of one edge form a parallel copy, sequentialized so that the
 * simple-ordering and swap problems (§5.2.2, Figures 5.3 and 5.8) cannot arise (Boissinot et al. CGO 2009,
 * Algorithm 1), and every edge leaving a branch or switch gets its own block (edge splitting), so that a copy
 * never lands where a parameter is still live on another edge (the lost-copy problem, §5.2.1, Figure 5.2).
 * In the nested IR the split block is a new parameterless local function defined in the body whose tail
 * branches: it is in scope there, and the target and the arguments are in scope inside it.
 */

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.core.names.NameSupply;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.cps.rewrite.Nest;
import org.funssa.destruct.parallel.ParallelCopy;
import org.funssa.destruct.parallel.Sequentialization;

/**
 * The naive method, made correct: a sequentialized parallel copy on every edge, edges out of branches and
 * switches split. Pass name {@code naive}.
 */
public final class Naive implements Destruction {

    @Override
    public String name() {
        return "naive";
    }

    @Override
    public DestructedFunction destruct(Function function) {
        Run run = new Run(function);
        Function rewritten = run.nest.rewrite(run::body);
        Function destructed = rewritten.withBody(rewritten.body(), run.variables.count());
        return new DestructedFunction(destructed, new CopyStats(run.copies, run.copies));
    }

    /**
     * One function's destruction. A block whose jumps all pass their targets' parameters already is kept as it
     * is: on a function without φs the output is the input, where every block used to be rebuilt around a new
     * jump, a copy of the whole function allocated for nothing.
     */
    private static final class Run {
        private final Nest nest;
        private final VarSupply variables;
        private final NameSupply labels;
        private final Map<Type, Atom.Var> temporaries = new HashMap<>();
        /** The temporary of a type that breaks cycles; made when the first cycle of that type is met. */
        private final java.util.function.Function<Type, Atom.Var> temporary;
        private int copies;

        Run(Function f) {
            nest = Nest.checked(f);
            variables = VarSupply.after(f);
            labels = nest.labelSupply();
            temporary = type -> temporaries.computeIfAbsent(type, t -> variables.fresh("tmp", t));
        }

        /** Block {@code b}: its body, whose jumps are jump 0, 1, … of the block in {@link Nest}'s order. */
        Body body(int b, Body body) {
            if (body.tail() instanceof Tail.Jump j) {
                return passesItsParameters(j, paramsOf(b, 0)) ? body
                        : new Body(body.lets().appendAll(copies(j, paramsOf(b, 0))), body.functions(),
                                aligned(j, paramsOf(b, 0)));
            }
            List<Fn> added = new ArrayList<>();
            int[] k = {0};
            Tail tail = body.tail().mapJumps(j -> {
                Vector<Atom.Var> params = paramsOf(b, k[0]++);
                Tail.Jump split = split(j, params);
                if (split != j) {
                    added.add(edge(j, split, params));
                }
                return split;
            });
            return added.isEmpty() ? body : new Body(body.lets(), body.functions().appendAll(added), tail);
        }

        /** The parameters of the block that jump {@code k} of block {@code b} goes to. */
        private Vector<Atom.Var> paramsOf(int b, int k) {
            return nest.params().get(nest.target(b, k));
        }

        /** The jump itself when it already passes the parameters, else a jump to a new split-edge block. */
        private Tail.Jump split(Tail.Jump jump, Vector<Atom.Var> params) {
            return passesItsParameters(jump, params) ? jump : new Tail.Jump(new Label(labels.fresh("edge")), Vector.empty());
        }

        /** Whether every argument is the parameter it is passed to (indexed: no iterator per edge). */
        private static boolean passesItsParameters(Tail.Jump jump, Vector<Atom.Var> params) {
            Vector<Atom> args = jump.args();
            for (int i = 0, n = params.size(); i < n; i++) {
                if (!params.get(i).equals(args.get(i))) {
                    return false;
                }
            }
            return true;
        }

        /** The split-edge block {@code to}'s target names: the copies of {@code jump}, then the aligned jump. */
        private Fn edge(Tail.Jump jump, Tail.Jump to, Vector<Atom.Var> params) {
            return new Fn(to.target(), Vector.empty(), Body.of(copies(jump, params), aligned(jump, params)));
        }

        private static Tail.Jump aligned(Tail.Jump jump, Vector<Atom.Var> params) {
            return new Tail.Jump(jump.target(), Vector.narrow(params));
        }

        /**
         * The copies that perform the jump's parallel copy, in order. The copy and its schedule are arrays, the
         * copies are built in an array and made a vector once, and counted in the same loop: a parallel-copy record,
         * the vectors of its moves and of their schedule, and the array made back from them were allocated for
         * every edge, then thrown away.
         */
        private Vector<Let> copies(Tail.Jump jump, Vector<Atom.Var> params) {
            ParallelCopy.Move[] moves = Sequentialization.schedule(ParallelCopy.moves(params, jump.args()), temporary);
            Let[] lets = new Let[moves.length];
            for (int i = 0; i < lets.length; i++) {
                ParallelCopy.Move m = moves[i];
                lets[i] = Let.of(m.destination(), new Expr.Copy(m.source()));
                if (!m.destination().type().equals(Type.MEM)) {
                    copies++;
                }
            }
            return Vector.of(lets);
        }
    }
}
