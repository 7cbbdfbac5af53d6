package org.funssa.core.interp;

import io.vavr.control.Option;
import java.io.OutputStream;

/**
 * Limits and sinks of a {@link Machine}.
 *
 * @param stepBudget    operations allowed before the run fails with {@link RuntimeError.Kind#STEP_BUDGET_EXHAUSTED}
 * @param maxCallDepth  calls that may be active at once before {@link RuntimeError.Kind#STACK_OVERFLOW}
 * @param outputLimit   bytes stdout and stderr may each receive before {@link RuntimeError.Kind#OUTPUT_LIMIT}
 * @param stdout        where stdout is copied as it is written (it is also kept in the result)
 * @param stderr        where stderr is copied as it is written (it is also kept in the result)
 */
public record MachineOptions(long stepBudget, int maxCallDepth, long outputLimit,
                             Option<OutputStream> stdout, Option<OutputStream> stderr) {

    public static final long DEFAULT_STEP_BUDGET = 1_000_000_000L;
    public static final int DEFAULT_MAX_CALL_DEPTH = 2_000_000;
    public static final long DEFAULT_OUTPUT_LIMIT = 64L << 20;

    public static MachineOptions defaults() {
        return new MachineOptions(DEFAULT_STEP_BUDGET, DEFAULT_MAX_CALL_DEPTH, DEFAULT_OUTPUT_LIMIT,
                Option.none(), Option.none());
    }
}
