package org.funssa.cps.prep;

import java.util.ArrayDeque;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.core.names.NameSet;
import org.funssa.core.names.NameSupply;

/*
 * The scan is one walk over every tree of the function with one work stack, each statement's top-level
 * expressions pushed as they are (no list of them built per statement), adding only the names of REG and
 * LABEL leaves: construction's memory register asks for a name of every function, so every function pays it.
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
        ArrayDeque<Stmt> statements = new ArrayDeque<>();
        ArrayDeque<LExp> work = new ArrayDeque<>();
        for (Stmt stmt : function.body()) {
            statements.push(stmt);
            while (!statements.isEmpty()) {
                push(statements.pop(), names, statements, work);
            }
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

    /** Pushes the statement's top-level expressions on {@code work} (a PARALLEL's parts on {@code statements}). */
    private static void push(Stmt stmt, NameSet names, ArrayDeque<Stmt> statements, ArrayDeque<LExp> work) {
        switch (stmt) {
            case Stmt.Set s -> {
                work.push(s.target());
                work.push(s.value());
            }
            case Stmt.Jump j -> work.push(j.target());
            case Stmt.JumpC j -> {
                work.push(j.test());
                work.push(j.ifTrue());
                work.push(j.ifFalse());
            }
            case Stmt.JumpN j -> {
                work.push(j.value());
                j.cases().forEach(c -> work.push(c.target()));
                work.push(j.otherwise());
            }
            case Stmt.Call c -> {
                work.push(c.function());
                c.args().forEach(work::push);
                c.receivers().forEach(work::push);
            }
            case Stmt.Prologue p -> p.params().forEach(work::push);
            case Stmt.Epilogue e -> e.results().forEach(work::push);
            case Stmt.DefLabel d -> names.add(d.name());
            case Stmt.Parallel p -> p.parts().forEach(statements::push);
            case Stmt.Use u -> u.registers().forEach(work::push);
            case Stmt.Clobber c -> c.registers().forEach(work::push);
            case Stmt.Line l -> { }
            case Stmt.Phi p -> {
                work.push(p.target());
                p.args().forEach(a -> {
                    work.push(a.value());
                    work.push(a.predecessor());
                });
            }
        }
    }
}
