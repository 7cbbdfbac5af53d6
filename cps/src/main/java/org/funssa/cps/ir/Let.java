package org.funssa.cps.ir;

import io.vavr.collection.Vector;

/**
 * {@code let x₁, …, xₙ = e}: evaluates {@code e} and binds its results to fresh variables, in scope until
 * the end of the enclosing {@link Body} (seed 003 §6.1: a binding is a point of definition). Most
 * expressions bind one variable; stores bind the new memory token; calls bind results and memory.
 */
public record Let(Vector<Atom.Var> vars, Expr expr) {

    /** {@code let x = e} for an expression with one result. */
    public static Let of(Atom.Var var, Expr expr) {
        return new Let(Vector.of(var), expr);
    }
}
