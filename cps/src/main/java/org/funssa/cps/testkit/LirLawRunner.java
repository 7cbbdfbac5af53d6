package org.funssa.cps.testkit;

import io.vavr.control.Option;

/**
 * Checks a {@link LirLaw} on generated LIR samples, as {@link LawRunner} does for {@link Law}s: sample
 * {@code i} has seed {@code seed + i} and a size growing from 1 to {@code maxSize}; the first broken sample
 * is reported with its seed, size and module. LIR counterexamples are not reduced: regenerate the sample
 * from the seed and size, or reduce the IR a translation makes with a {@link LawRunner}.
 *
 * <pre>{@code
 * LirLawRunner.on(Generators.lir()).samples(40).check(LirLaw.preservesMeaning("round trip", t)).assertHolds();
 * }</pre>
 */
public record LirLawRunner(Generator<LirSample> generator, int samples, int maxSize, long seed) {

    public LirLawRunner {
        if (samples < 1 || maxSize < 1) {
            throw new IllegalArgumentException("a law runner needs samples >= 1 and maxSize >= 1");
        }
    }

    /** 30 samples of size up to 12 from seed 1. */
    public static LirLawRunner on(Generator<LirSample> generator) {
        return new LirLawRunner(generator, 30, 12, 1);
    }

    public LirLawRunner samples(int n) {
        return new LirLawRunner(generator, n, maxSize, seed);
    }

    public LirLawRunner maxSize(int n) {
        return new LirLawRunner(generator, samples, n, seed);
    }

    public LirLawRunner seed(long s) {
        return new LirLawRunner(generator, samples, maxSize, s);
    }

    /** The law checked on every sample until one breaks it. */
    public LirLawReport check(LirLaw law) {
        int conclusive = 0;
        for (int i = 0; i < samples; i++) {
            long sampleSeed = seed + i;
            int size = 1 + (int) ((long) i * (maxSize - 1) / Math.max(1, samples - 1));
            LirSample sample = generator.generate(sampleSeed, size);
            switch (law.check(sample)) {
                case Verdict.Holds h -> conclusive++;
                case Verdict.Inconclusive x -> { }
                case Verdict.Broken broken -> {
                    return new LirLawReport(law.name(), seed, i + 1, conclusive,
                            Option.of(new LirLawReport.Counterexample(sampleSeed, size, sample.module(), broken)));
                }
            }
        }
        return new LirLawReport(law.name(), seed, samples, conclusive, Option.none());
    }
}
