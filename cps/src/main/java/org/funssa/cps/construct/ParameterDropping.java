package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.Arrays;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.rewrite.Substitution;

/*
 * Seed 003 §6.2.2, parameter dropping, the second half of λ-dropping: a parameter p of local function
 * f is removed when every call site of f passes the same atom a, or p itself, and a is in scope at f's
 * definition (a constant, an address, ⊥, or a variable bound in a body that encloses f's definition);
 * uses of p become a, and the argument goes from every call site, to a fixpoint, groups of parameters in
 * irreducible loops included. The decision is AgreedParameters', asked here about a finished nest: this
 * file reads the nest for it and rebuilds the nest after it.
 *
 * The same engine, with ⊥ arguments matching any atom, is redundant-φ elimination
 * (RedundantPhiElimination).
 */

/** Parameter dropping: parameters that all call sites agree on become the atom they agree on. */
public final class ParameterDropping implements Pass {

    /** The pass of seed 003 §6.2.2. */
    public static final ParameterDropping PASS = new ParameterDropping("drop", false);

    private final String name;
    private final boolean bottomMatchesAny;

    ParameterDropping(String name, boolean bottomMatchesAny) {
        this.name = name;
        this.bottomMatchesAny = bottomMatchesAny;
    }

    @Override
    public String name() {
        return name;
    }

    /** The function with every droppable parameter dropped. */
    @Override
    public Function apply(Function function) {
        Nest index = Nest.of(function);
        AgreedParameters agreed = AgreedParameters.decide(new NestSites(index), name, bottomMatchesAny);
        return agreed.dropsAny() ? function.withBody(rebuild(index, agreed)) : function;
    }

    /**
     * The nest with the dropped parameters gone and every use of one replaced. What a drop does not touch is kept
     * as it is, shared with the input: construction drops few parameters, and a copy of every let would double the
     * memory the function takes while it is rebuilt. Uses are replaced by a substitution of the dropped parameters
     * alone.
     */
    private static Body rebuild(Nest index, AgreedParameters agreed) {
        Substitution uses = agreed.substitution();
        return index.rewrite(
                (node, body) -> body.with(uses.apply(body.lets()), body.functions(),
                        uses.apply(body.tail().mapJumps(j -> agreed.keptArguments(j, index.node(j.target()))))),
                (node, fn) -> agreed.dropsAt(node) ? fn.withParams(agreed.keptParams(node)) : fn)
                .body();
    }

    /** The nest of local functions as the decision reads it; where lets bind is read on the first scope question. */
    private static final class NestSites implements AgreedParameters.Sites {
        private final Nest index;
        /** The node binding each variable, by number; read on the first question. */
        private int[] binding;

        NestSites(Nest index) {
            this.index = index;
        }

        @Override
        public String function() {
            return index.function().name();
        }

        @Override
        public int size() {
            return index.size();
        }

        @Override
        public int varCount() {
            return index.function().varCount();
        }

        @Override
        public Vector<Atom.Var> params(int node) {
            return index.fn(node).params();
        }

        @Override
        public int jumpCount(int node) {
            return index.jumpCount(node);
        }

        @Override
        public int target(int node, int k) {
            return index.target(node, k);
        }

        @Override
        public Tail.Jump jump(int node, int k) {
            return index.body(node).tail().jump(k);
        }

        /**
         * Deciding most parameters needs no scope (two call sites disagree), and the lets are as many as the
         * function's instructions: they are read once, when a variable that is not a parameter is first asked about.
         */
        @Override
        public int bindingNode(Atom.Var v) {
            if (binding == null) {
                int[] at = new int[varCount()];
                Arrays.fill(at, -1);
                index.function().params().forEach(p -> bind(at, p, Nest.ROOT));
                for (int node = 0; node < index.size(); node++) {
                    for (Let let : index.body(node).lets()) {
                        for (int i = 0; i < let.arity(); i++) {
                            bind(at, let.var(i), node);
                        }
                    }
                }
                binding = at;
            }
            return v.id() < binding.length ? binding[v.id()] : -1;
        }

        private static void bind(int[] at, Atom.Var v, int node) {
            if (v.id() < at.length) {
                at[v.id()] = node;
            }
        }

        @Override
        public boolean strictlyEncloses(int outer, int inner) {
            return index.strictlyEncloses(outer, inner);
        }
    }
}
