package org.funssa.core.interp;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.lir.Symbol;

/**
 * Where a function's {@code FRAME} symbols live in its frame allocation: in symbol-table order, each at the
 * next multiple of its alignment. Shared by the LIR and IR interpreters, so a frame slot has the same
 * address under both.
 *
 * @param offsets the byte offset of each FRAME symbol
 * @param size    the frame's size in bytes; none when the function has no FRAME symbols (no allocation)
 */
public record FrameLayout(Map<String, Long> offsets, Option<Long> size) {

    /** The layout of the FRAME symbols among a function's symbols. */
    public static FrameLayout of(Vector<Symbol> symbols) {
        long offset = 0;
        boolean any = false;
        Map<String, Long> offsets = LinkedHashMap.empty();
        for (Symbol s : symbols) {
            if (s instanceof Symbol.Frame f) {
                any = true;
                long align = Math.max(1, f.align());
                offset = (offset + align - 1) / align * align;
                offsets = offsets.put(f.name(), offset);
                offset += f.type().bytes();
            }
        }
        return new FrameLayout(offsets, any ? Option.of(offset) : Option.none());
    }
}
