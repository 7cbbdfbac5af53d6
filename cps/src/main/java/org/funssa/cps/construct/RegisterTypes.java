package org.funssa.cps.construct;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.funssa.cps.ir.Type;
import org.funssa.cps.prep.Statements;

/*
 * A register's type is the one its symbol declares; a register the symbol table does not declare, or declares
 * UNKNOWN, has the type of its first occurrence in the body (statements in order, each walked from its last
 * top-level expression). Front ends declare their registers and tree division its temporaries, so the body,
 * as large as the function, is walked for such registers only when one is asked about, and then once.
 */

/** The types of the registers of one function in normal form, the memory register's MEM. Not thread-safe. */
final class RegisterTypes {

    private final Cfg cfg;
    private final Map<String, Type> types = new HashMap<>();
    private boolean walked;

    RegisterTypes(Cfg cfg, MemoryRegister memory) {
        this.cfg = cfg;
        for (Symbol symbol : cfg.symbols()) {
            if (symbol instanceof Symbol.Reg r && !(r.type() instanceof LirType.Unknown)) {
                types.put(r.name(), Type.of(r.type()));
            }
        }
        types.put(memory.name(), Type.MEM);
    }

    /** The register's type; null for a register of unknown type everywhere, or that the function never names. */
    Type of(String register) {
        Type type = types.get(register);
        if (type == null && !walked) {
            walked = true;
            ArrayDeque<LExp> work = new ArrayDeque<>();
            for (Cfg.Block block : cfg.blocks()) {
                for (Stmt stmt : block.statements()) {
                    undeclared(stmt, work);
                }
            }
            type = types.get(register);
        }
        return type;
    }

    /** Records the type of every register the statement names that has none yet. */
    private void undeclared(Stmt stmt, ArrayDeque<LExp> work) {
        Statements.pushExpressions(stmt, work);
        while (!work.isEmpty()) {
            LExp e = work.pop();
            if (e instanceof LExp.Reg r && !(r.type() instanceof LirType.Unknown)) {
                types.putIfAbsent(r.name(), Type.of(r.type()));
            }
            e.pushOperands(work);
        }
    }
}
