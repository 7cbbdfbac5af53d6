package org.funssa.psi;

import io.vavr.collection.Vector;
import java.math.BigInteger;
import java.util.BitSet;
import java.util.List;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.opt.Folding;

/**
 * Makes predicates as lets, for a pass that builds guards: a 0/1 predicate from any integer ({@code tstne x 0}), a
 * negation ({@code tsteq p 0}), a conjunction ({@code band} of two 0/1 predicates), a disjunction ({@code bor}) and
 * a switch case ({@code tsteq v k}). It knows which atoms are
 * 0/1: those the function defines so ({@link PredicateDefinitions}) and those it made.
 */
public final class Predicates {

    private final PredicateDefinitions definitions;
    private final VarSupply vars;
    private final BitSet made = new BitSet();

    public Predicates(PredicateDefinitions definitions, VarSupply vars) {
        this.definitions = definitions;
        this.vars = vars;
    }

    /** Whether {@code p} is 0 or 1. */
    public boolean isBoolean(Atom p) {
        return p instanceof Atom.Var v && made.get(v.id()) || definitions.isBoolean(p);
    }

    /** {@code p} as a 0/1 predicate: itself, or {@code p ≠ 0} appended to {@code out}. */
    public Atom normalized(Atom p, String hint, List<Let> out) {
        if (isBoolean(p)) {
            return p;
        }
        return made(hint, new Expr.Prim(Op.TSTNE, Type.I32, Vector.of(p, Atom.IntLit.of((Type.Data) p.type(), 0))),
                out);
    }

    /** {@code ¬p} for a 0/1 {@code p}, appended to {@code out}. */
    public Atom.Var not(Atom p, List<Let> out) {
        return made("not_" + hint(p), new Expr.Prim(Op.TSTEQ, Type.I32, Vector.of(p, Atom.IntLit.of(Type.I32, 0))),
                out);
    }

    /** {@code p ∧ q}: one of them when the other is a true literal, else a {@code band} appended to {@code out}. */
    public Atom and(Atom p, Atom q, List<Let> out) {
        if (isTrue(q)) {
            return p;
        }
        if (isTrue(p)) {
            return q;
        }
        Atom a = normalized(p, "p", out);
        Atom b = normalized(q, "q", out);
        return made(hint(a) + "_and_" + hint(b), new Expr.Prim(Op.BAND, Type.I32, Vector.of(a, b)), out);
    }

    /** {@code v = k} for a switch value and one of its cases, appended to {@code out}. */
    public Atom.Var equal(Atom v, BigInteger k, List<Let> out) {
        return made(hint(v) + "_is_" + k, new Expr.Prim(Op.TSTEQ, Type.I32,
                Vector.of(v, new Atom.IntLit((Type.Data) v.type(), k))), out);
    }

    /** {@code p₁ ∨ … ∨ pₙ} of 0/1 predicates ({@code bor} lets appended to {@code out}); 0 for none. */
    public Atom any(Vector<Atom> ps, List<Let> out) {
        Atom any = ps.isEmpty() ? Atom.IntLit.of(Type.I32, 0) : ps.head();
        for (Atom p : ps.tail()) {
            any = made("any", new Expr.Prim(Op.BOR, Type.I32, Vector.of(any, p)), out);
        }
        return any;
    }

    /** Whether {@code p} is a literal that holds (at its type's width, as the interpreter reads it). */
    public static boolean isTrue(Atom p) {
        return Folding.isTrue(p).getOrElse(false);
    }

    /** Whether {@code p} is a literal that does not hold. */
    public static boolean isFalse(Atom p) {
        return !Folding.isTrue(p).getOrElse(true);
    }

    /** The atom a predicate is printed after. */
    public static String hint(Atom p) {
        return p instanceof Atom.Var v ? v.hint() : "p";
    }

    private Atom.Var made(String hint, Expr expr, List<Let> out) {
        Atom.Var v = vars.fresh(hint, Type.I32);
        out.add(Let.of(v, expr));
        made.set(v.id());
        return v;
    }
}
