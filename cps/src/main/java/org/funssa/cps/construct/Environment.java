package org.funssa.cps.construct;

import io.vavr.control.Option;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.funssa.core.graph.IntList;
import org.funssa.core.names.NameSet;
import org.funssa.cps.ir.Atom;

/*
 * The "Stack(v)" of seed 004 Figure 4.3: the current name of each register. One map holds the tops of
 * all stacks; an undo log records what each assignment hid, so that leaving a block in the dominator
 * tree walk pops "all the variables that have been put onto the stack during the processing of block X"
 * in time proportional to their number, whatever the depth of the tree. Registers are numbered on first
 * sight, so the tops are an array and the log two parallel lists: no map entry and no log record is
 * allocated per definition, of which construction makes one per instruction.
 */

/** The current value (a variable or, after copy folding, any atom) of each register while code is lowered. */
final class Environment {

    private final NameSet registers = new NameSet();
    /** The top of each register's stack, by number; null when no definition reaches here (⊥). */
    private Atom[] current = new Atom[16];
    /** For each put: the register's number and the value it hid (null for none). */
    private final IntList logRegister = new IntList();
    private final List<Atom> logHidden = new ArrayList<>();

    /** The register's current value; none when no definition reaches here (⊥). */
    Option<Atom> get(String register) {
        int r = registers.numberOrMinus(register);
        return r < 0 ? Option.none() : Option.of(current[r]);
    }

    /** Makes {@code value} the register's current value. */
    void put(String register, Atom value) {
        int r = registers.number(register);
        if (r == current.length) {
            current = Arrays.copyOf(current, 2 * r);
        }
        logRegister.add(r);
        logHidden.add(current[r]);
        current[r] = value;
    }

    /** A point to {@link #restore} to. */
    int mark() {
        return logRegister.size();
    }

    /** Undoes every {@link #put} made since the mark. */
    void restore(int mark) {
        while (logRegister.size() > mark) {
            current[logRegister.pop()] = logHidden.remove(logHidden.size() - 1);
        }
    }
}
