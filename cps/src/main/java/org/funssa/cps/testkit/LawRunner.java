package org.funssa.cps.testkit;

import io.vavr.collection.Vector;
import io.vavr.control.Option;

/**
 * Checks a {@link Law} on generated samples (issue 5): sample {@code i} has seed {@code seed + i} and a size
 * growing from 1 to {@code maxSize}; at the first broken sample it reduces the program, keeping candidates
 * that break the law the same way, and reports the seed, the law and the reduced program.
 *
 * <pre>{@code
 * LawRunner.on(Generators.ir(Construction.PRUNED)).samples(40).check(Law.preservesMeaning(pass)).assertHolds();
 * }</pre>
 */
public record LawRunner(Generator<Sample> generator, int samples, int maxSize, long seed, int reductionAttempts) {

    public LawRunner {
        if (samples < 1 || maxSize < 1 || reductionAttempts < 0) {
            throw new IllegalArgumentException("a law runner needs samples >= 1, maxSize >= 1 and"
                    + " reductionAttempts >= 0");
        }
    }

    /** 30 samples of size up to 12 from seed 1, reductions of at most {@link Reducer#DEFAULT_ATTEMPTS}. */
    public static LawRunner on(Generator<Sample> generator) {
        return new LawRunner(generator, 30, 12, 1, Reducer.DEFAULT_ATTEMPTS);
    }

    public LawRunner samples(int n) {
        return new LawRunner(generator, n, maxSize, seed, reductionAttempts);
    }

    public LawRunner maxSize(int n) {
        return new LawRunner(generator, samples, n, seed, reductionAttempts);
    }

    public LawRunner seed(long s) {
        return new LawRunner(generator, samples, maxSize, s, reductionAttempts);
    }

    public LawRunner reductionAttempts(int n) {
        return new LawRunner(generator, samples, maxSize, seed, n);
    }

    /** The law checked on every sample until one breaks it. */
    public LawReport check(Law law) {
        return check(Vector.of(law)).head();
    }

    /**
     * Each law checked on every sample until one breaks it, in order; the reports in the laws' order. Each sample
     * is generated once for all the laws, and the laws that run its program share the run.
     */
    public Vector<LawReport> check(Vector<Law> laws) {
        java.util.List<Option<LawReport>> broken = new java.util.ArrayList<>(laws.map(l -> Option.<LawReport>none())
                .asJava());
        int[] conclusive = new int[laws.size()];
        for (int i = 0; i < samples; i++) {
            long sampleSeed = seed + i;
            int size = 1 + (int) ((long) i * (maxSize - 1) / Math.max(1, samples - 1));
            Sample sample = generator.generate(sampleSeed, size);
            for (int k = 0; k < laws.size(); k++) {
                if (broken.get(k).isEmpty()) {
                    Law law = laws.get(k);
                    switch (law.check(sample)) {
                        case Verdict.Holds h -> conclusive[k]++;
                        case Verdict.Inconclusive x -> { }
                        case Verdict.Broken verdict -> broken.set(k, Option.of(
                                counterexample(law, sample, sampleSeed, size, verdict, i + 1, conclusive[k] + 1)));
                    }
                }
            }
        }
        return laws.zipWithIndex().map(l -> broken.get(l._2).getOrElse(() -> new LawReport(l._1.name(), seed,
                samples, conclusive[l._2], Option.none())));
    }

    /** The report of a law broken by {@code sample}, its program reduced. */
    private LawReport counterexample(Law law, Sample sample, long sampleSeed, int size, Verdict.Broken broken,
                                     int checked, int conclusive) {
        Reducer.Reduction reduction = Reducer.reduce(sample.program(),
                p -> law.check(sample.with(p)).isBroken(broken.kind()), reductionAttempts);
        Verdict.Broken reduced = (Verdict.Broken) law.check(sample.with(reduction.program()));
        return new LawReport(law.name(), seed, checked, conclusive, Option.of(new Counterexample(
                sampleSeed, size, sample.program(), reduction.program(), reduced, reduction.attempts())));
    }
}
