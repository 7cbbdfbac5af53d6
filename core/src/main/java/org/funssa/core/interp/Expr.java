package org.funssa.core.interp;

/**
 * Compiled L-expressions: closures over a {@link Frame}, one interface per kind of result so that values
 * stay unboxed. Integers are returned sign-extended from their type's width (see {@link Arith}); floats
 * as doubles, F32 ones exactly representable as float. I128 and F128 values are boxed ({@link
 * org.funssa.core.interp.Int128}, {@link org.funssa.core.interp.Float128}): the slower path that keeps
 * the narrower ones unboxed.
 */
final class Expr {

    private Expr() {}

    /** An integer-valued (or address-valued) expression. */
    @FunctionalInterface
    interface Int {
        long eval(Frame f);
    }

    /** A float-valued expression. */
    @FunctionalInterface
    interface Float {
        double eval(Frame f);
    }

    /** An I128-valued expression. */
    @FunctionalInterface
    interface Int128 {
        org.funssa.core.interp.Int128 eval(Frame f);
    }

    /** An F128-valued expression. */
    @FunctionalInterface
    interface Float128 {
        org.funssa.core.interp.Float128 eval(Frame f);
    }
}
