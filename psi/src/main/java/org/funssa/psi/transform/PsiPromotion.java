package org.funssa.psi.transform;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.pass.Pass;
import org.funssa.psi.Predicates;
import org.funssa.psi.guard.GuardPartitions;

/*
 * ψ-predicate promotion, seed 001 §3.1 (and seed 000 §"Psi-SSA algorithms"): the guard of a ψ argument may be
 * replaced by a larger one when
 *   Condition 1: the domain of the guard of the argument's definition contains the new guard (for p? x = …,
 *                y = ψ(…, q?x, …): q ⊆ p), speculating the definition first if need be, and
 *   Condition 2: the new guard pᵢ' ⊆ ∪ₖ₌ᵢⁿ pₖ, the guards of the argument and of those on its right.
 * The pass makes the seed's common case: "the first argument of a ψ operation can usually be promoted under the
 * TRUE predicate, provided that speculation can be applied". The first argument's guard becomes 1 when the
 * union of all the ψ's guards always holds (Condition 2 with i = 1, GuardPartitions.exhaustive) and its definition
 * is unguarded, or predicated but safe to speculate (Expr.mayTrap), in which case it is speculated (Condition 1).
 */

/** ψ-predicate promotion ({@code psiprom}). */
public final class PsiPromotion {

    /** The pass. */
    public static final Pass PASS = Pass.of("psiprom", PsiPromotion::apply);

    private static final Atom TRUE = Atom.i32(1);

    private PsiPromotion() {}

    /** The function with the first argument of every exhaustive ψ promoted to the true guard. */
    public static Function apply(Function function) {
        GuardPartitions partitions = GuardPartitions.of(function);
        Map<Atom.Var, Let> definitions = new HashMap<>();
        Set<Atom.Var> speculate = new HashSet<>();
        Function promoted = DominanceOrder.rewrite(function, VarSupply.after(function), (let, out) -> {
            Let image = let;
            if (let.expr() instanceof Expr.Psi psi && !Predicates.isTrue(psi.args().head().guard())
                    && partitions.exhaustive(psi.args().map(Expr.Psi.Arg::guard))) {
                Atom first = psi.args().head().value();
                Let definition = first instanceof Atom.Var v ? definitions.get(v) : null;
                boolean unguarded = definition == null || definition.guard().isUnconditional();
                if (unguarded || !definition.expr().mayTrap()) {
                    if (!unguarded) {
                        speculate.add((Atom.Var) first);
                    }
                    image = let.withExpr(new Expr.Psi(psi.type(),
                            psi.args().update(0, new Expr.Psi.Arg(TRUE, first))));
                }
            }
            image.vars().forEach(v -> definitions.put(v, let));
            out.add(image);
        });
        if (speculate.isEmpty()) {
            return promoted;
        }
        return DominanceOrder.rewrite(promoted, VarSupply.after(promoted), (let, out) ->
                out.add(let.arity() > 0 && speculate.contains(let.var(0)) ? let.withGuard(Guard.SPECULATED) : let));
    }
}
