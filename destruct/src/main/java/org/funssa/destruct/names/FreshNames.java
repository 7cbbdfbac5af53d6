package org.funssa.destruct.names;

import java.util.ArrayDeque;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;

/**
 * Hands out variable names and labels that a function does not use yet: {@code prefix + n} for the next n
 * that is free. Single-use, confined to one pass run over one function.
 *
 * <p>The names in use are kept in an open-addressing table of two parallel arrays, the strings and their
 * (cached) hashes, probed linearly. A {@code HashSet<String>} made collecting the names a third of the naive
 * method's time on a function of 10⁶ instructions: a node per name, and every resize walks the nodes again,
 * each a cache miss. Here a probe reads an int array and touches a string only when the hashes are equal.
 */
public final class FreshNames {

    private String[] taken = new String[16];
    private int[] takenHashes = new int[16];
    private int size;
    private int counter;

    private FreshNames() {}

    /** The names a function uses: its parameters, every let-bound variable and every label. */
    public static FreshNames of(Function function) {
        FreshNames names = new FreshNames();
        function.params().forEach(p -> names.take(p.name()));
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(function.body());
        while (!stack.isEmpty()) {
            Body body = stack.pop();
            for (Let let : body.lets()) {
                for (Atom.Var v : let.vars()) {
                    names.take(v.name());
                }
            }
            for (Fn fn : body.functions()) {
                names.take(fn.label().name());
                for (Atom.Var p : fn.params()) {
                    names.take(p.name());
                }
                stack.push(fn.body());
            }
        }
        return names;
    }

    /** A new name {@code prefix + n}. */
    public String name(String prefix) {
        String name;
        do {
            name = prefix + (++counter);
        } while (!take(name));
        return name;
    }

    /** Marks {@code name} as used; false if it already was. */
    private boolean take(String name) {
        int hash = name.hashCode();
        int mask = taken.length - 1;
        int i = home(hash, mask);
        for (String there = taken[i]; there != null; there = taken[i]) {
            if (takenHashes[i] == hash && there.equals(name)) {
                return false;
            }
            i = (i + 1) & mask;
        }
        taken[i] = name;
        takenHashes[i] = hash;
        if (2 * ++size > taken.length) {
            grow();
        }
        return true;
    }

    /** Doubles the table; at most half full, so a probe sequence stays short. */
    private void grow() {
        String[] oldTaken = taken;
        int[] oldTakenHashes = takenHashes;
        taken = new String[2 * oldTaken.length];
        takenHashes = new int[2 * oldTaken.length];
        int mask = taken.length - 1;
        for (int j = 0; j < oldTaken.length; j++) {
            if (oldTaken[j] != null) {
                int i = home(oldTakenHashes[j], mask);
                while (taken[i] != null) {
                    i = (i + 1) & mask;
                }
                taken[i] = oldTaken[j];
                takenHashes[i] = oldTakenHashes[j];
            }
        }
    }

    /** The home slot: Fibonacci hashing, the top bits of the product with 2³²/φ (Knuth, TAOCP §6.4). */
    private static int home(int hash, int mask) {
        return (hash * 0x9E3779B9) >>> (32 - Integer.bitCount(mask));
    }

    /** A new variable of the given type named {@code prefix + n}. */
    public Atom.Var variable(String prefix, Type type) {
        return new Atom.Var(name(prefix), type);
    }

    /** A new label named {@code prefix + n}. */
    public Label label(String prefix) {
        return new Label(name(prefix));
    }
}
