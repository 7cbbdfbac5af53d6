package org.funssa.psi.transform;

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.pass.Pass;
import org.funssa.psi.guard.GuardPartitions;

/*
 * ψ-permutation (seed 000 §"Psi-SSA algorithms" and §"Psi-normalize"): the order of a ψ's arguments matters only
 * between arguments whose guards may hold together, so two adjacent arguments with disjoint guards may be swapped.
 * The pass puts each ψ's arguments in the order of their definitions in the dominance tree, top to bottom, as a
 * normalized ψ has them ("the order of the arguments in a normalized-ψ operation is, from left to right, equal to
 * the order of their definitions"), moving an argument left only past arguments whose guards are disjoint from
 * its own: an insertion sort whose swaps are all proven (GuardPartitions.disjoint). Values not defined by a let or
 * parameter of the function (literals, addresses) count as defined first.
 */

/** ψ-permutation ({@code psiperm}). */
public final class PsiPermutation {

    /** The pass. */
    public static final Pass PASS = Pass.of("psiperm", PsiPermutation::apply);

    private PsiPermutation() {}

    /** The function with each ψ's arguments in definition order as far as disjoint guards allow. */
    public static Function apply(Function function) {
        GuardPartitions partitions = GuardPartitions.of(function);
        Map<Atom.Var, Long> order = new HashMap<>();
        long[] clock = {0};
        return DominanceOrder.rewrite(function, VarSupply.after(function), new DominanceOrder.Step() {
            @Override
            public void parameters(Vector<Atom.Var> params) {
                params.forEach(p -> order.put(p, clock[0]++));
            }

            @Override
            public void let(Let let, List<Let> out) {
                Let image = let.expr() instanceof Expr.Psi psi ? sorted(let, psi, order, partitions) : let;
                image.vars().forEach(v -> order.put(v, clock[0]++));
                out.add(image);
            }
        });
    }

    private static Let sorted(Let let, Expr.Psi psi, Map<Atom.Var, Long> order, GuardPartitions partitions) {
        Expr.Psi.Arg[] args = psi.args().toJavaArray(Expr.Psi.Arg[]::new);
        boolean moved = false;
        for (int i = 1; i < args.length; i++) {
            for (int j = i; j > 0 && rank(args[j - 1], order) > rank(args[j], order)
                    && partitions.disjoint(args[j - 1].guard(), args[j].guard()); j--) {
                Expr.Psi.Arg t = args[j - 1];
                args[j - 1] = args[j];
                args[j] = t;
                moved = true;
            }
        }
        return moved ? let.withExpr(new Expr.Psi(psi.type(), Vector.of(args))) : let;
    }

    private static long rank(Expr.Psi.Arg arg, Map<Atom.Var, Long> order) {
        return arg.value() instanceof Atom.Var v ? order.getOrDefault(v, -1L) : -1L;
    }
}
