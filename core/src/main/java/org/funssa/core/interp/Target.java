package org.funssa.core.interp;

/**
 * A compiled assignment target ({@code REG}, {@code SUBREG} or {@code MEM} under {@code SET}, a PROLOGUE
 * parameter, a CALL receiver, a PHI destination). Values arrive in the transfer form of {@link Transfer}:
 * an integer as its canonical bits, a float as its double's bits, an aggregate as bytes.
 */
interface Target {

    /** What a target holds. */
    enum Shape { INT, FLOAT, BLOCK }

    Shape shape();

    /** The width in bits of an INT or FLOAT target, the size in bytes of a BLOCK one. */
    int size();

    /** Evaluates the parts of the target that depend on state (a MEM's address) before any assignment. */
    long address(Frame f);

    void setInt(Frame f, long address, long v);

    void setFloat(Frame f, long address, double v);

    void setBlock(Frame f, long address, byte[] v);

    /** Assigns a transferred value, converting between shapes as a C prototype would. */
    default void assign(Frame f, long address, Target.Shape from, long raw, byte[] block) {
        switch (shape()) {
            case INT -> setInt(f, address, from == Shape.FLOAT
                    ? Arith.floatToSigned(size(), Double.longBitsToDouble(raw)) : Arith.normalize(size(), raw));
            case FLOAT -> setFloat(f, address, from == Shape.FLOAT
                    ? Arith.roundTo(size(), Double.longBitsToDouble(raw)) : Arith.signedToFloat(size(), raw));
            case BLOCK -> {
                byte[] bytes = new byte[size()];
                if (block != null) {
                    System.arraycopy(block, 0, bytes, 0, Math.min(block.length, bytes.length));
                }
                setBlock(f, address, bytes);
            }
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
    }
}
