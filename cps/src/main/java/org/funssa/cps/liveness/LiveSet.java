package org.funssa.cps.liveness;

import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntPredicate;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.IntSet;
import org.funssa.cps.ir.Atom;

/**
 * The variables live at one point (a block's entry or exit), as the variables' numbers, which {@link Liveness}
 * knows. Most sets are only read, so a set stays the sorted sequence the analysis gave
 * until its first change, when it becomes an {@link IntSet} of its own (Sreedhar's method changes some as it
 * inserts copies).
 */
public final class LiveSet {

    private final Liveness.Variables names;
    private IntSeq sorted;
    private IntSet changed;

    LiveSet(Liveness.Variables names, IntSeq sorted) {
        this.names = names;
        this.sorted = sorted;
    }

    /** Whether variable {@code v} is in the set. */
    public boolean contains(Atom.Var v) {
        return names.contains(v) && contains(v.id());
    }

    /** Whether the variable numbered {@code n} (a number {@link Liveness#numberOrMinus} gave) is in the set. */
    public boolean contains(int n) {
        return changed == null ? sorted.containsSorted(n) : changed.contains(n);
    }

    /** Adds the variable numbered {@code n} (a number {@link Liveness#number} gave). */
    public void add(int n) {
        changeable().add(n);
    }

    /** Removes the variable numbered {@code n}. */
    public void remove(int n) {
        changeable().remove(n);
    }

    /** How many variables are in the set. */
    public int size() {
        return changed == null ? sorted.size() : changed.size();
    }

    /** Calls {@code action} with the number of every member; the set must not change meanwhile. */
    public void forEachNumber(IntConsumer action) {
        if (changed == null) {
            for (int i = 0; i < sorted.size(); i++) {
                action.accept(sorted.get(i));
            }
        } else {
            changed.forEach(action);
        }
    }

    /** Calls {@code action} with every member; the set must not change meanwhile. */
    public void forEach(Consumer<Atom.Var> action) {
        forEachNumber(n -> action.accept(names.get(n)));
    }

    /** Whether the number of some member satisfies {@code test}. */
    public boolean anyNumber(IntPredicate test) {
        if (changed == null) {
            for (int i = 0; i < sorted.size(); i++) {
                if (test.test(sorted.get(i))) {
                    return true;
                }
            }
            return false;
        }
        boolean[] found = {false};
        changed.forEach(n -> found[0] |= test.test(n));
        return found[0];
    }

    private IntSet changeable() {
        if (changed == null) {
            changed = new IntSet();
            for (int i = 0; i < sorted.size(); i++) {
                changed.add(sorted.get(i));
            }
            sorted = null;
        }
        return changed;
    }
}
