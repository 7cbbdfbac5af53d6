package org.funssa.cps.construct;

import java.util.ArrayList;
import java.util.List;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;

/*
 * The "Stack(v)" of seed 004 Figure 4.3: the current name of each register. One array, indexed by the register's
 * number (Registers), holds the tops of all stacks; an undo log records what each assignment hid, so that leaving
 * a block in the dominator tree walk pops "all the variables that have been put onto the stack during the
 * processing of block X" in time proportional to their number, whatever the depth of the tree. No map entry and
 * no log record is allocated per definition, of which construction makes one per instruction.
 */

/** The current value (a variable or, after copy folding, any atom) of each register while code is lowered. */
final class Environment {

    private final Registers registers;
    /** The top of each register's stack, by number; null when no definition reaches here (⊥). */
    private final Atom[] current;
    /** For each put: the register's number and the value it hid (null for none). */
    private final IntList logRegister = new IntList();
    private final List<Atom> logHidden = new ArrayList<>();

    /** An environment where no definition of any of the registers reaches yet. */
    Environment(Registers registers) {
        this.registers = registers;
        current = new Atom[registers.count()];
    }

    /** The register's current value; ⊥ of its type when no definition reaches here. */
    Atom value(int register) {
        Atom value = current[register];
        return value == null ? registers.undefined(register) : value;
    }

    /** Makes {@code value} the register's current value. */
    void put(int register, Atom value) {
        logRegister.add(register);
        logHidden.add(current[register]);
        current[register] = value;
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
