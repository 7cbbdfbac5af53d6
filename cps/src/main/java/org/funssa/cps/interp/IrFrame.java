package org.funssa.cps.interp;

import org.funssa.core.interp.Memory;

/**
 * One active call of an IR function: its value slots (integers, float bits and constants in {@link #r},
 * aggregates in {@link #a}), its frame memory, where it resumes and its caller. Every variable of the
 * function has its own slot, so a jump to a local function leaves the variables of enclosing bodies in
 * place: lexical scope needs no environment chain.
 */
final class IrFrame {
    final IrCode code;
    final Memory memory;
    final long[] r;
    final byte[][] a;
    /** Base address of the frame's memory (its FRAME symbols), 0 if it has none. */
    final long base;
    /** Address of the variadic arguments this call received, 0 if none. */
    long variadics;
    /** Where this frame resumes, while it is calling. */
    int resume;
    /** The call this frame is executing, while it waits for the callee to return. */
    Instr pending;
    final IrFrame caller;
    final int depth;

    IrFrame(IrCode code, Memory memory, IrFrame caller, int depth) {
        this.code = code;
        this.memory = memory;
        this.r = code.constants.clone();
        this.a = code.blocks.length == 0 ? code.blocks : code.blocks.clone();
        this.base = code.frameSize < 0 ? 0 : memory.allocate(Memory.Kind.FRAME, code.frameSize, code.name);
        for (int i = 0; i < code.frameSlots.length; i++) {
            r[code.frameSlots[i]] = base + code.frameOffsets[i];
        }
        this.caller = caller;
        this.depth = depth;
    }

    /** Frees the frame's memory and variadic area (last in, first out, as the LIR interpreter does). */
    void release() {
        if (variadics != 0) {
            memory.releaseStacked(variadics);
        }
        if (base != 0) {
            memory.releaseStacked(base);
        }
    }
}
