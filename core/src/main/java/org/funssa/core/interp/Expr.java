package org.funssa.core.interp;

/**
 * Compiled L-expressions: closures over a {@link Frame}, one interface per kind of result so that values
 * stay unboxed. Integers are returned sign-extended from their type's width (see {@link Arith}); floats
 * as doubles, F32 ones exactly representable as float.
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
}
