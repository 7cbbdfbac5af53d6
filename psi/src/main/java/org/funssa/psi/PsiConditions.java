package org.funssa.psi;

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.VarNames;

/**
 * The condition every ψ-SSA pass keeps, checked statically: seed 001 §3.1's Condition 1, "the domain of the
 * predicate used on the definition of this argument must contain the domain of the new predicate associated with
 * this argument" — for {@code p ? x = …} and {@code y = ψ(…, q ? x, …)}, {@code q ⊆ p}. It is what makes a ψ
 * never select a value whose definition did not execute (the interpreter checks the same at run time). A pass
 * that claims it (if-conversion and the ψ transformations do) is tested with {@link #unproven}.
 */
public final class PsiConditions {

    private PsiConditions() {}

    /** Each ψ argument whose guard the {@link GuardAlgebra} cannot prove to imply its definition's, described. */
    public static Vector<String> unproven(Function function) {
        Nest nest = Nest.of(function);
        Map<Atom.Var, Atom> guards = new HashMap<>();
        for (int node = 0; node < nest.size(); node++) {
            for (Let let : nest.body(node).lets()) {
                if (let.guard() instanceof Guard.When(Atom p)) {
                    let.vars().forEach(v -> guards.put(v, p));
                }
            }
        }
        GuardAlgebra algebra = GuardAlgebra.of(function);
        VarNames names = VarNames.of(function);
        Vector<String> unproven = Vector.empty();
        for (int node = 0; node < nest.size(); node++) {
            Body body = nest.body(node);
            for (Let let : body.lets()) {
                if (!(let.expr() instanceof Expr.Psi psi)) {
                    continue;
                }
                for (int i = 0; i < psi.args().size(); i++) {
                    Expr.Psi.Arg arg = psi.args().get(i);
                    Atom definedUnder = arg.value() instanceof Atom.Var v ? guards.get(v) : null;
                    if (definedUnder != null && !algebra.implies(arg.guard(), definedUnder)) {
                        unproven = unproven.append("function " + function.name() + ", ψ defining "
                                + names.name(let.var(0)) + ": argument " + (i + 1) + " is guarded by "
                                + show(arg.guard(), names) + ", not proven to imply " + show(definedUnder, names)
                                + ", the guard of its definition (seed 001 Condition 1)");
                    }
                }
            }
        }
        return unproven;
    }

    private static String show(Atom a, VarNames names) {
        return a instanceof Atom.Var v ? names.name(v) : a.toString();
    }
}
