package org.funssa.cps.ir;

import java.math.BigInteger;

/**
 * An operand: let-normal form (seed 003, §6.1 "Let-Normal Form") allows only names and constants as
 * operands, so every intermediate result is bound by a {@link Let}.
 */
public sealed interface Atom permits Atom.Var, Atom.IntLit, Atom.FloatLit, Atom.Addr, Atom.Undef {

    Type type();

    /**
     * A variable: a let-bound value or a parameter, identified by a number unique in its function (MLton's
     * {@code Var}, Cranelift's {@code Value}); {@code hint} is the name it is printed after — the LIR register it
     * stands for, or what a pass made it for — and {@code type} its type. Two variables are equal when their
     * numbers are, whatever their hints: {@code org.funssa.cps.text.VarNames} makes printable names unique,
     * {@link VarSupply} hands out new numbers, and side tables are arrays indexed by number
     * ({@link Function#varCount()} long).
     */
    record Var(int id, String hint, Type type) implements Atom {
        public Var {
            if (id < 0) {
                throw new IllegalArgumentException("a variable's number is not negative: " + id);
            }
            if (hint.isEmpty()) {
                throw new IllegalArgumentException("a variable needs a hint to be printed after");
            }
            java.util.Objects.requireNonNull(type, "a variable needs a type");
        }

        /** Equal by number alone. */
        @Override
        public boolean equals(Object other) {
            return this == other || other instanceof Var v && id == v.id;
        }

        @Override
        public int hashCode() {
            return id;
        }

        /** The hint and the number, {@code x#3}: a function's text prints {@link VarNames} instead. */
        @Override
        public String toString() {
            return hint + "#" + id;
        }
    }

    /** An integer constant of an integer type; the value is kept as written (signed or unsigned). */
    record IntLit(Type.Data type, BigInteger value) implements Atom {
        public IntLit {
            if (!type.isInteger()) {
                throw new IllegalArgumentException("an integer literal needs an integer type, not " + type);
            }
        }

        public static IntLit of(Type.Data type, long value) {
            return new IntLit(type, BigInteger.valueOf(value));
        }
    }

    /** A floating-point constant; F128 values are held as doubles, as in the LIR model. */
    record FloatLit(Type.Data type, double value) implements Atom {
        public FloatLit {
            if (!type.isFloat()) {
                throw new IllegalArgumentException("a float literal needs a float type, not " + type);
            }
        }
    }

    /**
     * The address of a symbol: a static symbol of the module (data or function; LIR {@code STATIC}) or a
     * frame slot of the current function (LIR {@code FRAME}). The type is the address type (I64 on x86_64).
     */
    record Addr(Space space, String symbol, Type.Data type) implements Atom {
        public Addr {
            if (!type.isInteger()) {
                throw new IllegalArgumentException("an address needs an integer type, not " + type);
            }
        }

        public static Addr ofStatic(String symbol) {
            return new Addr(Space.STATIC, symbol, Type.I64);
        }

        public static Addr ofFrame(String symbol) {
            return new Addr(Space.FRAME, symbol, Type.I64);
        }
    }

    /** Where an {@link Addr}'s symbol lives. */
    enum Space { STATIC, FRAME }

    /**
     * ⊥: the value of a variable read before any definition (seed 004 §6.6). Not zero: a folding pass must
     * not assume any particular value for it.
     */
    record Undef(Type type) implements Atom {}

    /** The integer literal {@code value} of type {@code I32}. */
    static IntLit i32(long value) {
        return IntLit.of(Type.I32, value);
    }

}
