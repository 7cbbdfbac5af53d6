package org.funssa.cps.construct;

import io.vavr.control.Option;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.cps.ir.Atom;

/*
 * The "Stack(v)" of seed 004 Figure 4.3: the current name of each register. One map holds the tops of
 * all stacks; an undo log records what each assignment hid, so that leaving a block in the dominator
 * tree walk pops "all the variables that have been put onto the stack during the processing of block X"
 * in time proportional to their number, whatever the depth of the tree.
 */

/** The current value (a variable or, after copy folding, any atom) of each register while code is lowered. */
final class Environment {

    private final Map<String, Atom> current = new HashMap<>();
    private final List<Undo> log = new ArrayList<>();

    /** What a {@link #put} hid: the register's value before it, or null when it had none. */
    private record Undo(String register, Atom hidden) {}

    /** The register's current value; none when no definition reaches here (⊥). */
    Option<Atom> get(String register) {
        return Option.of(current.get(register));
    }

    /** Makes {@code value} the register's current value. */
    void put(String register, Atom value) {
        log.add(new Undo(register, current.put(register, value)));
    }

    /** A point to {@link #restore} to. */
    int mark() {
        return log.size();
    }

    /** Undoes every {@link #put} made since the mark. */
    void restore(int mark) {
        for (int i = log.size() - 1; i >= mark; i--) {
            Undo undo = log.remove(i);
            if (undo.hidden() != null) {
                current.put(undo.register(), undo.hidden());
            } else {
                current.remove(undo.register());
            }
        }
    }
}
