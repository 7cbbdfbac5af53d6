package org.funssa.cps.prep;

import java.util.ArrayDeque;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.core.names.NameSet;
import org.funssa.core.names.NameSupply;

/*
 * The scan is one walk over every tree of the function with one work stack, each statement's top-level
 * expressions pushed as they are (Statements.pushExpressions: no list of them built per statement), adding only the
 * names of REG and LABEL leaves: construction's memory register asks for a name of every function, so every function pays it.
 */

/**
 * The names a LIR function uses: its symbols, labels and registers. Machine registers of the module's SYMTAB
 * begin with '%', which no name the passes of this package make does; labels {@code .Bn} that BlockList writes
 * for blocks that had none begin with a '.', as no prefix here does.
 */
public final class LirNames {

    private LirNames() {}

    /**
     * A supply of names {@code function} does not use, for the passes that run on it and, given this supply
     * too, on what they return (each pass counts from 1 on {@link NameSupply#restarted}).
     */
    public static NameSupply supply(Module.Function function) {
        return NameSupply.avoiding(() -> of(function));
    }

    /** The function's symbols, labels and registers. */
    static NameSet of(Module.Function function) {
        NameSet names = new NameSet(function.symbols().size() + 16);
        function.symbols().forEach(s -> names.add(s.name()));
        ArrayDeque<LExp> work = new ArrayDeque<>();
        for (Stmt stmt : function.body()) {
            if (stmt instanceof Stmt.DefLabel(String label)) {
                names.add(label);
            }
            Statements.pushExpressions(stmt, work);
            while (!work.isEmpty()) {
                switch (work.pop()) {
                    case LExp.Reg r -> names.add(r.name());
                    case LExp.Label l -> names.add(l.name());
                    case LExp e -> e.pushOperands(work);
                }
            }
        }
        return names;
    }
}
