package org.funssa.cps.testkit;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.stream.IntStream;

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
     * Each law checked on every sample, the reports in the laws' order; a law's report names the first sample that
     * breaks it, reduced. Each sample is generated once for all the laws, and the laws that run its program share
     * the run; samples are checked in parallel (laws and passes are pure), the reports are as if in order.
     */
    public Vector<LawReport> check(Vector<Law> laws) {
        Verdict[][] verdicts = IntStream.range(0, samples).parallel()
                .mapToObj(i -> {
                    Sample sample = generator.generate(seed + i, size(i));
                    return laws.map(law -> law.check(sample)).toJavaArray(Verdict[]::new);
                })
                .toArray(Verdict[][]::new);
        return laws.zipWithIndex().map(entry -> {
            Law law = entry._1;
            int conclusive = 0;
            for (int i = 0; i < samples; i++) {
                switch (verdicts[i][entry._2]) {
                    case Verdict.Holds h -> conclusive++;
                    case Verdict.Inconclusive x -> { }
                    case Verdict.Broken broken -> {
                        return counterexample(law, generator.generate(seed + i, size(i)), seed + i, size(i), broken,
                                i + 1, conclusive + 1);
                    }
                }
            }
            return new LawReport(law.name(), seed, samples, conclusive, Option.none());
        });
    }

    /** The size of sample {@code i}: from 1 for the first to {@code maxSize} for the last. */
    private int size(int i) {
        return 1 + (int) ((long) i * (maxSize - 1) / Math.max(1, samples - 1));
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
