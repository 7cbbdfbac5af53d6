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
 *
 * Passes run one after another on a function may share one supply (construction's normal form runs
 * four or five): the names taken are then those of the first function plus every name any of them gave
 * out, and since the passes add names only through the supply, that covers every name each pass's input
 * uses (but the labels `.Bn` that BlockList writes for blocks that had none, which begin with a '.' as
 * no prefix here does). The function is scanned once instead of once per pass. Each pass counts its own
 * n from 1, so a pass names what it adds as it would with a supply of its own.
 */

/** Hands out names that a function does not use yet. Confined to one thread, one function and its results. */
public final class FreshNames {

    private final Taken taken;
    private int counter;

    private FreshNames(Taken taken) {
        this.taken = taken;
    }

    /**
     * A supply for the function, and for the passes that run on what this one returns when given this
     * supply too (the one-argument {@code apply} of each pass makes a supply of its own).
     */
    public static FreshNames of(Module.Function function) {
        return new FreshNames(new Taken(function));
    }

    /** A supply taking the same names and counting from 1 again: what one pass uses. */
    FreshNames forPass() {
        return new FreshNames(taken);
    }

    /** {@code name}, primed ({@code '}) as often as needed to be unused so far; it is used from then on. */
    public String primed(String name) {
        String candidate = name;
        while (!claim(candidate)) {
            candidate = candidate + "'";
        }
        return candidate;
    }

    /** Marks a name as used (a name a pass is about to introduce by another rule). */
    boolean claim(String name) {
        return taken.names().add(name);
    }

    /** A new name {@code prefix + n + suffix}, unused so far; n counts up across calls. */
    String fresh(String prefix, String suffix) {
        NameSet used = taken.names();
        String name;
        do {
            name = prefix + (++counter) + suffix;
        } while (!used.add(name));
        return name;
    }

    /** The names in use: the first function's symbols, labels and registers, and the names given out since. */
    private static final class Taken {
        private final Module.Function function;
        private NameSet names;

        Taken(Module.Function function) {
            this.function = function;
        }

        NameSet names() {
            if (names == null) {
                NameSet scanned = new NameSet();
                function.symbols().forEach(s -> scanned.add(s.name()));
                for (Stmt stmt : function.body()) {
                    if (stmt instanceof Stmt.DefLabel(String label)) {
                        scanned.add(label);
                    }
                    Statements.forEachNode(stmt, e -> {
                        switch (e) {
                            case LExp.Reg r -> scanned.add(r.name());
                            case LExp.Label l -> scanned.add(l.name());
                            default -> { }
                        }
                    });
                }
                names = scanned;
            }
            return names;
        }
    }
}
