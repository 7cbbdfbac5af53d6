package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.util.function.UnaryOperator;

/**
 * {@code let x₁, …, xₙ = e}: evaluates {@code e} and binds its results to fresh variables, in scope until
 * the end of the enclosing {@link Body} (seed 003 §6.1: a binding is a point of definition). Most
 * expressions bind one variable; stores bind the new memory token; calls bind results and memory.
 *
 * <p>Two shapes, one meaning. A let of one variable, by far the most common (every instruction and every
 * copy destruction inserts), holds its variable directly ({@link One}); any other count is a {@link Many}.
 * A vector of one element is three objects, 72 bytes: they were two thirds of every copy SSA destruction
 * writes (1.6·10^6 copies on a generated function of 10^6 instructions) and the bulk of what its young
 * collections had to move. The shape is canonical, so equality is that of the records: {@link #of(Vector,
 * Expr)} makes a {@code One} of a one-variable vector, and a {@code Many} of one variable is refused.
 *
 * <p>Code that visits every let reads the variables by {@link #arity()} and {@link #var(int)}, which
 * allocate nothing; {@link #vars()} makes a vector for a {@code One} each time it is asked.
 */
public sealed interface Let permits Let.One, Let.Many {

    /** The variables bound, in order. Makes a new vector for a one-variable let. */
    Vector<Atom.Var> vars();

    /** The expression whose results are bound. */
    Expr expr();

    /** The number of variables bound. */
    int arity();

    /** The {@code i}-th variable bound, from 0. */
    Atom.Var var(int i);

    /** The same variables bound to {@code newExpr}. */
    Let withExpr(Expr newExpr);

    /** Each variable replaced by {@code f}'s image, the expression kept; the shape is kept too. */
    Let mapVars(UnaryOperator<Atom.Var> f);

    /** {@code let x = e} for an expression with one result. */
    static Let of(Atom.Var var, Expr expr) {
        return new One(var, expr);
    }

    /** {@code let x₁, …, xₙ = e}, in its canonical shape. */
    static Let of(Vector<Atom.Var> vars, Expr expr) {
        return vars.size() == 1 ? new One(vars.get(0), expr) : new Many(vars, expr);
    }

    /** A let that binds exactly one variable. */
    record One(Atom.Var var, Expr expr) implements Let {
        public One {
            if (var == null || expr == null) {
                throw new NullPointerException("a let needs a variable and an expression");
            }
        }

        @Override
        public Vector<Atom.Var> vars() {
            return Vector.of(var);
        }

        @Override
        public int arity() {
            return 1;
        }

        @Override
        public Atom.Var var(int i) {
            if (i != 0) {
                throw new IndexOutOfBoundsException("variable " + i + " of a let that binds one");
            }
            return var;
        }

        @Override
        public Let withExpr(Expr newExpr) {
            return newExpr == expr ? this : new One(var, newExpr);
        }

        @Override
        public Let mapVars(UnaryOperator<Atom.Var> f) {
            Atom.Var image = f.apply(var);
            return image == var ? this : new One(image, expr);
        }
    }

    /** A let that binds no variable or two and more (a call's results and memory, for instance). */
    record Many(Vector<Atom.Var> vars, Expr expr) implements Let {
        public Many {
            if (vars == null || expr == null) {
                throw new NullPointerException("a let needs variables and an expression");
            }
            if (vars.size() == 1) {
                throw new IllegalArgumentException("a let of one variable is a Let.One: use Let.of");
            }
        }

        @Override
        public int arity() {
            return vars.size();
        }

        @Override
        public Atom.Var var(int i) {
            return vars.get(i);
        }

        @Override
        public Let withExpr(Expr newExpr) {
            return newExpr == expr ? this : new Many(vars, newExpr);
        }

        @Override
        public Let mapVars(UnaryOperator<Atom.Var> f) {
            Vector<Atom.Var> images = vars.map(f);
            for (int i = 0; i < images.size(); i++) {
                if (images.get(i) != vars.get(i)) {
                    return new Many(images, expr);
                }
            }
            return this;
        }
    }
}
