package org.funssa.core.interp;

import java.util.Arrays;
import org.funssa.core.lir.LirType;

/**
 * Values in flight between evaluation and assignment: call arguments, results, and the right-hand sides
 * of PHI and PARALLEL, which are all evaluated before any target is assigned. Each value is a shape with
 * raw bits (an integer's canonical bits, a float's double bits) or, for an aggregate, a copy of its bytes.
 */
final class Transfer {
    Target.Shape[] shapes = new Target.Shape[8];
    long[] raw = new long[8];
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
            blocks = Arrays.copyOf(blocks, size);
        }
    }

    void add(Target.Shape shape, long bits, byte[] block) {
        ensure(count + 1);
        shapes[count] = shape;
        raw[count] = bits;
        blocks[count] = block;
        count++;
    }

    /** Value i as a typed value of the given LIR type. */
    Value value(int i, LirType type) {
        return switch (shapes[i]) {
            case INT -> type instanceof LirType.Int t && t.bits() <= 64 ? new Value.Int(t, raw[i])
                    : new Value.Int(LirType.I64, raw[i]);
            case FLOAT -> new Value.Float(type instanceof LirType.Float t ? t : LirType.F64,
                    Double.longBitsToDouble(raw[i]));
            case BLOCK -> new Value.Block(new LirType.Aggregate(blocks[i].length * 8), blocks[i]);
        };
    }

    /** Appends a typed value. */
    void add(Value v) {
        switch (v) {
            case Value.Int x -> add(Target.Shape.INT, x.bits(), null);
            case Value.Float x -> add(Target.Shape.FLOAT, Double.doubleToRawLongBits(x.value()), null);
            case Value.Block x -> add(Target.Shape.BLOCK, 0, x.bytes());
        }
    }
}
