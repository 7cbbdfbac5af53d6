package org.funssa.cps.interp;

import java.util.Arrays;
import org.funssa.core.interp.Arith;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirType;
import org.funssa.cps.ir.Type;

/**
 * Values in flight between frames: a call's arguments, a function's results, a library call's values. As
 * in the LIR interpreter, a value is a shape with raw bits (an integer's canonical bits, a float's double
 * bits) or an aggregate's bytes, and a receiving parameter or result converts it as a C prototype would.
 */
final class Transfer {
    Shape[] shapes = new Shape[8];
    long[] raw = new long[8];
    byte[][] blocks = new byte[8][];
    int count;

    void clear() {
        count = 0;
    }

    void add(Shape shape, long bits, byte[] block) {
        if (count == raw.length) {
            int size = raw.length * 2;
            shapes = Arrays.copyOf(shapes, size);
            raw = Arrays.copyOf(raw, size);
            blocks = Arrays.copyOf(blocks, size);
        }
        shapes[count] = shape;
        raw[count] = bits;
        blocks[count] = block;
        count++;
    }

    /** Appends the value of a slot of the frame. */
    void add(IrFrame f, int slot, Shape shape) {
        if (shape == Shape.BLOCK) {
            add(shape, 0, f.a[slot]);
        } else {
            add(shape, f.r[slot], null);
        }
    }

    /** Appends a typed value. */
    void add(Value v) {
        switch (v) {
            case Value.Int x -> add(Shape.INT, x.bits(), null);
            case Value.Float x -> add(Shape.FLOAT, Double.doubleToRawLongBits(x.value()), null);
            case Value.Block x -> add(Shape.BLOCK, 0, x.bytes());
        }
    }

    /** Value i as a typed value of a LIR type (I64 or F64 when the type does not fit its shape). */
    Value value(int i, LirType type) {
        return switch (shapes[i]) {
            case INT, NONE -> new Value.Int(type instanceof LirType.Int t && t.bits() <= 64 ? t : LirType.I64, raw[i]);
            case FLOAT -> new Value.Float(type instanceof LirType.Float t ? t : LirType.F64,
                    Double.longBitsToDouble(raw[i]));
            case BLOCK -> new Value.Block(new LirType.Aggregate(blocks[i].length * 8), blocks[i]);
        };
    }

    /**
     * Assigns value i (or 0 when there is no value i) to a slot of type {@code type}: an integer from a float
     * truncates, a float from an integer converts, an aggregate is cut or zero-padded to its size.
     */
    void assign(int i, IrFrame f, int slot, Type.Data type) {
        Shape from = i < count ? shapes[i] : Shape.INT;
        long bits = i < count ? raw[i] : 0;
        int size = type.lir().bits();
        switch (Shape.of(type)) {
            case INT -> f.r[slot] = from == Shape.FLOAT
                    ? Arith.floatToSigned(size, Double.longBitsToDouble(bits)) : Arith.normalize(size, bits);
            case FLOAT -> f.r[slot] = Double.doubleToRawLongBits(from == Shape.FLOAT
                    ? Arith.roundTo(size, Double.longBitsToDouble(bits)) : Arith.signedToFloat(size, bits));
            case BLOCK -> {
                byte[] bytes = new byte[type.lir().bytes()];
                byte[] block = i < count ? blocks[i] : null;
                if (block != null) {
                    System.arraycopy(block, 0, bytes, 0, Math.min(block.length, bytes.length));
                }
                f.a[slot] = bytes;
            }
            case NONE -> { }
        }
    }
}
