package org.funssa.cps.opt;

import io.vavr.control.Option;
import java.util.List;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Type;

/*
 * Seed 004 §6.2: the table of common subexpression elimination maps an expression "X op Y" to the variable that
 * names it; constants and calls are not entered, and expressions that read memory are entered only under the
 * simple alias analysis of chapter 7, which the IR has built in: a load names the memory version it reads, so two
 * loads of one version and one address are the same value. A key is the operator and the operand atoms (variables
 * compare by number), so it hashes a few words. Operands are put in a canonical order where the order does not
 * matter — the operands of a commutative operator, a comparison and its mirror image (a < b is b > a) — so that
 * c + b finds b + c, as the §6.2 example needs.
 */

/** An expression as common subexpression elimination's table holds it: equal keys, equal values. */
sealed interface ExpressionKey {

    /** A unary operator or a conversion. */
    record Unary(Op op, Type.Data type, Atom operand) implements ExpressionKey {}

    /** A binary operator or a comparison, its operands in canonical order where order does not matter. */
    record Binary(Op op, Type.Data type, Atom left, Atom right) implements ExpressionKey {}

    /** LIR's {@code IF}: pure, so two with the same operands agree. */
    record Select(Type.Data type, Atom condition, Atom ifTrue, Atom ifFalse) implements ExpressionKey {}

    /** A load of one memory version: its alignment and "no safe" marks do not change the value read. */
    record Load(Type.Data type, Atom mem, Atom address) implements ExpressionKey {}

    /** The operands, in the key's order. */
    default List<Atom> operands() {
        return switch (this) {
            case Unary u -> List.of(u.operand());
            case Binary b -> List.of(b.left(), b.right());
            case Select s -> List.of(s.condition(), s.ifTrue(), s.ifFalse());
            case Load l -> List.of(l.mem(), l.address());
        };
    }

    /**
     * The key of an expression the table may hold, or none: not for copies (§6.2 keeps them in the copy table),
     * stores and calls (they make a new memory version, and a call may do anything), ψs (merges, as φs are
     * not entered: seed 000 treats them with the rules of φs), volatile loads (each reads
     * anew), aggregates (copied whole by loads and stores, never named by a copy), nor any expression with a ⊥
     * operand (two ⊥ are not known to be the same value).
     */
    static Option<ExpressionKey> of(Expr expr) {
        return switch (expr) {
            case Expr.Prim p when scalar(p.type()) && defined(p) -> Option.some(p.operands().size() == 1
                    ? new Unary(p.op(), p.type(), p.operands().get(0))
                    : binary(p.op(), p.type(), p.operands().get(0), p.operands().get(1)));
            case Expr.Select s when scalar(s.type()) && defined(s) ->
                    Option.some(new Select(s.type(), s.condition(), s.ifTrue(), s.ifFalse()));
            case Expr.Load l when scalar(l.type()) && !l.access().isVolatile() && defined(l) ->
                    Option.some(new Load(l.type(), l.mem(), l.address()));
            case Expr.Prim p -> Option.none();
            case Expr.Select s -> Option.none();
            case Expr.Load l -> Option.none();
            case Expr.Copy c -> Option.none();
            case Expr.Store s -> Option.none();
            case Expr.Call c -> Option.none();
            case Expr.Psi s -> Option.none();
        };
    }

    /**
     * {@code left op right} with its operands in canonical order: swapped when the right one comes first, the
     * operator mirrored for an ordered comparison. Commutativity is used on integers only: IEEE addition and
     * multiplication commute in value, but not in which NaN operand's sign and payload they return.
     */
    private static Binary binary(Op op, Type.Data type, Atom left, Atom right) {
        if (comesFirst(right, left)) {
            Option<Op> swapped = withOperandsSwapped(op, type);
            if (swapped.isDefined()) {
                return new Binary(swapped.get(), type, right, left);
            }
        }
        return new Binary(op, type, left, right);
    }

    /** The operator that gives {@code b op a} from {@code a op b}, if there is one. */
    private static Option<Op> withOperandsSwapped(Op op, Type.Data type) {
        return switch (op) {
            case ADD, MUL, BAND, BOR, BXOR -> type.isInteger() ? Option.some(op) : Option.none();
            case TSTEQ, TSTNE -> Option.some(op);
            case TSTLTS -> Option.some(Op.TSTGTS);
            case TSTGTS -> Option.some(Op.TSTLTS);
            case TSTLES -> Option.some(Op.TSTGES);
            case TSTGES -> Option.some(Op.TSTLES);
            case TSTLTU -> Option.some(Op.TSTGTU);
            case TSTGTU -> Option.some(Op.TSTLTU);
            case TSTLEU -> Option.some(Op.TSTGEU);
            case TSTGEU -> Option.some(Op.TSTLEU);
            default -> Option.none();
        };
    }

    /**
     * The canonical order of operands: variables by number, then the other atoms by hash. Two different
     * constants with one hash are left as written: a missed match, never a wrong one.
     */
    private static boolean comesFirst(Atom a, Atom b) {
        return switch (a) {
            case Atom.Var x -> !(b instanceof Atom.Var y) || x.id() < y.id();
            default -> !(b instanceof Atom.Var) && a.hashCode() < b.hashCode();
        };
    }

    private static boolean scalar(Type.Data type) {
        return type.isInteger() || type.isFloat();
    }

    /** Whether no operand is ⊥ (read by index: no vector made per let). */
    private static boolean defined(Expr expr) {
        for (int i = 0, n = expr.operandCount(); i < n; i++) {
            if (expr.operand(i) instanceof Atom.Undef) {
                return false;
            }
        }
        return true;
    }
}
