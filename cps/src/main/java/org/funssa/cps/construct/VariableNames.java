package org.funssa.cps.construct;

import java.util.Set;
import org.funssa.core.graph.IntList;
import org.funssa.core.names.NameSet;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Type;

/*
 * SSA renaming gives every definition "a unique name" (seed 004 §4.2.1): here the n-th definition of
 * register r is the variable r_n. Two registers never produce the same name (r_n = s_m with r ≠ s would
 * need "_" inside a number), and the bases of temporaries that stand for no register are primed until
 * no register has that name.
 */

/** The supply of variable names of one function under construction; single-use, confined to one thread. */
final class VariableNames {

    /** The function's registers (the names temporaries must avoid); read, never copied. */
    private final Set<String> registers;
    /** The bases named so far, numbered, and how many variables each has had, by number. */
    private final NameSet bases = new NameSet();
    private final IntList counters = new IntList();

    VariableNames(Set<String> registers) {
        this.registers = registers;
    }

    /** A new variable for a definition of {@code register}. */
    Atom.Var fresh(String register, Type type) {
        int base = bases.number(register);
        if (base == counters.size()) {
            counters.add(0);
        }
        int n = counters.get(base) + 1;
        counters.set(base, n);
        return new Atom.Var(register + "_" + n, type);
    }

    /** A new variable for a value no register holds, named after {@code purpose}. */
    Atom.Var temporary(String purpose, Type type) {
        String base = purpose;
        while (registers.contains(base)) {
            base = base + "'";
        }
        return fresh(base, type);
    }
}
