package org.funssa.psi;

import io.vavr.control.Option;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.rewrite.Nest;

/** Whether a program holds ψ-SSA code: a ψ-function or a predicated let (seed 000). */
public final class PsiForm {

    private PsiForm() {}

    /** Whether some function of the program holds a ψ or a predicated let. */
    public static boolean isPsiSsa(Program program) {
        return program.functions().exists(PsiForm::isPsiSsa);
    }

    /** Whether the function holds a ψ or a predicated let. */
    public static boolean isPsiSsa(Function function) {
        return firstPsiLet(function).isDefined();
    }

    /** The first ψ or predicated let of the function in the nest's preorder, if any. */
    public static Option<Let> firstPsiLet(Function function) {
        Nest nest = Nest.of(function);
        for (int node = 0; node < nest.size(); node++) {
            Body body = nest.body(node);
            for (Let let : body.lets()) {
                if (let.isGuarded() || let.expr() instanceof Expr.Psi) {
                    return Option.of(let);
                }
            }
        }
        return Option.none();
    }
}
