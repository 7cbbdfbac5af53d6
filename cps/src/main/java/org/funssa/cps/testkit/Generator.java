package org.funssa.cps.testkit;

/**
 * A seeded source of test inputs: {@code generate(seed, size)} is deterministic, and {@code size} (at least 1)
 * scales the input.
 */
@FunctionalInterface
public interface Generator<T> {

    T generate(long seed, int size);

    /** This generator's inputs, transformed. */
    default <U> Generator<U> map(java.util.function.Function<? super T, ? extends U> f) {
        return (seed, size) -> f.apply(generate(seed, size));
    }
}
