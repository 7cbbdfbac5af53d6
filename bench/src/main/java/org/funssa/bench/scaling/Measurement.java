package org.funssa.bench.scaling;

import io.vavr.collection.Vector;
import org.funssa.bench.phase.Trial;
import org.funssa.bench.phase.Workload;

/**
 * The timed runs of one phase on one input.
 *
 * @param input        the input's label, e.g. {@code MIX/100000}
 * @param size         the size asked for (the generator's target); for corpus programs the instruction count
 * @param instructions the input's real size in LIR instructions
 * @param work         units of work one run did (instructions, or operations for an interpreter)
 * @param samples      wall time of each timed run, nanoseconds, in run order
 */
public record Measurement(String input, long size, long instructions, long work, Vector<Long> samples) {

    public Measurement {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("a measurement needs at least one timed run");
        }
    }

    /**
     * Times a trial: {@code warmup} untimed runs, then {@code repetitions} runs each preceded by
     * {@link System#gc()} (so one run's garbage is not collected in the next) and timed by
     * {@link System#nanoTime()}.
     */
    public static Measurement take(Trial trial, Workload workload, long size, int warmup, int repetitions) {
        long work = 0;
        for (int i = 0; i < warmup; i++) {
            work = trial.run();
        }
        Vector<Long> samples = Vector.empty();
        for (int i = 0; i < repetitions; i++) {
            System.gc();
            long start = System.nanoTime();
            work = trial.run();
            samples = samples.append(System.nanoTime() - start);
        }
        return new Measurement(workload.label(), size, workload.instructions(), work, samples);
    }

    /** The median of the samples, nanoseconds (the mean of the middle two for an even count). */
    public double medianNanos() {
        Vector<Long> sorted = samples.sorted();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
    }

    public double medianMillis() {
        return medianNanos() / 1e6;
    }

    /** Work units per second at the median time. */
    public double throughput() {
        return work / (medianNanos() / 1e9);
    }
}
