package org.funssa.cps.interp;

import org.funssa.core.lir.LirType;
import org.funssa.cps.ir.Type;

/**
 * How a running function holds a value of a type: an integer's canonical bits or a float's double bits in
 * a {@code long} slot, an aggregate's bytes in a block slot; a memory token needs no slot (there is one
 * machine memory).
 */
enum Shape {
    INT, FLOAT, BLOCK, NONE;

    static Shape of(Type type) {
        return switch (type) {
            case Type.Mem m -> NONE;
            case Type.Data d -> switch (d.lir()) {
                case LirType.Int i -> INT;
                case LirType.Float f -> FLOAT;
                case LirType.Aggregate a -> BLOCK;
                case LirType.Unknown u -> throw new IllegalStateException("UNKNOWN is not a value type");
            };
        };
    }

    /** Whether the value lives in a {@code long} slot. */
    boolean scalar() {
        return this == INT || this == FLOAT;
    }
}
