package org.funssa.cps.testkit;

import io.vavr.control.Option;

/**
 * What a {@link LawRunner} found: the law, the runner's seed, how many samples were conclusive, and the
 * first counterexample, reduced, if the law broke.
 */
public record LawReport(String law, long seed, int samples, int conclusive, Option<Counterexample> counterexample) {

    /** Whether the law held on every conclusive sample and at least one sample was conclusive. */
    public boolean holds() {
        return counterexample.isEmpty() && conclusive > 0;
    }

    /** A description for a person: the counterexample, or how many samples the law held on. */
    public String describe() {
        return counterexample.map(c -> c.describe(law)).getOrElse(() -> conclusive == 0
                ? "law \"" + law + "\" was checked on none of " + samples + " samples (seed " + seed
                        + "): every sample was inconclusive"
                : "law \"" + law + "\" held on " + conclusive + " of " + samples + " samples (seed " + seed + ")");
    }

    /**
     * The adapter for test frameworks: returns normally when the law {@link #holds()}, else throws an
     * {@link AssertionError} whose message is {@link #describe()}.
     */
    public void assertHolds() {
        if (!holds()) {
            throw new AssertionError(describe());
        }
    }
}
