package org.funssa.bench.phase;

import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * A phase bound to one input, ready to be timed: {@link #operation} is the work to time (its result is
 * kept so the JIT cannot drop the work), {@link #work} counts the units of work a result represents, for
 * throughput (LIR instructions for most phases, executed operations for an interpreter).
 */
public record Trial(Supplier<?> operation, ToLongFunction<Object> work) {

    /** The last result, published through a volatile write so that the JIT cannot elide the work. */
    @SuppressWarnings("unused")
    private static volatile Object escaped;

    /** Runs the operation once and returns the units of work it did. */
    public long run() {
        Object result = operation.get();
        escaped = result;
        return work.applyAsLong(result);
    }
}
