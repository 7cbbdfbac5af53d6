package org.funssa.bench.scaling;

import io.vavr.collection.Vector;

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
