package org.funssa.core.interp;

import java.util.Arrays;
import org.funssa.core.lir.LirType;

/**
 * Values in flight between evaluation and assignment: call arguments, results, and the right-hand sides
 * of PHI and PARALLEL, which are all evaluated before any target is assigned. Each value is a shape with
 * raw bits (an integer's canonical bits, a float's double bits; for I128 and F128 the low 64 bits, with the
 * high 64 in {@code high}) or, for an aggregate, a copy of its bytes. An INT value's {@code high} is its
 * sign, so any integer reads as 128 bits by {@code (high, raw)}.
 */
final class Transfer {
    Target.Shape[] shapes = new Target.Shape[8];
    long[] raw = new long[8];
    long[] high = new long[8];
    byte[][] blocks = new byte[8][];
    int count;

    void clear() {
        count = 0;
    }

    void ensure(int n) {
        if (n > raw.length) {
            int size = Math.max(n, raw.length * 2);
            shapes = Arrays.copyOf(shapes, size);
            raw = Arrays.copyOf(raw, size);
            high = Arrays.copyOf(high, size);
            blocks = Arrays.copyOf(blocks, size);
        }
    }

    void add(Target.Shape shape, long bits, byte[] block) {
        ensure(count + 1);
        shapes[count] = shape;
        raw[count] = bits;
        high[count] = bits >> 63;
        blocks[count] = block;
        count++;
    }

    void add(Int128 v) {
        add(Target.Shape.INT128, v.low(), null);
        high[count - 1] = v.high();
    }

    void add(Float128 v) {
        add(Target.Shape.FLOAT128, v.low(), null);
        high[count - 1] = v.high();
    }

    /** Value i as the I128 value (an INT value sign-extended). */
    Int128 int128(int i) {
        return new Int128(high[i], raw[i]);
    }

    /** Value i of shape FLOAT128. */
    Float128 float128(int i) {
        return new Float128(high[i], raw[i]);
    }

    /** Value i as a typed value; {@code type} gives an INT or FLOAT value's width. */
    Value value(int i, LirType type) {
        return switch (shapes[i]) {
            case INT -> type instanceof LirType.Int t && t.bits() <= 64 ? new Value.Int(t, raw[i])
                    : new Value.Int(LirType.I64, raw[i]);
            case INT128 -> Value.Int.of(int128(i));
            case FLOAT -> new Value.Float(type instanceof LirType.Float t && t.bits() <= 64 ? t : LirType.F64,
                    Double.longBitsToDouble(raw[i]));
            case FLOAT128 -> Value.Float.of(float128(i));
            case BLOCK -> new Value.Block(new LirType.Aggregate(blocks[i].length * 8), blocks[i]);
        };
    }

    /** Appends a typed value. */
    void add(Value v) {
        switch (v) {
            case Value.Int x when x.type().bits() == 128 -> add(x.int128());
            case Value.Int x -> add(Target.Shape.INT, x.bits(), null);
            case Value.Float x when x.type().bits() == 128 -> add(x.exact());
            case Value.Float x -> add(Target.Shape.FLOAT, Double.doubleToRawLongBits(x.value()), null);
            case Value.Block x -> add(Target.Shape.BLOCK, 0, x.bytes());
        }
    }
}
