package org.funssa.core.interp;

/**
 * A compiled assignment target ({@code REG}, {@code SUBREG} or {@code MEM} under {@code SET}, a PROLOGUE
 * parameter, a CALL receiver, a PHI destination). Values arrive in the transfer form of {@link Transfer}:
 * an integer as its canonical bits, a float as its double's bits, an aggregate as bytes.
 */
interface Target {

    /** What a target holds: I8…I64, I128, F32/F64, F128, an aggregate. */
    enum Shape { INT, INT128, FLOAT, FLOAT128, BLOCK }

    Shape shape();

    /** The width in bits of an integer or float target, the size in bytes of a BLOCK one. */
    int size();

    /** Evaluates the parts of the target that depend on state (a MEM's address) before any assignment. */
    long address(Frame f);

    void setInt(Frame f, long address, long v);

    void setFloat(Frame f, long address, double v);

    void setBlock(Frame f, long address, byte[] v);

    /** Assigns an I128; only INT128 targets take one. */
    default void setInt128(Frame f, long address, Int128 v) {
        throw new IllegalStateException("I128 into a " + shape() + " target");
    }

    /** Assigns an F128; only FLOAT128 targets take one. */
    default void setFloat128(Frame f, long address, Float128 v) {
        throw new IllegalStateException("F128 into a " + shape() + " target");
    }

    /** Assigns value i of a transfer, converting between shapes as a C prototype would. */
    default void assign(Frame f, long address, Transfer t, int i) {
        long raw = t.raw[i];
        switch (shape()) {
            case INT -> setInt(f, address, switch (t.shapes[i]) {
                case INT, INT128 -> Arith.normalize(size(), raw);
                case FLOAT -> Arith.floatToSigned(size(), Double.longBitsToDouble(raw));
                case FLOAT128 -> Arith.floatToSigned(size(), t.float128(i));
                case BLOCK -> 0;
            });
            case INT128 -> setInt128(f, address, switch (t.shapes[i]) {
                case INT, INT128 -> t.int128(i);
                case FLOAT -> Arith.floatToSigned128(Double.longBitsToDouble(raw));
                case FLOAT128 -> Arith.floatToSigned128(t.float128(i));
                case BLOCK -> Int128.ZERO;
            });
            case FLOAT -> setFloat(f, address, switch (t.shapes[i]) {
                case FLOAT -> Arith.roundTo(size(), Double.longBitsToDouble(raw));
                case FLOAT128 -> Arith.floatToFloat(size(), t.float128(i));
                case INT -> Arith.signedToFloat(size(), raw);
                case INT128 -> Arith.signedToFloat(size(), t.int128(i));
                case BLOCK -> 0.0;
            });
            case FLOAT128 -> setFloat128(f, address, switch (t.shapes[i]) {
                case FLOAT -> Float128.of(Double.longBitsToDouble(raw));
                case FLOAT128 -> t.float128(i);
                case INT, INT128 -> Arith.signedToFloat128(t.int128(i));
                case BLOCK -> Float128.POSITIVE_ZERO;
            });
            case BLOCK -> {
                byte[] bytes = new byte[size()];
                byte[] block = t.blocks[i];
                if (block != null) {
                    System.arraycopy(block, 0, bytes, 0, Math.min(block.length, bytes.length));
                }
                setBlock(f, address, bytes);
            }
        }
    }

    /** Assigns zero: a parameter without an argument, a receiver without a result. */
    default void assignZero(Frame f, long address) {
        switch (shape()) {
            case INT -> setInt(f, address, 0);
            case INT128 -> setInt128(f, address, Int128.ZERO);
            case FLOAT -> setFloat(f, address, 0.0);
            case FLOAT128 -> setFloat128(f, address, Float128.POSITIVE_ZERO);
            case BLOCK -> setBlock(f, address, new byte[size()]);
        }
    }

    /** An integer register slot. */
    record IntReg(int slot, int size) implements Target {
        public Shape shape() {
            return Shape.INT;
        }

        public long address(Frame f) {
            return 0;
        }

        public void setInt(Frame f, long address, long v) {
            f.ints[slot] = Arith.normalize(size, v);
        }

        public void setFloat(Frame f, long address, double v) {
            throw new IllegalStateException("float into an integer register");
        }

        public void setBlock(Frame f, long address, byte[] v) {
            throw new IllegalStateException("aggregate into a register");
        }
    }

    /** A float register slot. */
    record FloatReg(int slot, int size) implements Target {
        public Shape shape() {
            return Shape.FLOAT;
        }

