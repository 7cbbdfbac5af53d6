package org.funssa.core.interp;

/** The state of one active call: its registers, its frame memory, where it resumes, and its caller. */
final class Frame {
    private static final double[] NO_FLOATS = new double[0];
    private static final long[] NO_INTS = new long[0];
    private static final Int128[] NO_INT128S = new Int128[0];
    private static final Float128[] NO_FLOAT128S = new Float128[0];

    final CompiledFunction function;
    final Memory memory;
    final long[] ints;
    final double[] floats;
    /** I128 and F128 registers, which take a slower path than the unboxed ones. */
    final Int128[] int128s;
    final Float128[] float128s;
    /** Base address of the frame's memory (its FRAME symbols), 0 if it has none. */
    final long base;
    /** Address of the variadic arguments this call received, 0 if none. */
    long variadics;
    /** The block the last jump left, for PHI. */
    int from = -1;
    /** Where the caller resumes, while this frame is calling. */
    int resume;
    /** The call this frame is executing, while it waits for the callee to return. */
    Instr.Call pending;
    final Frame caller;
    final int depth;

    Frame(CompiledFunction function, Memory memory, Frame caller, int depth) {
        this.function = function;
        this.memory = memory;
        this.ints = function.intSlots == 0 ? NO_INTS : new long[function.intSlots];
        this.floats = function.floatSlots == 0 ? NO_FLOATS : new double[function.floatSlots];
        this.int128s = function.int128Slots == 0 ? NO_INT128S : filled(new Int128[function.int128Slots], Int128.ZERO);
        this.float128s = function.float128Slots == 0 ? NO_FLOAT128S
                : filled(new Float128[function.float128Slots], Float128.POSITIVE_ZERO);
        this.base = function.frameSize < 0 ? 0 : memory.allocate(Memory.Kind.FRAME, function.frameSize, function.name);
        this.caller = caller;
        this.depth = depth;
    }

    private static <T> T[] filled(T[] slots, T zero) {
        java.util.Arrays.fill(slots, zero);
        return slots;
    }

    /** Frees the frame's memory and variadic area. */
    void release() {
        if (variadics != 0) {
            memory.releaseStacked(variadics);
        }
        if (base != 0) {
            memory.releaseStacked(base);
        }
    }
}
