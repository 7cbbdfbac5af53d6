package org.funssa.psi;

import io.vavr.control.Option;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;

/**
 * The lets a function's predicates are made of: the defining operation of every integer let, by variable, and
 * which i32 atoms are 0/1 predicates — a comparison, a {@code band}, {@code bor} or {@code bxor} of 0/1 atoms, a
 * literal 0 or 1. Guards are read through these definitions ({@link GuardAlgebra},
 * {@link org.funssa.psi.guard.GuardPaths}); a pass that builds guards asks which atoms need no normalizing
 * ({@link Predicates}). Computed in one walk down the nest: a definition comes before its uses in preorder.
 */
public final class PredicateDefinitions {

    private final Map<Integer, Expr.Prim> definitions = new HashMap<>();
    private final BitSet zeroOne = new BitSet();

    private PredicateDefinitions(Function function) {
        Nest nest = Nest.of(function);
        for (int node = 0; node < nest.size(); node++) {
            for (Let let : nest.body(node).lets()) {
                if (let.arity() == 1 && let.expr() instanceof Expr.Prim p && p.type().isInteger()) {
                    definitions.put(let.var(0).id(), p);
                    boolean logic = p.op() == Op.BAND || p.op() == Op.BOR || p.op() == Op.BXOR;
                    if (let.var(0).type().equals(Type.I32) && (p.op().kind() == Op.Kind.COMPARE
                            || logic && p.operands().forAll(this::isBoolean))) {
                        zeroOne.set(let.var(0).id());
                    }
                }
            }
        }
    }

    /** The definitions of the function's integer lets. */
    public static PredicateDefinitions of(Function function) {
        return new PredicateDefinitions(function);
    }

    /** The operation defining {@code a}, if it is a variable bound by an integer let. */
    public Option<Expr.Prim> definition(Atom a) {
        return a instanceof Atom.Var v ? Option.of(definitions.get(v.id())) : Option.none();
    }

    /** Whether {@code p} is an i32 known to be 0 or 1 (a comparison, a combination of such, a literal 0 or 1). */
    public boolean isBoolean(Atom p) {
        if (!p.type().equals(Type.I32)) {
            return false;
        }
        return switch (p) {
            case Atom.IntLit lit -> lit.value().signum() >= 0 && lit.value().bitLength() <= 1;
            case Atom.Var v -> zeroOne.get(v.id());
            default -> false;
        };
    }
}
