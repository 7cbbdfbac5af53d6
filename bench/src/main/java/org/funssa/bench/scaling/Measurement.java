package org.funssa.bench.scaling;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
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
 * @param gcMillis     for each timed run, the time the garbage collectors report having spent during it
 *                     (milliseconds, summed over {@link GarbageCollectorMXBean}s), part of its wall time
 * @param allocatedBytes for each timed run, the bytes the measuring thread allocated during it, or −1 where
 *                     the JVM does not count them. A phase runs on that thread alone, so this is what the run
 *                     allocated: the memory traffic its time pays for, which tells an algorithm that does more
 *                     work per instruction at a larger size from one whose work grows in proportion but whose
 *                     memory accesses cost more there
 */
public record Measurement(String input, long size, long instructions, long work, Vector<Long> samples,
        Vector<Long> gcMillis, Vector<Long> allocatedBytes) {

    /** The allocation count of a run where the JVM does not count allocation. */
    public static final long UNKNOWN = -1;

    public Measurement {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("a measurement needs at least one timed run");
        }
        if (gcMillis.size() != samples.size()) {
            throw new IllegalArgumentException(gcMillis.size() + " garbage-collection times for " + samples.size()
                    + " timed runs");
        }
        if (allocatedBytes.size() != samples.size()) {
            throw new IllegalArgumentException(allocatedBytes.size() + " allocation counts for " + samples.size()
                    + " timed runs");
        }
    }

    /** A measurement whose runs did no garbage collection (or whose collection time is not known). */
    public Measurement(String input, long size, long instructions, long work, Vector<Long> samples) {
        this(input, size, instructions, work, samples, samples.map(s -> 0L));
    }

    /** A measurement whose runs' allocation is not known. */
    public Measurement(String input, long size, long instructions, long work, Vector<Long> samples,
                       Vector<Long> gcMillis) {
        this(input, size, instructions, work, samples, gcMillis, samples.map(s -> UNKNOWN));
    }

    /**
     * Times a trial: {@code warmup} untimed runs, then {@code repetitions} runs each preceded by
     * {@link System#gc()} (so one run's garbage is not collected in the next) and timed by
     * {@link System#nanoTime()}.
     */
    public static Measurement take(Trial trial, Workload workload, long size, int warmup, int repetitions) {
        return take(trial, workload, size, warmup, 0, repetitions);
    }

    /**
     * Times a trial: untimed runs until there have been at least {@code warmup} of them and they have taken at
     * least {@code warmupSeconds}, then {@code repetitions} runs each preceded by {@link System#gc()} (so one
     * run's garbage is not collected in the next) and timed by {@link System#nanoTime()}.
     */
    public static Measurement take(Trial trial, Workload workload, long size, int warmup, double warmupSeconds,
                                   int repetitions) {
        long work = 0;
        long warmupStart = System.nanoTime();
        for (int i = 0; i < warmup || System.nanoTime() - warmupStart < warmupSeconds * 1e9; i++) {
            work = trial.run();
        }
        Vector<Long> samples = Vector.empty();
        Vector<Long> gc = Vector.empty();
        Vector<Long> allocated = Vector.empty();
        for (int i = 0; i < repetitions; i++) {
            System.gc();
            long gcBefore = collectionMillis();
            long allocatedBefore = allocatedSoFar();
            long start = System.nanoTime();
            work = trial.run();
            samples = samples.append(System.nanoTime() - start);
            long allocatedAfter = allocatedSoFar();
            gc = gc.append(collectionMillis() - gcBefore);
            allocated = allocated.append(allocatedBefore == UNKNOWN || allocatedAfter == UNKNOWN ? UNKNOWN
                    : allocatedAfter - allocatedBefore);
        }
        return new Measurement(workload.label(), size, workload.instructions(), work, samples, gc, allocated);
    }

    /**
     * This measurement and another of the same input, made in another JVM, as one: the timed runs of both.
     *
     * @throws IllegalArgumentException when the other is of another input or size
     */
    public Measurement pooledWith(Measurement other) {
        if (!input.equals(other.input) || size != other.size || instructions != other.instructions) {
            throw new IllegalArgumentException("cannot pool a measurement of " + input + " (size " + size
                    + ") with one of " + other.input + " (size " + other.size + ")");
        }
        return new Measurement(input, size, instructions, work, samples.appendAll(other.samples),
                gcMillis.appendAll(other.gcMillis), allocatedBytes.appendAll(other.allocatedBytes));
    }

    /**
     * The bytes this thread has allocated so far ({@code com.sun.management.ThreadMXBean}, which HotSpot
     * implements), or {@link #UNKNOWN} on a JVM that does not count them.
     */
    private static long allocatedSoFar() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled()) {
            return threads.getCurrentThreadAllocatedBytes();
        }
        return UNKNOWN;
    }

    /** The collectors' accumulated collection time, milliseconds (a collector that does not tell counts 0). */
    public static long collectionMillis() {
        long total = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            total += Math.max(0, collector.getCollectionTime());
        }
        return total;
    }

    /** The median of the samples, nanoseconds (the mean of the middle two for an even count). */
    public double medianNanos() {
        return median(samples);
    }

    /** The median of the runs' garbage-collection times, milliseconds. */
    public double medianGcMillis() {
        return median(gcMillis);
    }

    /** The median of the runs' allocation, bytes, unless some run's is not known. */
    public Option<Double> medianAllocatedBytes() {
        return allocatedBytes.contains(UNKNOWN) ? Option.none() : Option.of(median(allocatedBytes));
    }

    /** The median of some values (the mean of the middle two for an even count). */
    public static double median(Vector<Long> values) {
        Vector<Long> sorted = values.sorted();
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
