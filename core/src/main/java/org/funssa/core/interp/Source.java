package org.funssa.core.interp;

/** A compiled right-hand side whose value goes through a {@link Transfer}. */
interface Source {

    /** Evaluates and appends the value to the transfer. */
    void load(Frame f, Transfer t);

    /** The value of an integer expression. */
    record IntSource(Expr.Int e) implements Source {
        public void load(Frame f, Transfer t) {
            t.add(Target.Shape.INT, e.eval(f), null);
        }
    }

    /** The value of a float expression. */
    record FloatSource(Expr.Float e) implements Source {
        public void load(Frame f, Transfer t) {
            t.add(Target.Shape.FLOAT, Double.doubleToRawLongBits(e.eval(f)), null);
        }
    }

    /** The value of an I128 expression. */
    record Int128Source(Expr.Int128 e) implements Source {
        public void load(Frame f, Transfer t) {
            t.add(e.eval(f));
        }
    }

    /** The value of an F128 expression. */
    record Float128Source(Expr.Float128 e) implements Source {
        public void load(Frame f, Transfer t) {
            t.add(e.eval(f));
        }
    }

    /** A copy of the bytes of an aggregate {@code MEM}. */
    record BlockSource(Expr.Int address, int size) implements Source {
        public void load(Frame f, Transfer t) {
            t.add(Target.Shape.BLOCK, 0, f.memory.read(address.eval(f), size));
        }
    }
}
