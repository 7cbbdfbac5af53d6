package org.funssa.cps.testkit;

import io.vavr.control.Option;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.Module;

/**
 * What a {@link LirLawRunner} found: the law, the runner's seed, how many samples were checked and how many
 * were conclusive, and the first counterexample if the law broke.
 */
public record LirLawReport(String law, long seed, int samples, int conclusive, Option<Counterexample> counterexample) {

    /**
     * A sample that broke the law: {@code generator.generate(seed, size)} gives it again.
     *
     * @param module  the sample's module
     * @param verdict how the law broke
     */
    public record Counterexample(long seed, int size, Module module, Verdict.Broken verdict) {}

    /** Whether the law held on every conclusive sample and at least one sample was conclusive. */
    public boolean holds() {
        return counterexample.isEmpty() && conclusive > 0;
    }

    /** A description for a person: the counterexample with its LIR, or how many samples the law held on. */
    public String describe() {
        return counterexample.map(c -> "law \"" + law + "\" broke on the sample of seed " + c.seed() + ", size "
                + c.size() + ": " + c.verdict().kind() + "\n" + c.verdict().detail() + "\nthe module:\n"
                + LirPrinter.print(c.module())).getOrElse(() -> conclusive == 0
                ? "law \"" + law + "\" was checked on none of " + samples + " samples (seed " + seed
                        + "): every sample was inconclusive"
                : "law \"" + law + "\" held on " + conclusive + " of " + samples + " samples (seed " + seed + ")");
    }

    /** Returns normally when the law {@link #holds()}, else throws an {@link AssertionError} saying why. */
    public void assertHolds() {
        if (!holds()) {
            throw new AssertionError(describe());
        }
    }
}
