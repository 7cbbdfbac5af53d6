package org.funssa.destruct.conventional;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.psi.PsiForm;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.text.VarNames;

/**
 * Conventional form, what every destruction method produces (seed 003 §6.2 "Destruction of SSA": "converting
 * a functional program with arbitrary argument lists into one whose argument lists and formal parameter
 * lists coincide for each function"): every jump passes exactly the target's parameters, the same variables, so that
 * parameters and arguments can be erased and the lets read as plain assignments. Such a program may bind
 * a name more than once (the copies assign parameters), which SSA form forbids.
 */
public final class Conventional {

    private Conventional() {}

    /** The first jump of the program whose arguments are not its target's parameters, described. */
    public static Option<String> violation(Program program) {
        for (Function f : program.functions()) {
            Option<String> v = violation(f);
            if (v.isDefined()) {
                return v;
            }
        }
        return Option.none();
    }

    /** The first jump of the function whose arguments are not its target's parameters, described. */
    public static Option<String> violation(Function function) {
        if (PsiForm.isPsiSsa(function)) {
            return Option.of("function " + function.name() + " holds ψ-SSA code (a ψ or a predicated let); "
                    + "take it out of ψ-SSA first (any destruction pass does: OutOfPsiSsa)");
        }
        Nest nest = Nest.of(function);
        for (int node = 0; node < nest.size(); node++) {
            for (int k = 0; k < nest.jumpCount(node); k++) {
                Tail.Jump jump = nest.body(node).tail().jump(k);
                int target = nest.target(node, k);
                if (target < 0 || !jump.args().equals(nest.params(target))) {
                    String where = node == Nest.ROOT ? "its entry" : "block " + nest.fn(node).label().name();
                    return Option.of("function " + function.name() + ", " + where + ": the jump to "
                            + jump.target().name() + " passes " + show(jump.args(), function) + " but "
                            + (target < 0 ? "no local function has that label"
                                    : "its parameters are " + show(nest.params(target), function))
                            + "; the program is not in conventional form (run a destruction pass first)");
                }
            }
        }
        return Option.none();
    }

    /** The atoms as the printer writes them in the function. */
    private static String show(Vector<? extends Atom> atoms, Function function) {
        VarNames names = VarNames.of(function);
        return atoms.map(a -> switch (a) {
            case Atom.Var v -> names.name(v);
            default -> IrPrinter.print(a);
        }).mkString("(", ", ", ")");
    }
}
