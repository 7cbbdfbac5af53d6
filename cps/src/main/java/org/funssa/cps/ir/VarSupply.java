package org.funssa.cps.ir;

/**
 * Hands out the numbers of new variables of one function, from the first number it does not use yet
 * ({@link Function#varCount()}); afterwards {@link #count()} is the function's new variable count. A fresh
 * variable costs one number: nothing is looked up. Single-use, confined to one pass run over one function.
 */
public final class VarSupply {

    private int next;

    private VarSupply(int first) {
        next = first;
    }

    /** A supply whose first variable is numbered {@code first}. */
    public static VarSupply from(int first) {
        if (first < 0) {
            throw new IllegalArgumentException("variable numbers start at 0, not " + first);
        }
        return new VarSupply(first);
    }

    /** A supply of variables new to {@code function}. */
    public static VarSupply after(Function function) {
        return new VarSupply(function.varCount());
    }

    /** A new variable, printed after {@code hint}. */
    public Atom.Var fresh(String hint, Type type) {
        if (next == Integer.MAX_VALUE) {
            throw new IllegalStateException("no variable number is left");
        }
        return new Atom.Var(next++, hint, type);
    }

    /** How many numbers are used: the first one not handed out yet. */
    public int count() {
        return next;
    }
}
