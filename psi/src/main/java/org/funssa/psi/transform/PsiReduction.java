package org.funssa.psi.transform;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.pass.Pass;
import org.funssa.psi.Predicates;
import org.funssa.psi.guard.GuardPartitions;

/*
 * ψ-reduction, seed 000 §"Psi-SSA algorithms": it "will remove from a ψ operation an argument whose value will
 * always be overridden by arguments on its right in the argument list, because the domain of the predicate
 * associated with this argument is included in the union of the domains of the predicates associated with the
 * arguments on its right" (GuardPartitions.coveredBy); an argument whose guard is the literal 0 never contributes
 * either. A ψ left with one argument whose guard always holds is a copy of it.
 */

/** ψ-reduction ({@code psired}). */
public final class PsiReduction {

    /** The pass. */
    public static final Pass PASS = Pass.of("psired", PsiReduction::apply);

    private PsiReduction() {}

    /** The function with every ψ argument that a later argument always overrides removed. */
    public static Function apply(Function function) {
        GuardPartitions partitions = GuardPartitions.of(function);
        return DominanceOrder.rewrite(function, VarSupply.after(function), (let, out) -> {
            if (!(let.expr() instanceof Expr.Psi psi)) {
                out.add(let);
                return;
            }
            Vector<Expr.Psi.Arg> kept = Vector.empty();
            Vector<Atom> right = Vector.empty();
            for (int i = psi.args().size() - 1; i >= 0; i--) {
                Expr.Psi.Arg arg = psi.args().get(i);
                boolean never = Predicates.isFalse(arg.guard());
                boolean overridden = !right.isEmpty() && partitions.coveredBy(arg.guard(), right);
                if ((never || overridden) && !(kept.isEmpty() && i == 0)) {
                    continue;
                }
                kept = kept.prepend(arg);
                right = right.append(arg.guard());
            }
            if (kept.size() == 1 && (Predicates.isTrue(kept.head().guard()) || partitions.exhaustive(right))) {
                out.add(let.withExpr(new Expr.Copy(kept.head().value())));
            } else {
                out.add(kept.size() == psi.args().size() ? let : let.withExpr(new Expr.Psi(psi.type(), kept)));
            }
        });
    }
}
