package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.interp.Arith;
import org.funssa.core.interp.RuntimeTrap;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;

/*
 * Constant folding with the interpreter's own arithmetic, never a second copy of C's: a literal enters as the
 * value the IR interpreter gives it (an integer sign-extended from its width, an F32 literal rounded to float;
 * org.funssa.cps.interp.IrCompiler), the operation is core's Arith.evaluate, whose operators and conversions
 * are the ones both interpreters execute, and a trap (division or modulo by zero, MIN / -1) leaves the operation
 * unfolded: seed 004 §6.6, "Handling of division by 0 in constant folding", makes such a value indeterminate.
 * 128-bit values are not folded: the IR interpreter runs no I128 operation and computes F128 in double where
 * Arith computes binary128, so a folded value would not be sure to match what the program computes.
 */

/**
 * What an operator, a condition or a switch gives on literal operands, exactly as the IR interpreter computes
 * it, or none when it cannot be known from the literals or the operation would trap at run time.
 */
public final class Folding {

    private Folding() {}

    /**
     * The literal {@code (op type operands…)} evaluates to, of type {@code type}; none when an operand is not an
     * integer or float literal of at most 64 bits, the result is wider, or the operation traps (or is not defined
     * on these types, which the interpreter reports when it reaches it).
     */
    public static Option<Atom> evaluate(Op op, Type.Data type, Vector<Atom> operands) {
        if (type.lir().bits() > 64) {
            return Option.none();
        }
        Value[] values = new Value[operands.size()];
        for (int i = 0; i < values.length; i++) {
            Option<Value> value = value(operands.get(i));
            if (value.isEmpty()) {
                return Option.none();
            }
            values[i] = value.get();
        }
        try {
            return Option.some(literal(type, Arith.evaluate(op, type.lir(), Vector.of(values))));
        } catch (RuntimeTrap | IllegalArgumentException e) {
            return Option.none();
        }
    }

    /** Whether a branch or select on {@code condition} takes its true side; none unless it is an integer literal. */
    public static Option<Boolean> isTrue(Atom condition) {
        return integer(condition).map(v -> v != 0);
    }

    /**
     * The jump (its index in {@link Tail#jumps()}) a switch on {@code value} takes: the first case equal to it at
     * its width, else the default; none unless {@code value} is an integer literal.
     */
    public static Option<Integer> jumpTaken(Tail.Switch s, Atom value) {
        return integer(value).map(v -> {
            int bits = ((Type.Data) value.type()).lir().bits();
            Vector<Tail.Case> cases = s.cases();
            for (int k = 0; k < cases.size(); k++) {
                if (Arith.normalize(bits, cases.get(k).value().longValue()) == v) {
                    return k;
                }
            }
            return cases.size();
        });
    }

    /** An integer literal of at most 64 bits as the interpreter holds it: sign-extended from its width. */
    private static Option<Long> integer(Atom atom) {
        return atom instanceof Atom.IntLit i && i.type().lir().bits() <= 64
                ? Option.some(Arith.normalize(i.type().lir().bits(), i.value().longValue()))
                : Option.none();
    }

    /** A literal of at most 64 bits as the interpreter's value of it. */
    private static Option<Value> value(Atom atom) {
        return switch (atom) {
            case Atom.IntLit i when i.type().lir() instanceof LirType.Int t && t.bits() <= 64 ->
                    Option.some(new Value.Int(t, i.value().longValue()));
            case Atom.FloatLit x when x.type().lir() instanceof LirType.Float t && t.bits() <= 64 ->
                    Option.some(new Value.Float(t, x.value()));
            default -> Option.none();
        };
    }

    private static Atom literal(Type.Data type, Value value) {
        return switch (value) {
            case Value.Int i -> Atom.IntLit.of(type, i.bits());
            case Value.Float f -> new Atom.FloatLit(type, f.value());
            case Value.Block b -> throw new IllegalStateException("an operator yielded an aggregate: " + b);
        };
    }
}
