package org.funssa.destruct.conventional;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
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
        Map<String, Vector<Atom.Var>> params = new HashMap<>();
        Map<Body, String> owner = new java.util.IdentityHashMap<>();
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(function.body());
        Vector<Body> bodies = Vector.empty();
        while (!stack.isEmpty()) {
            Body body = stack.pop();
            bodies = bodies.append(body);
            for (Fn fn : body.functions()) {
                params.put(fn.label().name(), fn.params());
                owner.put(fn.body(), fn.label().name());
                stack.push(fn.body());
            }
        }
        for (Body body : bodies) {
            for (Tail.Jump jump : body.tail().jumps()) {
                Vector<Atom.Var> expected = params.get(jump.target().name());
                if (expected == null || !jump.args().equals(expected)) {
                    String where = owner.containsKey(body) ? "block " + owner.get(body) : "its entry";
                    return Option.of("function " + function.name() + ", " + where + ": the jump to "
                            + jump.target().name() + " passes " + show(jump.args(), function) + " but "
                            + (expected == null ? "no local function has that label"
                                    : "its parameters are " + show(expected, function))
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
