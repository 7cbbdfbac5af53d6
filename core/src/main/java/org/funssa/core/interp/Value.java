package org.funssa.core.interp;

import java.util.Arrays;
import org.funssa.core.lir.LirType;

/**
 * A typed LIR value as it crosses an interface: a library call's arguments and result, a function's
 * results, a constant being folded. Inside a running function values are unboxed (see {@link Arith}).
 */
public sealed interface Value permits Value.Int, Value.Float, Value.Block {

    LirType type();

    /**
     * An integer of type I8…I128: the value is {@code high·2^64 + unsigned(bits)}. {@code bits} holds the
     * value's low 64 bits, sign-extended from the type's width when that is at most 64 (and {@code high} is
     * then {@code bits}' sign), so a given value has exactly one representation; use {@link #unsigned()}
     * for the zero-extended view and {@link #int128()} for the whole value.
     */
    record Int(LirType.Int type, long bits, long high) implements Value {
        public Int {
            if (type.bits() <= 64) {
                bits = Arith.normalize(type.bits(), bits);
                high = bits >> 63;
            }
        }

        /** An integer of the type given as its low 64 bits, sign-extended for I128. */
        public Int(LirType.Int type, long bits) {
            this(type, bits, bits >> 63);
        }

        public static Int of(LirType.Int type, long bits) {
            return new Int(type, bits);
        }

        /** An I128 value. */
        public static Int of(Int128 value) {
            return new Int(LirType.I128, value.low(), value.high());
        }

        /** The value zero-extended from the type's width (for I128, the low 64 bits). */
        public long unsigned() {
            return Arith.zeroExtend(type.bits(), bits);
        }

        /** The value at 128 bits, sign-extended from the type's width. */
        public Int128 int128() {
            return new Int128(high, bits);
        }
    }

    /**
     * A float of type F32, F64 or F128. {@code exact} is the value (binary128 holds every F32 and F64 value
     * exactly); {@code value} is it as a double, rounded once for F128, the value itself for F32 (exactly
     * representable as float) and F64. The library sees {@code value}: C's {@code long double} on x86_64 is
     * the 80-bit extended format, not binary128, so an F128 passed to {@code printf}'s {@code %Lf} is
     * printed as its double.
     */
    record Float(LirType.Float type, double value, Float128 exact) implements Value {
        public Float {
            if (type.bits() == 128) {
                value = exact.toDouble();
            } else {
                value = type.bits() == 32 ? (float) value : value;
                exact = Float128.of(value);
            }
        }

        /** A float of the type given as a double (for F128, that double exactly). */
        public Float(LirType.Float type, double value) {
            this(type, value, Float128.of(value));
        }

        /** An F128 value. */
        public static Float of(Float128 value) {
            return new Float(LirType.F128, value.toDouble(), value);
        }
    }

    /** The bytes of an aggregate ({@code A<bits>}): a structure passed or returned by value. */
    record Block(LirType.Aggregate type, byte[] bytes) implements Value {
        public Block {
            bytes = bytes.clone();
            if (bytes.length != type.bytes()) {
                throw new IllegalArgumentException(bytes.length + " bytes for " + type);
            }
        }

        @Override
        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Block b && b.type.equals(type) && Arrays.equals(b.bytes, bytes);
        }

        @Override
        public int hashCode() {
            return type.hashCode() * 31 + Arrays.hashCode(bytes);
        }

        @Override
        public String toString() {
            return "Block[" + type + ", " + Arrays.toString(bytes) + "]";
        }
    }
}
