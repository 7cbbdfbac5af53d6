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
 *
 * Every value the lowered code uses is read here, so a reader told of each read value learns, block by block, which
 * variables the block's code may use: RenamedBlocks learns so which blocks use which φ. A value read only to be
 * copied (copy folding) is told too, so a block may be told of a variable it does not use in the end.
 */

/** The current value (a variable or, after copy folding, any atom) of each register while code is lowered. */
final class Environment {

    /** Told of every value read where a definition reaches. */
    interface Reader {
        void read(Atom value);
    }

    private final Registers registers;
    private final Reader reader;
    /** The top of each register's stack, by number; null when no definition reaches here (⊥). */
    private final Atom[] current;
    /** For each put: the register's number and the value it hid (null for none). */
    private final IntList logRegister = new IntList();
    private final List<Atom> logHidden = new ArrayList<>();

    /** An environment where no definition of any of the registers reaches yet. */
    Environment(Registers registers) {
        this(registers, value -> { });
    }

    /** An environment where no definition of any of the registers reaches yet, telling {@code reader} of reads. */
    Environment(Registers registers, Reader reader) {
        this.registers = registers;
        this.reader = reader;
        current = new Atom[registers.count()];
    }

    /** The register's current value; ⊥ of its type when no definition reaches here. */
    Atom value(int register) {
        Atom value = current[register];
        if (value == null) {
            return registers.undefined(register);
        }
        reader.read(value);
        return value;
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
