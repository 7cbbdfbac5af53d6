package org.funssa.core.lir;

import io.vavr.control.Option;

/**
 * The types of LIR (seed 004, appendix; {@code ../shared/LIR.md}): integers {@code I8…I128}, floats
 * {@code F32…F128}, aggregates {@code A<bits>} and {@code UNKNOWN}, which only functions have.
 */
public sealed interface LirType permits LirType.Int, LirType.Float, LirType.Aggregate, LirType.Unknown {

    Int I8 = new Int(8);
    Int I16 = new Int(16);
    Int I32 = new Int(32);
    Int I64 = new Int(64);
    Int I128 = new Int(128);
    Float F32 = new Float(32);
    Float F64 = new Float(64);
    Float F128 = new Float(128);
    Unknown UNKNOWN = new Unknown();

    /** Size in bits; 0 for {@code UNKNOWN}. */
    int bits();

    /** Size in bytes, rounded up; 0 for {@code UNKNOWN}. */
    default int bytes() {
        return (bits() + 7) / 8;
    }

    /** An integer type of 8, 16, 32, 64 or 128 bits. */
    record Int(int bits) implements LirType {
        public Int {
            if (bits != 8 && bits != 16 && bits != 32 && bits != 64 && bits != 128) {
                throw new IllegalArgumentException("no integer type of " + bits + " bits");
            }
        }

        @Override
        public String toString() {
            return "I" + bits;
        }
    }

    /** A floating-point type of 32, 64 or 128 bits. */
    record Float(int bits) implements LirType {
        public Float {
            if (bits != 32 && bits != 64 && bits != 128) {
                throw new IllegalArgumentException("no float type of " + bits + " bits");
            }
        }

        @Override
        public String toString() {
            return "F" + bits;
        }
    }

    /** A block of memory of the given size in bits: structures, unions and arrays. */
    record Aggregate(int bits) implements LirType {
        public Aggregate {
            if (bits < 0) {
                throw new IllegalArgumentException("negative aggregate size " + bits);
            }
        }

        @Override
        public String toString() {
            return "A" + bits;
        }
    }

    /** The type of functions in a symbol table: they have an address, not a size. */
    record Unknown() implements LirType {
        @Override
        public int bits() {
            return 0;
        }

        @Override
        public String toString() {
            return "UNKNOWN";
        }
    }

    /** The type a LIR type name denotes, if it is one: {@code I32}, {@code F64}, {@code A192}, {@code UNKNOWN}. */
    static Option<LirType> named(String name) {
        if (name.equals("UNKNOWN")) {
            return Option.of(UNKNOWN);
        }
        if (name.length() < 2 || !name.substring(1).chars().allMatch(Character::isDigit) || name.length() > 10) {
            return Option.none();
        }
        int bits = Integer.parseInt(name.substring(1));
        return switch (name.charAt(0)) {
            case 'I' -> bits == 8 || bits == 16 || bits == 32 || bits == 64 || bits == 128
                    ? Option.of(new Int(bits)) : Option.none();
            case 'F' -> bits == 32 || bits == 64 || bits == 128 ? Option.of(new Float(bits)) : Option.none();
            case 'A' -> Option.of(new Aggregate(bits));
            default -> Option.none();
        };
    }
}
