package org.funssa.core.interp;

import org.funssa.core.interp.libc.LibraryFunction;
import org.funssa.core.lir.LirType;

/**
 * A compiled statement. Plain statements execute themselves and return the index of the next one; calls
 * and returns are executed by the interpreter loop, which owns the explicit call stack.
 */
abstract class Instr {
    static final int PLAIN = 0;
    static final int CALL = 1;
    static final int RETURN = 2;

    final int kind;
    /** Steps this statement counts: itself plus every L-expression node in it. */
    final int cost;
    /** Operations this statement counts ({@link Cost#operations()}). */
    final int operations;
    /** Index of the statement in the function body, for error messages. */
    final int site;

    Instr(int kind, Cost cost, int site) {
        this.kind = kind;
        this.cost = cost.steps();
        this.operations = cost.operations();
        this.site = site;
    }

    /** Executes a plain statement; returns the index of the next statement. */
    int exec(Frame f) {
        throw new IllegalStateException("executed by the interpreter loop");
    }

    /** {@code (SET t (REG r) e)} for an integer register. */
    static final class SetInt extends Instr {
        private final int slot;
        private final Expr.Int value;
        private final int next;

        SetInt(Cost cost, int site, int slot, Expr.Int value, int next) {
            super(PLAIN, cost, site);
            this.slot = slot;
            this.value = value;
            this.next = next;
        }

        @Override
        int exec(Frame f) {
            f.ints[slot] = value.eval(f);
            return next;
        }
    }

    /** {@code (SET t (REG r) e)} for a float register. */
    static final class SetFloat extends Instr {
        private final int slot;
        private final Expr.Float value;
        private final int next;

        SetFloat(Cost cost, int site, int slot, Expr.Float value, int next) {
            super(PLAIN, cost, site);
            this.slot = slot;
            this.value = value;
            this.next = next;
        }

        @Override
        int exec(Frame f) {
            f.floats[slot] = value.eval(f);
            return next;
        }
    }

    /** {@code (SET t (MEM t a) e)} of an integer. */
    static final class StoreInt extends Instr {
        private final int bits;
        private final Expr.Int address;
        private final Expr.Int value;
        private final int next;

        StoreInt(Cost cost, int site, int bits, Expr.Int address, Expr.Int value, int next) {
            super(PLAIN, cost, site);
            this.bits = bits;
            this.address = address;
            this.value = value;
            this.next = next;
        }

        @Override
        int exec(Frame f) {
            long a = address.eval(f);
            f.memory.storeInt(bits, a, value.eval(f));
            return next;
        }
    }

    /** {@code (SET t (MEM t a) e)} of a float. */
    static final class StoreFloat extends Instr {
        private final int bits;
        private final Expr.Int address;
        private final Expr.Float value;
        private final int next;

        StoreFloat(Cost cost, int site, int bits, Expr.Int address, Expr.Float value, int next) {
            super(PLAIN, cost, site);
            this.bits = bits;
            this.address = address;
            this.value = value;
            this.next = next;
        }

        @Override
        int exec(Frame f) {
            long a = address.eval(f);
            f.memory.storeFloat(bits, a, value.eval(f));
            return next;
        }
    }

    /** {@code (SET An (MEM An d) (MEM An s))}: structure assignment, a byte copy. */
    static final class CopyBlock extends Instr {
        private final int size;
        private final Expr.Int destination;
        private final Expr.Int source;
        private final int next;

        CopyBlock(Cost cost, int site, int size, Expr.Int destination, Expr.Int source, int next) {
            super(PLAIN, cost, site);
            this.size = size;
            this.destination = destination;
            this.source = source;
            this.next = next;
        }

        @Override
        int exec(Frame f) {
            long d = destination.eval(f);
            f.memory.copy(d, source.eval(f), size);
            return next;
        }
    }

    /**
     * Simultaneous assignments: every right-hand side and target address is evaluated before any target is
     * written. {@code PARALLEL}, and a {@code SET} of a subregister (which reads its register).
     */
    static final class Parallel extends Instr {
        private final Target[] targets;
        private final Source[] sources;
        private final int next;

        Parallel(Cost cost, int site, Target[] targets, Source[] sources, int next) {
            super(PLAIN, cost, site);
            this.targets = targets;
            this.sources = sources;
            this.next = next;
        }

        @Override
        int exec(Frame f) {
            assignAll(f, targets, sources);
            return next;
        }
    }

    static void assignAll(Frame f, Target[] targets, Source[] sources) {
        Transfer t = new Transfer();
        for (Source s : sources) {
            s.load(f, t);
        }
        long[] addresses = new long[targets.length];
        for (int i = 0; i < targets.length; i++) {
            addresses[i] = targets[i].address(f);
        }
        for (int i = 0; i < targets.length; i++) {
            targets[i].assign(f, addresses[i], t, i);
        }
    }

    /**
     * The PHIs at the head of a block, executed together on entry: the arguments for the block the jump
     * came from are all evaluated, then all destinations assigned.
     */
    static final class Phis extends Instr {
        private final int[] predecessors;
        private final Source[][] sources;
        private final Target[] targets;
        private final String[] predecessorNames;
        private final String blockName;
        private final int next;

        Phis(Cost cost, int site, int[] predecessors, String[] predecessorNames, Source[][] sources,
             Target[] targets, String blockName, int next) {
            super(PLAIN, cost, site);
            this.predecessors = predecessors;
            this.predecessorNames = predecessorNames;
            this.sources = sources;
            this.targets = targets;
            this.blockName = blockName;
            this.next = next;
        }

