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
     * An integer of type I8…I64. {@code bits} holds the value sign-extended from the type's width, so a
     * given value has exactly one representation; use {@link #unsigned()} for the zero-extended view.
     */
    record Int(LirType.Int type, long bits) implements Value {
        public Int {
            if (type.bits() > 64) {
                throw new IllegalArgumentException("I128 values are not supported by the interpreter");
            }
            bits = Arith.normalize(type.bits(), bits);
        }

        public static Int of(LirType.Int type, long bits) {
            return new Int(type, bits);
        }

        /** The value zero-extended from the type's width. */
        public long unsigned() {
            return Arith.zeroExtend(type.bits(), bits);
        }
    }

    /** A float of type F32 or F64 (F128 is held as a double); an F32 value is exactly representable as float. */
    record Float(LirType.Float type, double value) implements Value {
        public Float {
            if (type.bits() == 32) {
                value = (float) value;
            }
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
