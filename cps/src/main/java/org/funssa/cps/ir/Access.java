package org.funssa.cps.ir;

import io.vavr.control.Option;

/**
 * How a load or store touches memory, kept from LIR's {@code (MEM t addr [&V] [&N] [&align n])} so that the
 * access can be written back: volatile, "no safe" (may not be moved) and a known alignment in bytes.
 */
public record Access(boolean isVolatile, boolean noSafe, Option<Integer> align) {

    /** An ordinary access: not volatile, movable, alignment unknown. */
    public static final Access PLAIN = new Access(false, false, Option.none());

    public Access {
        if (align.exists(a -> a <= 0)) {
            throw new IllegalArgumentException("alignment must be positive, found " + align.get());
        }
    }
}
