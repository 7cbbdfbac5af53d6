package org.funssa.cps.ir;

import org.funssa.cps.testkit.IrGenerator;

/**
 * The random programs of the older tests, now made by the test kit's {@link IrGenerator} at size 5 (five
 * lets per body at most, four levels of nesting); kept so that tests written against it keep compiling.
 */
public final class RandomIr {

    private final long seed;

    public RandomIr(long seed) {
        this.seed = seed;
    }

    /** The program {@link IrGenerator#program(long, int)} makes for this seed at size 5. */
    public Program program() {
        return IrGenerator.program(seed, 5);
    }
}
