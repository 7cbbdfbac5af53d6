package org.funssa.cps.prep;

import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.core.names.NameSet;

/*
 * Name supply for the passes of this package: every new label or register is `prefix + n` for the
 * next n that makes a name no symbol, label or register of the function uses yet,
 * so that new names never clash with what the function already says. (Machine registers of the
 * module's SYMTAB begin with '%', which no name made here does.) The function is scanned for its names
 * only when the first name is asked for: most functions need none, and the scan costs a pass over the code.
 */

/** Hands out names that a function does not use yet. Single-use, confined to one pass run. */
final class FreshNames {

    private final Module.Function function;
    private NameSet taken;
    private int counter;

    private FreshNames(Module.Function function) {
        this.function = function;
    }

    /** The names in use in the function: its symbols, labels and registers. */
    static FreshNames of(Module.Function function) {
        return new FreshNames(function);
    }

    /** Marks a name as used (a name a pass is about to introduce by another rule). */
    boolean claim(String name) {
        return taken().add(name);
    }

    /** A new name {@code prefix + n + suffix}, unused so far; n counts up across calls. */
    String fresh(String prefix, String suffix) {
        NameSet used = taken();
        String name;
        do {
            name = prefix + (++counter) + suffix;
        } while (!used.add(name));
        return name;
    }

    private NameSet taken() {
        if (taken == null) {
            taken = new NameSet();
            function.symbols().forEach(s -> taken.add(s.name()));
            for (Stmt stmt : function.body()) {
                if (stmt instanceof Stmt.DefLabel(String label)) {
                    taken.add(label);
                }
                Statements.forEachNode(stmt, e -> {
                    switch (e) {
                        case LExp.Reg r -> taken.add(r.name());
                        case LExp.Label l -> taken.add(l.name());
                        default -> { }
                    }
                });
            }
        }
        return taken;
    }
}
