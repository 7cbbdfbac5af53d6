package org.funssa.cps.prep;

import java.util.HashSet;
import java.util.Set;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;

/*
 * Name supply for the passes of this package: every new label or register is `prefix + n` for the
 * next n that makes a name no symbol, label or register of the function uses yet,
 * so that new names never clash with what the function already says. (Machine registers of the
 * module's SYMTAB begin with '%', which no name made here does.)
 */

/** Hands out names that a function does not use yet. Single-use, confined to one pass run. */
final class FreshNames {

    private final Set<String> taken = new HashSet<>();
    private int counter;

    private FreshNames() {}

    /** The names in use in the function: its symbols, labels and registers. */
    static FreshNames of(Module.Function function) {
        FreshNames names = new FreshNames();
        function.symbols().forEach(s -> names.taken.add(s.name()));
        for (Stmt stmt : function.body()) {
            if (stmt instanceof Stmt.DefLabel(String label)) {
                names.taken.add(label);
            }
            Statements.expressions(stmt).forEach(root -> Statements.nodes(root).forEach(e -> {
                switch (e) {
                    case LExp.Reg r -> names.taken.add(r.name());
                    case LExp.Label l -> names.taken.add(l.name());
                    default -> { }
                }
            }));
        }
        return names;
    }

    /** Marks a name as used (a name a pass is about to introduce by another rule). */
    boolean claim(String name) {
        return taken.add(name);
    }

    /** A new name {@code prefix + n + suffix}, unused so far; n counts up across calls. */
    String fresh(String prefix, String suffix) {
        String name;
        do {
            name = prefix + (++counter) + suffix;
        } while (!taken.add(name));
        return name;
    }
}
