package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.funssa.core.names.NameSupply;

/*
 * Seed 004 chapter 7's "simple alias analysis" treats all of memory as one large object; DESIGN.md
 * makes that object a value, the memory token, "threaded like any variable". So that the register
 * analyses of LIR (org.funssa.core.cfg.RegisterLiveness, and φ placement on top of it) see the token as
 * the variable it is, it is written into the function as one more register: a statement that reads
 * memory (a load, a store, a CALL, an EPILOGUE, which returns the final memory) is preceded by
 * (USE (REG I64 m)); one that writes it (a store, a CALL, the PROLOGUE, which receives the initial
 * memory) is followed by (CLOBBER (REG I64 m)). USE and CLOBBER have no effect when the LIR runs, and
 * lowering knows the register m for what it is.
 */

/** Makes the memory token visible to register analyses as a register of its own. */
record MemoryRegister(String name) {

    /** The register's LIR form. */
    LExp.Reg register() {
        return new LExp.Reg(LirType.I64, name);
    }

    /** Whether the statement is one of the USE or CLOBBER this class adds. */
    boolean isMarker(Stmt stmt) {
        return switch (stmt) {
            case Stmt.Use u -> isThisRegisterAlone(u.registers());
            case Stmt.Clobber c -> isThisRegisterAlone(c.registers());
            default -> false;
        };
    }

    private boolean isThisRegisterAlone(Vector<LExp> registers) {
        return registers.size() == 1 && registers.head() instanceof LExp.Reg r && r.name().equals(name)
                && r.type().equals(LirType.I64);
    }

    /**
     * The graph of the function with the memory register's markers, and the register. Its name is {@code mem},
     * primed as often as needed to differ from every name the function uses, which the preparation passes' name
     * supply knows (it may hold a few more, which only adds primes). The markers go inside blocks, so the graph
     * keeps the blocks and edges of {@code cfg}. A statement's trees may be undivided: a load anywhere in a SET's
     * value or a jump's test reads memory.
     */
    static Marked mark(Cfg cfg, NameSupply names) {
        String name = names.primed("mem");
        MemoryRegister memory = new MemoryRegister(name);
        Symbol symbol = new Symbol.Reg(name, LirType.I64, 8, 0, Vector.empty());
        Markers markers = new Markers(new Stmt.Use(Vector.of(memory.register())),
                new Stmt.Clobber(Vector.of(memory.register())));
        Cfg marked = cfg.withStatements(cfg.symbols().append(symbol), b -> markers.marked(cfg.block(b).statements()));
        return new Marked(marked, memory);
    }

    /** The USE and CLOBBER to add, and the work stack of {@link #loads}, shared by all the blocks of one graph. */
    private static final class Markers {
        private final Stmt use;
        private final Stmt clobber;
        private final ArrayDeque<LExp> work = new ArrayDeque<>();

        Markers(Stmt use, Stmt clobber) {
            this.use = use;
            this.clobber = clobber;
        }

        /**
         * The statements with a USE before each that reads memory and a CLOBBER after each that writes it: the very
         * same vector when none does, so that a block without memory operations is not copied. Each statement's
         * trees are read once.
         */
        Vector<Stmt> marked(Vector<Stmt> statements) {
            List<Stmt> body = null; // made at the first statement that reads or writes memory
            int index = 0;
            for (Stmt stmt : statements) {
                boolean reads = reads(stmt);
                boolean writes = writes(stmt);
                if (body == null && (reads || writes)) {
                    body = new ArrayList<>(statements.size() + 8);
                    for (int i = 0; i < index; i++) {
                        body.add(statements.get(i));
                    }
                }
                if (body != null) {
                    if (reads) {
                        body.add(use);
                    }
                    body.add(stmt);
                    if (writes) {
                        body.add(clobber);
                    }
                }
                index++;
            }
            return body == null ? statements : Vector.ofAll(body);
        }

        /** Whether the statement reads memory: a load anywhere in its trees, a store, a CALL, an EPILOGUE. */
        private boolean reads(Stmt stmt) {
            return switch (stmt) {
                case Stmt.Call c -> true;
                case Stmt.Epilogue e -> true;
                case Stmt.Set s -> s.target() instanceof LExp.Mem || loads(s.value());
                case Stmt.JumpC j -> loads(j.test());
                case Stmt.JumpN j -> loads(j.value());
                default -> false;
            };
        }

        /** Whether the expression has a MEM, which is a load when it is not a target. */
        private boolean loads(LExp e) {
            if (e instanceof LExp.Mem) {
                return true;
            }
            if (!(e instanceof LExp.Binary || e instanceof LExp.Unary || e instanceof LExp.If
                    || e instanceof LExp.Subreg)) {
                return false; // a leaf
            }
            work.clear();
            work.push(e);
            while (!work.isEmpty()) {
                LExp x = work.pop();
                if (x instanceof LExp.Mem) {
                    return true;
                }
                x.pushOperands(work);
            }
            return false;
        }
    }

    /** Whether the statement writes memory: a store, a CALL, the PROLOGUE. */
    private static boolean writes(Stmt stmt) {
        return switch (stmt) {
            case Stmt.Call c -> true;
            case Stmt.Prologue p -> true;
            case Stmt.Set s -> s.target() instanceof LExp.Mem;
            default -> false;
        };
    }

    /** The graph of a function with markers, and its memory register. */
    record Marked(Cfg cfg, MemoryRegister memory) {}
}
