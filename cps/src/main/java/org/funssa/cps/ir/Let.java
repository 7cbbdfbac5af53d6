package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * {@code let x₁, …, xₙ = e}: evaluates {@code e} and binds its results to variables, in scope until the end of
 * the enclosing {@link Body} (seed 003 §6.1: a binding is a point of definition). Most expressions bind one
 * variable; stores bind the new memory token; calls bind their results and then the new memory token.
 *
 * <p>A let may carry a {@link Guard}: {@code p ? x = e} executes only when {@code p} holds (ψ-SSA's predicated
 * definition), {@code speculated x = e} marks a let executed unguarded although its source was conditional.
 * The guard's predicate is a use of the let like its operands: {@link #operandCount()} and {@link #operand(int)}
 * read the expression's operands and then the predicate, which is how analyses see every use.
 *
 * <p>Code that visits every let reads the variables by {@link #arity()} and {@link #var(int)}, which make no
 * iterator.
 */
public record Let(Vector<Atom.Var> vars, Expr expr, Guard guard) {

    public Let {
        Objects.requireNonNull(vars, "a let needs its variables");
        Objects.requireNonNull(expr, "a let needs an expression");
        Objects.requireNonNull(guard, "a let needs a guard (Guard.ALWAYS for none)");
    }

    /** An ordinary (unguarded) let. */
    public Let(Vector<Atom.Var> vars, Expr expr) {
        this(vars, expr, Guard.ALWAYS);
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

    /** The same variables bound to {@code newExpr} under the same guard; this let when the expression is the same. */
    public Let withExpr(Expr newExpr) {
        return newExpr == expr ? this : new Let(vars, newExpr, guard);
    }

    /** The same binding under {@code newGuard}; this let when the guard is the same object. */
    public Let withGuard(Guard newGuard) {
        return newGuard == guard ? this : new Let(vars, expr, newGuard);
    }

    /** Whether the let executes only when a predicate holds ({@code p ? x = e}). */
    public boolean isGuarded() {
        return guard instanceof Guard.When;
    }

    /** The uses of the let: the expression's operands, then the guard's predicate if it has one. */
    public int operandCount() {
        return expr.operandCount() + (isGuarded() ? 1 : 0);
    }

    /** Use {@code i} of {@link #operandCount()}: operand {@code i} of the expression, or the guard's predicate. */
    public Atom operand(int i) {
        return i == expr.operandCount() && guard instanceof Guard.When(Atom p) ? p : expr.operand(i);
    }

    /** Every operand and the guard's predicate replaced by {@code f}'s image; this let when none changes. */
    public Let mapAtoms(UnaryOperator<Atom> f) {
        Expr e = expr.mapAtoms(f);
        Guard g = guard.mapAtoms(f);
        return e == expr && g == guard ? this : new Let(vars, e, g);
    }

    /** Each variable replaced by {@code f}'s image, the expression kept; this let when no variable changes. */
    public Let mapVars(UnaryOperator<Atom.Var> f) {
        Vector<Atom.Var> images = Images.map(vars, f);
        return images == vars ? this : new Let(images, expr, guard);
    }
}
