package org.funssa.psi.transform;

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.pass.Pass;
import org.funssa.psi.guard.GuardPartitions;

/*
 * ψ-projection, seed 000 §"Psi-SSA algorithms": it "will create from a ψ operation new ψ operations for uses in
 * operations guarded by different predicates. Each new ψ operation is created as the projection on a given
 * predicate of the original ψ operation. In this new ψ operation, arguments whose associated predicate has a
 * domain that is disjoint with the domain of the predicate on which the projection is performed actually
 * contribute no value to the ψ operation and thus are removed." The guarded uses are the operands of a predicated
 * let (guard q) and the values of ψ arguments (guard q). A projection left with one argument h?b whose guard q
 * implies is b itself; any other projection is a new ψ placed just before the use.
 */

/** ψ-projection ({@code psiproj}). */
public final class PsiProjection {

    /** The pass. */
    public static final Pass PASS = Pass.of("psiproj", PsiProjection::apply);

    private PsiProjection() {}

    /** The function with every guarded use of a ψ replaced by the ψ's projection on the use's guard. */
    public static Function apply(Function function) {
        VarSupply vars = VarSupply.after(function);
        GuardPartitions partitions = GuardPartitions.of(function);
        Map<Atom.Var, Expr.Psi> psis = new HashMap<>();
        return DominanceOrder.rewrite(function, vars, (let, out) -> {
            Let image = let;
            if (let.expr() instanceof Expr.Psi psi) {
                Vector<Expr.Psi.Arg> args = psi.args().map(arg -> new Expr.Psi.Arg(arg.guard(),
                        project(arg.value(), arg.guard(), psis, partitions, vars, out)));
                if (!args.equals(psi.args())) {
                    image = let.withExpr(new Expr.Psi(psi.type(), args));
                }
            } else if (let.guard() instanceof Guard.When(Atom q)) {
                image = let.withExpr(let.expr().mapAtoms(a -> project(a, q, psis, partitions, vars, out)));
            }
            if (image.expr() instanceof Expr.Psi psi && image.guard().isUnconditional()) {
                psis.put(image.var(0), psi);
            }
            out.add(image);
        });
    }

    /** The value of {@code atom} where {@code q} holds, without the ψ arguments disjoint from {@code q}. */
    private static Atom project(Atom atom, Atom q, Map<Atom.Var, Expr.Psi> psis, GuardPartitions partitions,
                                VarSupply vars, List<Let> out) {
        Expr.Psi psi = atom instanceof Atom.Var x ? psis.get(x) : null;
        if (psi == null) {
            return atom;
        }
        Vector<Expr.Psi.Arg> kept = psi.args().filter(arg -> !partitions.disjoint(arg.guard(), q));
        if (kept.size() == psi.args().size() || kept.isEmpty()) {
            return atom;
        }
        if (kept.size() == 1 && partitions.implies(q, kept.head().guard())) {
            return kept.head().value();
        }
        Atom.Var x = (Atom.Var) atom;
        Atom.Var projected = vars.fresh(x.hint(), x.type());
        out.add(Let.of(projected, new Expr.Psi(psi.type(), kept)));
        return projected;
    }
}
