package org.funssa.cps.interp;

import io.vavr.control.Option;
import org.funssa.core.interp.RuntimeError;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Type;

/**
 * An IR function compiled for execution by {@link IrCompiler}: the bodies of the function and of its local
 * functions laid out one after the other as {@link Instr}s (each let, then the tail), labels resolved to
 * instruction indices, variables to slots. Created empty first so that calls between functions can refer to
 * each other.
 */
final class IrCode {
    final String name;
    final Function source;
    Instr[] code;
    /** The initial scalar slots: constants in place, everything else 0 (which is what ⊥ reads as). */
    long[] constants;
    /** The initial aggregate slots: all-zero blocks for aggregate ⊥, null elsewhere. */
    byte[][] blocks;
    /** Slots holding the address of a FRAME symbol, set on entry to base + offset. */
    int[] frameSlots;
    long[] frameOffsets;
    /** Bytes of frame memory, -1 when the function has no FRAME symbols. */
    long frameSize = -1;
    /** The slots and types of the data parameters (memory tokens take no argument). */
    int[] paramSlots;
    Type.Data[] paramTypes;
    /** Operations counted on entry: one, plus one per data parameter. */
    int entryCost;
    /** Block names: index 0 is the function's own body, then the local functions in preorder. */
    String[] blockNames;

    IrCode(Function source) {
        this.name = source.name();
        this.source = source;
    }

    /** Where an instruction is: this function, the local function whose body holds it, its index there. */
    RuntimeError.Where where(Instr in) {
        return new RuntimeError.Where(name, in.block == 0 ? Option.none() : Option.of(blockNames[in.block]), in.index);
    }
}
