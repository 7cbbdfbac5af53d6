package org.funssa.bench.phase;

import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * A phase bound to one input, ready to be timed: {@link #operation} is the work to time (its result is
 * kept so the JIT cannot drop the work), {@link #work} counts the units of work a result represents, for
 * throughput (LIR instructions for most phases, executed operations for an interpreter).
 */
public record Trial(Supplier<?> operation, ToLongFunction<Object> work) {

    /** Each result, published through a volatile write so that the JIT cannot elide the work, then cleared. */
    @SuppressWarnings("unused")
    private static volatile Object escaped;

    /**
     * Runs the operation once and returns the units of work it did. The result is published, so the work
     * cannot be dropped, and then let go: kept until the next run, it would be live data during that run (a
     * whole function's IR, gigabytes at 10^6 instructions) and charge the collector's work on it to the
     * largest inputs only.
     */
    public long run() {
        Object result = operation.get();
        escaped = result;
        long units = work.applyAsLong(result);
        escaped = null;
        return units;
    }

    /** What {@link #run} leaves published: nothing, once a run has returned. */
    static Object published() {
        return escaped;
    }
}