        public long address(Frame f) {
            return 0;
        }

        public void setInt(Frame f, long address, long v) {
            throw new IllegalStateException("integer into a float register");
        }

        public void setFloat(Frame f, long address, double v) {
            f.floats[slot] = Arith.roundTo(size, v);
        }

        public void setBlock(Frame f, long address, byte[] v) {
            throw new IllegalStateException("aggregate into a register");
        }
    }

    /** {@code (SUBREG t (REG r) n)}: bits [n·w, (n+1)·w) of an integer register of width {@code whole}. */
    record Subreg(int slot, int size, int index, int whole) implements Target {
        public Shape shape() {
            return Shape.INT;
        }

        public long address(Frame f) {
            return 0;
        }

        public void setInt(Frame f, long address, long v) {
            int shift = index * size;
            long mask = (size == 64 ? -1L : (1L << size) - 1) << shift;
            f.ints[slot] = Arith.normalize(whole, (f.ints[slot] & ~mask) | ((v << shift) & mask));
        }

        public void setFloat(Frame f, long address, double v) {
            throw new IllegalStateException("float into a subregister");
        }

        public void setBlock(Frame f, long address, byte[] v) {
            throw new IllegalStateException("aggregate into a subregister");
        }
    }

    /** {@code (MEM t addr)} of integer, float or aggregate type. */
    record Mem(Shape shape, int size, Expr.Int addressExpr) implements Target {
        public long address(Frame f) {
            return addressExpr.eval(f);
        }

        public void setInt(Frame f, long address, long v) {
            f.memory.storeInt(size, address, v);
        }

        public void setFloat(Frame f, long address, double v) {
            f.memory.storeFloat(size, address, v);
        }

        public void setBlock(Frame f, long address, byte[] v) {
            f.memory.write(address, v);
        }

        @Override
        public void setInt128(Frame f, long address, Int128 v) {
            f.memory.storeI128(address, v);
        }

        @Override
        public void setFloat128(Frame f, long address, Float128 v) {
            f.memory.storeF128(address, v);
        }
    }

    /** An I128 register slot. */
    record Int128Reg(int slot) implements Target {
        public Shape shape() {
            return Shape.INT128;
        }

        public int size() {
            return 128;
        }

        public long address(Frame f) {
            return 0;
        }

        public void setInt(Frame f, long address, long v) {
            throw new IllegalStateException("narrow integer into an I128 register");
        }

        public void setFloat(Frame f, long address, double v) {
            throw new IllegalStateException("float into an integer register");
        }

        public void setBlock(Frame f, long address, byte[] v) {
            throw new IllegalStateException("aggregate into a register");
        }

        @Override
        public void setInt128(Frame f, long address, Int128 v) {
            f.int128s[slot] = v;
        }
    }

    /** An F128 register slot. */
    record Float128Reg(int slot) implements Target {
        public Shape shape() {
            return Shape.FLOAT128;
        }

        public int size() {
            return 128;
        }

        public long address(Frame f) {
            return 0;
        }

        public void setInt(Frame f, long address, long v) {
            throw new IllegalStateException("integer into a float register");
        }

        public void setFloat(Frame f, long address, double v) {
            throw new IllegalStateException("narrow float into an F128 register");
        }

        public void setBlock(Frame f, long address, byte[] v) {
            throw new IllegalStateException("aggregate into a register");
        }

        @Override
        public void setFloat128(Frame f, long address, Float128 v) {
            f.float128s[slot] = v;
        }
    }

    /** {@code (SUBREG t (REG I128 r) n)}: bits [n·w, (n+1)·w) of an I128 register. */
    record Int128Subreg(int slot, int size, int index) implements Target {
        public Shape shape() {
            return Shape.INT;
        }

        public long address(Frame f) {
            return 0;
        }

        public void setInt(Frame f, long address, long v) {
            int shift = index * size;
            Int128 mask = Int128.ofUnsigned(size == 64 ? -1L : (1L << size) - 1).shiftLeft(shift);
            Int128 part = Int128.ofUnsigned(v).shiftLeft(shift).and(mask);
            f.int128s[slot] = f.int128s[slot].and(mask.not()).or(part);
        }

        public void setFloat(Frame f, long address, double v) {
            throw new IllegalStateException("float into a subregister");
        }

        public void setBlock(Frame f, long address, byte[] v) {
            throw new IllegalStateException("aggregate into a subregister");
        }
    }
}
