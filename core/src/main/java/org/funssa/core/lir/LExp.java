package org.funssa.core.lir;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.Deque;

/**
 * A value-producing L-expression: constants, addresses, registers, memory, operators and {@code IF}.
 * Every node carries its LIR type. Statements ({@code SET}, jumps, {@code CALL}, …) are {@link Stmt}s.
 *
 * <p>Nodes are records: equality is structural, and nothing is mutable or {@code null}.
 */
public sealed interface LExp
        permits LExp.IntConst, LExp.FloatConst, LExp.Static, LExp.Frame, LExp.Reg, LExp.Subreg,
                LExp.Label, LExp.Mem, LExp.Binary, LExp.Unary, LExp.If {

    LirType type();

    /**
     * {@code (INTCONST t n)}. The value is kept as written; the reader accepts any value that fits the
     * type as a signed or as an unsigned number (so {@code (INTCONST I64 18446744073709551615)} is -1).
     */
    record IntConst(LirType.Int type, BigInteger value) implements LExp {
        public static IntConst of(LirType.Int type, long value) {
            return new IntConst(type, BigInteger.valueOf(value));
        }

        /** The value as the low 64 bits, two's complement. */
        public long bits() {
            return value.longValue();
        }
    }

    /** {@code (FLOATCONST t x)}; F128 values are held as doubles. */
    record FloatConst(LirType.Float type, double value) implements LExp {}

    /** {@code (STATIC t "s")}: the address of a global symbol. */
    record Static(LirType type, String name) implements LExp {}

    /** {@code (FRAME t "s")}: the address of a frame slot of the current call. */
    record Frame(LirType type, String name) implements LExp {}

    /** {@code (REG t "r")}: the value of a register (a read, or a write target under {@code SET}). */
    record Reg(LirType type, String name) implements LExp {}

    /** {@code (SUBREG t (REG …) n)}: the n-th part of size t of a register. */
    record Subreg(LirType type, LExp register, int index) implements LExp {}

    /** {@code (LABEL t "l")}: a code location in the current function. */
    record Label(LirType type, String name) implements LExp {}

    /**
     * {@code (MEM t addr [&V] [&N] [&align n])}: the t-typed object at addr. {@code &V} marks a volatile
     * access, {@code &N} one that may not be moved ("no safe"), {@code &align n} a known alignment.
     */
    record Mem(LirType type, LExp address, boolean isVolatile, boolean noSafe, Option<Integer> align)
            implements LExp {
        public static Mem of(LirType type, LExp address) {
            return new Mem(type, address, false, false, Option.none());
        }
    }

    /** A binary operator: arithmetic, shift or comparison ({@link Op#arity()} is 2). */
    record Binary(Op op, LirType type, LExp left, LExp right) implements LExp {
        public Binary {
            if (op.arity() != 2) {
                throw new IllegalArgumentException(op + " is not binary");
            }
        }
    }

    /** A unary operator: {@code NEG}, {@code BNOT} or a conversion. */
    record Unary(Op op, LirType type, LExp operand) implements LExp {
        public Unary {
            if (op.arity() != 1) {
                throw new IllegalArgumentException(op + " is not unary");
            }
        }
    }

    /** {@code (IF t c a b)}: a if c is not zero, else b. */
    record If(LirType type, LExp condition, LExp then, LExp otherwise) implements LExp {}

    /** The direct operands of a node, in order. */
    default Vector<LExp> operands() {
        return switch (this) {
            case IntConst c -> Vector.empty();
            case FloatConst c -> Vector.empty();
            case Static s -> Vector.empty();
            case Frame f -> Vector.empty();
            case Reg r -> Vector.empty();
            case Label l -> Vector.empty();
            case Subreg s -> Vector.of(s.register());
            case Mem m -> Vector.of(m.address());
            case Binary b -> Vector.of(b.left(), b.right());
            case Unary u -> Vector.of(u.operand());
            case If i -> Vector.of(i.condition(), i.then(), i.otherwise());
        };
    }

    /**
     * Pushes the direct operands onto a work stack in order, the last on top: what
     * {@code operands().forEach(stack::push)} does, without building the vector (walks over every
     * expression of a function call this once per node).
     */
    default void pushOperands(Deque<LExp> stack) {
        switch (this) {
            case Subreg s -> stack.push(s.register());
            case Mem m -> stack.push(m.address());
            case Binary b -> {
                stack.push(b.left());
                stack.push(b.right());
            }
            case Unary u -> stack.push(u.operand());
            case If i -> {
                stack.push(i.condition());
                stack.push(i.then());
                stack.push(i.otherwise());
            }
            case IntConst c -> { }
            case FloatConst c -> { }
            case Static s -> { }
            case Frame f -> { }
            case Reg r -> { }
            case Label l -> { }
        }
    }
}