        @Override
        int exec(Frame f) {
            for (int i = 0; i < predecessors.length; i++) {
                if (predecessors[i] == f.from) {
                    assignAll(f, targets, sources[i]);
                    return next;
                }
            }
            String from = f.from < 0 ? "the function's entry" : "block " + f.function.blockNames[f.from];
            throw new RuntimeTrap(RuntimeError.Kind.MISSING_LABEL, "PHI at " + blockName + " has no argument for "
                    + from + " (it has " + String.join(", ", predecessorNames) + ")");
        }
    }

    /** {@code (JUMP (LABEL l))}. */
    static final class Jump extends Instr {
        private final int target;
        private final int block;

        Jump(Cost cost, int site, int target, int block) {
            super(PLAIN, cost, site);
            this.target = target;
            this.block = block;
        }

        @Override
        int exec(Frame f) {
            f.from = block;
            return target;
        }
    }

    /** {@code (JUMPC test (LABEL t) (LABEL e))}. */
    static final class JumpC extends Instr {
        private final Expr.Int test;
        private final int ifTrue;
        private final int ifFalse;
        private final int block;

        JumpC(Cost cost, int site, Expr.Int test, int ifTrue, int ifFalse, int block) {
            super(PLAIN, cost, site);
            this.test = test;
            this.ifTrue = ifTrue;
            this.ifFalse = ifFalse;
            this.block = block;
        }

        @Override
        int exec(Frame f) {
            f.from = block;
            return test.eval(f) != 0 ? ifTrue : ifFalse;
        }
    }

    /** {@code (JUMPN v ((c (LABEL l))…) (LABEL d))}. */
    static final class JumpN extends Instr {
        private final Expr.Int value;
        private final long[] cases;
        private final int[] targets;
        private final int otherwise;
        private final int block;

        JumpN(Cost cost, int site, Expr.Int value, long[] cases, int[] targets, int otherwise, int block) {
            super(PLAIN, cost, site);
            this.value = value;
            this.cases = cases;
            this.targets = targets;
            this.otherwise = otherwise;
            this.block = block;
        }

        @Override
        int exec(Frame f) {
            f.from = block;
            long v = value.eval(f);
            for (int i = 0; i < cases.length; i++) {
                if (cases[i] == v) {
                    return targets[i];
                }
            }
            return otherwise;
        }
    }

    /** {@code (JUMPN v ((c (LABEL l))…) (LABEL d))} on an I128 value. */
    static final class JumpNInt128 extends Instr {
        private final Expr.Int128 value;
        private final org.funssa.core.interp.Int128[] cases;
        private final int[] targets;
        private final int otherwise;
        private final int block;

        JumpNInt128(Cost cost, int site, Expr.Int128 value, org.funssa.core.interp.Int128[] cases, int[] targets,
                    int otherwise, int block) {
            super(PLAIN, cost, site);
            this.value = value;
            this.cases = cases;
            this.targets = targets;
            this.otherwise = otherwise;
            this.block = block;
        }

        @Override
        int exec(Frame f) {
            f.from = block;
            org.funssa.core.interp.Int128 v = value.eval(f);
            for (int i = 0; i < cases.length; i++) {
                if (cases[i].equals(v)) {
                    return targets[i];
                }
            }
            return otherwise;
        }
    }

    /** A statement that fails when executed: a jump to a missing label, an unsupported construct. */
    static final class Trap extends Instr {
        private final RuntimeError.Kind error;
        private final String message;

        Trap(int site, RuntimeError.Kind error, String message) {
            super(PLAIN, Cost.TRAP, site);
            this.error = error;
            this.message = message;
        }

        @Override
        int exec(Frame f) {
            throw new RuntimeTrap(error, message);
        }
    }

    /** {@code (CALL f (arg…) (receiver…))}. */
    static final class Call extends Instr {
        /** The module function called, when the call is direct; else null. */
        final CompiledFunction direct;
        /** The library function called, when the call is direct to one; else null. */
        final LibraryFunction library;
        final String libraryName;
        final Expr.Int function;
        final Source[] args;
        final LirType[] argTypes;
        final Target[] receivers;

        Call(Cost cost, int site, CompiledFunction direct, LibraryFunction library, String libraryName,
             Expr.Int function, Source[] args, LirType[] argTypes, Target[] receivers) {
            super(CALL, cost, site);
            this.direct = direct;
            this.library = library;
            this.libraryName = libraryName;
            this.function = function;
            this.args = args;
            this.argTypes = argTypes;
            this.receivers = receivers;
        }

        /** Assigns the callee's results to the receivers; a receiver without a result gets 0. */
        void receive(Frame f, Transfer results) {
            for (int i = 0; i < receivers.length; i++) {
                Target r = receivers[i];
                long address = r.address(f);
                if (i < results.count) {
                    r.assign(f, address, results, i);
                } else {
                    r.assignZero(f, address);
                }
            }
        }
    }

    /** {@code (EPILOGUE (0 0) result…)}. */
    static final class Return extends Instr {
        final Source[] results;
        final LirType[] types;

        Return(Cost cost, int site, Source[] results, LirType[] types) {
            super(RETURN, cost, site);
            this.results = results;
            this.types = types;
        }
    }
}
