package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * {@code let x₁, …, xₙ = e}: evaluates {@code e} and binds its results to variables, in scope until the end of
 * the enclosing {@link Body} (seed 003 §6.1: a binding is a point of definition). Most expressions bind one
 * variable; stores bind the new memory token; calls bind their results and then the new memory token.
 *
 * <p>Code that visits every let reads the variables by {@link #arity()} and {@link #var(int)}, which make no
 * iterator.
 */
public record Let(Vector<Atom.Var> vars, Expr expr) {

    public Let {
        Objects.requireNonNull(vars, "a let needs its variables");
        Objects.requireNonNull(expr, "a let needs an expression");
    }

    /** {@code let x = e} for an expression with one result. */
    public static Let of(Atom.Var var, Expr expr) {
        return new Let(Vector.of(Objects.requireNonNull(var, "a let needs its variable")), expr);
    }

    /** {@code let x₁, …, xₙ = e}. */
    public static Let of(Vector<Atom.Var> vars, Expr expr) {
        return new Let(vars, expr);
    }

    /** The number of variables bound. */
    public int arity() {
        return vars.size();
    }

    /** The {@code i}-th variable bound, from 0. */
    public Atom.Var var(int i) {
        return vars.get(i);
    }

    /** The same variables bound to {@code newExpr}; this let when the expression is the same object. */
    public Let withExpr(Expr newExpr) {
        return newExpr == expr ? this : new Let(vars, newExpr);
    }

    /** Every operand replaced by {@code f}'s image; this let when no operand changes. */
    public Let mapAtoms(UnaryOperator<Atom> f) {
        return withExpr(expr.mapAtoms(f));
    }

    /** Each variable replaced by {@code f}'s image, the expression kept; this let when no variable changes. */
    public Let mapVars(UnaryOperator<Atom.Var> f) {
        Vector<Atom.Var> images = Images.map(vars, f);
        return images == vars ? this : new Let(images, expr);
    }
}
