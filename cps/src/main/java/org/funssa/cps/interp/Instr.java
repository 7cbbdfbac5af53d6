package org.funssa.cps.interp;

import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.RuntimeTrap;
import org.funssa.core.interp.libc.LibraryFunction;
import org.funssa.core.lir.LirType;
import org.funssa.cps.ir.Type;

/**
 * One executable step of a compiled IR function: a let or a tail. Lets and jumps are {@link #PLAIN}: a
 * closure that does the work and returns the next instruction's index. Calls and returns change frames,
 * which the interpreter's loop does itself.
 */
final class Instr {
    static final int PLAIN = 0;
    static final int CALL = 1;
    static final int RETURN = 2;

    /** A let or a jump: does its work on the frame, returns the index of the next instruction. */
    interface Exec {
        int exec(IrFrame f);
    }

    final int kind;
    /** Steps counted when the instruction executes. */
    final int cost;
    /** Operations counted when it executes: one for a let or a tail, none for a trap (package documentation). */
    final int operations;
    /** The block (0: the function's body; else a local function's) and the index in its body. */
    final int block;
    final int index;
    final Exec exec;
    final Call call;
    final Return ret;

    private Instr(int kind, int cost, int operations, int block, int index, Exec exec, Call call, Return ret) {
        this.kind = kind;
        this.cost = cost;
        this.operations = operations;
        this.block = block;
        this.index = index;
        this.exec = exec;
        this.call = call;
        this.ret = ret;
    }

    /** A let other than a call, or a jump, branch or switch: one operation. */
    static Instr plain(int cost, int block, int index, Exec exec) {
        return new Instr(PLAIN, cost, 1, block, index, exec, null, null);
    }

    /** A call: one operation. */
    static Instr call(int cost, int block, int index, Call call) {
        return new Instr(CALL, cost, 1, block, index, null, call, null);
    }

    /** A return: one operation. */
    static Instr ret(int cost, int block, int index, Return ret) {
        return new Instr(RETURN, cost, 1, block, index, null, null, ret);
    }

    /** An instruction that fails with {@code kind} when reached (something the compiler could not execute). */
    static Instr trap(int block, int index, RuntimeError.Kind kind, String message) {
        return new Instr(PLAIN, 1, 0, block, index, f -> {
            throw new RuntimeTrap(kind, message);
        }, null, null);
    }

    /**
     * A non-tail call: the callee (a module function, a library function, or an address in a slot), the
     * argument slots with their shapes and LIR types, the result slots with their types.
     */
    record Call(IrCode direct, LibraryFunction library, String libraryName, int function,
                int[] args, Shape[] argShapes, LirType[] argTypes,
                int[] results, Type.Data[] resultTypes, int next, Guarded guard) {

        /** The same call made only when {@code guard}'s predicate holds. */
        Call guarded(Guarded g) {
            return new Call(direct, library, libraryName, function, args, argShapes, argTypes, results, resultTypes,
                    next, g);
        }
    }

    /**
     * The guard of a predicated call ({@code p ? r, m = call …}): the slot of its predicate, what to do when the
     * predicate holds (mark the results defined) and when it does not (results ⊥ and not defined).
     */
    record Guarded(int predicate, Exec taken, Exec skipped) {}

    /** A return: the slots of the data values, their shapes and their LIR types (memory tokens are not values). */
    record Return(int[] values, Shape[] shapes, LirType[] types) {}

    /**
     * The parallel binding of a jump's arguments to the target's parameters: every argument is read before
     * any parameter is written, so {@code L(y, x)} into {@code L(x, y)} swaps.
     */
    record Move(int[] from, int[] to, int[] blocksFrom, int[] blocksTo, boolean overlapping) {

        void apply(IrFrame f) {
            long[] r = f.r;
            if (!overlapping) {
                for (int i = 0; i < from.length; i++) {
                    r[to[i]] = r[from[i]];
                }
                for (int i = 0; i < blocksFrom.length; i++) {
                    f.a[blocksTo[i]] = f.a[blocksFrom[i]];
                }
                return;
            }
            long[] values = new long[from.length];
            for (int i = 0; i < from.length; i++) {
                values[i] = r[from[i]];
            }
            byte[][] blocks = new byte[blocksFrom.length][];
            for (int i = 0; i < blocksFrom.length; i++) {
                blocks[i] = f.a[blocksFrom[i]];
            }
            for (int i = 0; i < from.length; i++) {
                r[to[i]] = values[i];
            }
            for (int i = 0; i < blocksFrom.length; i++) {
                f.a[blocksTo[i]] = blocks[i];
            }
        }

        /** A move; it needs temporaries when some argument slot is also a parameter slot written by it. */
        static Move of(int[] from, int[] to, int[] blocksFrom, int[] blocksTo) {
            return new Move(from, to, blocksFrom, blocksTo, overlaps(from, to) || overlaps(blocksFrom, blocksTo));
        }

        private static boolean overlaps(int[] from, int[] to) {
            java.util.Set<Integer> written = new java.util.HashSet<>();
            for (int t : to) {
                written.add(t);
            }
            for (int i = 0; i < from.length; i++) {
                if (from[i] != to[i] && written.contains(from[i])) {
                    return true;
                }
            }
            return false;
        }
    }
}
