package org.funssa.cps.construct;

import org.funssa.core.cfg.RegisterNumbers;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Type;

/*
 * One numbering of a function's registers for the whole of construction: the numbers RegisterEffects gives them
 * while it walks the blocks for their uses and definitions. The memory register is among them: MemoryRegister marks
 * the PROLOGUE, which every graph has, as writing it. φ placement answers in these numbers, renaming's environment
 * (Stack(v) of seed 004 Figure 4.3) and the registers' types are arrays indexed by them, and lowering looks a
 * register's name up once where a statement names it. Types and ⊥ values are made on first request: RegisterTypes
 * walks the body only for a register its symbol table leaves untyped.
 */

/** The registers of a function in normal form, numbered once, with their names, types and ⊥ values by number. */
final class Registers {

    private final RegisterNumbers numbers;
    private final NormalForm form;
    private final int memory;
    private final Type[] types;
    private final Atom.Undef[] undefined;

    /** The registers as RegisterEffects numbered them in the form's graph. */
    Registers(NormalForm form, RegisterNumbers numbers) {
        this.numbers = numbers;
        this.form = form;
        memory = number(form.memory().name());
        types = new Type[numbers.size()];
        undefined = new Atom.Undef[numbers.size()];
    }

    /** How many registers there are, numbered from 0. */
    int count() {
        return numbers.size();
    }

    /** The number of the memory register. */
    int memory() {
        return memory;
    }

    /**
     * The number of a register the graph's statements name.
     *
     * @throws IllegalStateException for a register no statement of the graph names (lowering reads only those)
     */
    int number(String register) {
        int r = numbers.numberOrMinus(register);
        if (r >= 0) {
            return r;
        }
        throw new IllegalStateException("function " + form.name() + ": register " + register
                + " is not in the graph that construction numbered");
    }

    /** The register's name. */
    String name(int register) {
        return numbers.name(register);
    }

    /** The register's type: its symbol's, or its first occurrence's (RegisterTypes). */
    Type type(int register) {
        Type type = types[register];
        if (type == null) {
            type = form.typeOf(name(register));
            types[register] = type;
        }
        return type;
    }

    /** The register's value where no definition reaches: ⊥ of its type (seed 004 §4.3), one value per register. */
    Atom.Undef undefined(int register) {
        Atom.Undef undef = undefined[register];
        if (undef == null) {
            undef = new Atom.Undef(type(register));
            undefined[register] = undef;
        }
        return undef;
    }
}
