package org.funssa.core.interp;

import io.vavr.control.Option;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;

/**
 * A LIR function compiled for execution: statements as an array of {@link Instr} with labels resolved to
 * indices, registers as slots of a {@code long[]} and a {@code double[]} (I128 and F128 ones of an
 * {@code Int128[]} and a {@code Float128[]}), FRAME symbols as offsets into one
 * frame allocation. Filled in once by {@link FunctionCompiler}; created empty first so that calls between
 * functions can refer to each other.
 */
final class CompiledFunction {
    final String name;
    final Module.Function source;
    Instr[] code;
    /** Parameter targets, assigned from the call's arguments on entry. */
    Target[] params;
    /** Why the PROLOGUE cannot be executed (an unsupported parameter), or null. */
    RuntimeTrap entryError;
    /** Operations counted for the PROLOGUE. */
    int prologueCost;
    int intSlots;
    int floatSlots;
    int int128Slots;
    int float128Slots;
    /** Bytes of frame memory, -1 when the function has no FRAME symbols. */
    long frameSize = -1;
    String[] blockNames;

    CompiledFunction(Module.Function source) {
        this.name = source.name();
        this.source = source;
    }

    /** Where statement {@code site} is: this function, the last label before it, its index. */
    RuntimeError.Where where(int site) {
        Option<String> label = Option.none();
        for (int i = 0; i < Math.min(site, source.body().size()); i++) {
            if (source.body().get(i) instanceof Stmt.DefLabel d) {
                label = Option.of(d.name());
            }
        }
        return new RuntimeError.Where(name, label, site);
    }
}
