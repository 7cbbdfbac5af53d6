package org.funssa.cps.ir;

import java.math.BigInteger;

/**
 * An operand: let-normal form (seed 003, §6.1 "Let-Normal Form") allows only names and constants as
 * operands, so every intermediate result is bound by a {@link Let}.
 */
public sealed interface Atom permits Atom.Var, Atom.IntLit, Atom.FloatLit, Atom.Addr, Atom.Undef {

    Type type();

    /** A variable: a let-bound name or a parameter. Names are unique in their function. */
    record Var(String name, Type type) implements Atom {
        public Var {
            if (name.isEmpty()) {
                throw new IllegalArgumentException("a variable needs a name");
            }
        }

        /**
         * The record's equality, comparing the names' cached hashes first: two different names usually
         * differ there, and then their characters, elsewhere in memory, are not read. Destruction compares
         * variables in every parallel copy; in a function of 10^6 instructions most such reads missed the
         * cache. The hash code stays the record's.
         */
        @Override
        public boolean equals(Object other) {
            return this == other || other instanceof Var v && name.hashCode() == v.name.hashCode()
                    && name.equals(v.name) && type.equals(v.type);
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
