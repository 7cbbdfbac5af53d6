package org.funssa.psi.transform;

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.pass.Pass;
import org.funssa.psi.PredicateDefinitions;
import org.funssa.psi.Predicates;

/*
 * ψ-inlining, seed 000 §"Psi-SSA algorithms": "ψ-inlining will recursively replace in a ψ operation an argument
 * that is defined on another ψ operation by the arguments of this other ψ operation". An argument g?y with
 * y = ψ(h₁?b₁, …, hₖ?bₖ) becomes g∧h₁?b₁, …, g∧hₖ?bₖ, in place: where g holds, y is the rightmost bᵢ whose hᵢ holds,
 * which is what the inlined arguments select. Seed 000 Figure 2 is the example: y = ψ(1?x, q?c) with
 * x = ψ(p?a, p̄?b) becomes y = ψ(p?a, p̄?b, q?c). Lets are visited in dominance order, so an inlined ψ is already
 * inlined itself ("recursively"); a ψ defined under a guard is not inlined, nor one that would grow a ψ past
 * MAX_ARGUMENTS arguments.
 */

/** ψ-inlining ({@code psiinl}). */
public final class PsiInlining {

    /** The pass. */
    public static final Pass PASS = Pass.of("psiinl", PsiInlining::apply);

    /** No ψ grows past this many arguments by inlining. */
    public static final int MAX_ARGUMENTS = 64;

    private PsiInlining() {}

    /** The function with every ψ argument defined by an unguarded ψ replaced by that ψ's arguments. */
    public static Function apply(Function function) {
        VarSupply vars = VarSupply.after(function);
        Predicates predicates = new Predicates(PredicateDefinitions.of(function), vars);
        Map<Atom.Var, Expr.Psi> psis = new HashMap<>();
        return DominanceOrder.rewrite(function, vars, (let, out) -> {
            if (!(let.expr() instanceof Expr.Psi psi)) {
                out.add(let);
                return;
            }
            Vector<Expr.Psi.Arg> args = Vector.empty();
            boolean changed = false;
            for (Expr.Psi.Arg arg : psi.args()) {
                Expr.Psi inner = arg.value() instanceof Atom.Var y ? psis.get(y) : null;
                if (inner == null || args.size() + inner.args().size() > MAX_ARGUMENTS) {
                    args = args.append(arg);
                    continue;
                }
                for (Expr.Psi.Arg b : inner.args()) {
                    args = args.append(new Expr.Psi.Arg(predicates.and(arg.guard(), b.guard(), out), b.value()));
                }
                changed = true;
            }
            Let image = changed ? let.withExpr(new Expr.Psi(psi.type(), args)) : let;
            if (image.guard().isUnconditional()) {
                psis.put(image.var(0), (Expr.Psi) image.expr());
            }
            out.add(image);
        });
    }
}
