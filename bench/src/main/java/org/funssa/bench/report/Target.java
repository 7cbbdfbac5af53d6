package org.funssa.bench.report;

import io.vavr.Tuple2;
import io.vavr.collection.Vector;
import java.util.Locale;
import org.funssa.bench.history.SnapshotMemory;
import org.funssa.bench.scaling.Measurement;
import org.funssa.bench.scaling.Scaling;

/**
 * A speed target of issue 6 and how to judge it from scaling results. A target names the phases it is
 * about by prefix ({@code construct.} covers every construction variant) and is judged on the worst of
 * them over all shapes, so "met" means met by every variant on every shape.
 *
 * @param claim     the target as stated, for the report
 * @param phases    phase-name prefix (or exact name) the target is about
 * @param criterion what is compared with the limit
 * @param limit     the limit
 */
public record Target(String claim, String phases, Criterion criterion, double limit) {

    /** What a target compares. */
    public enum Criterion {
        /** Throughput at the largest measured size, at least the limit (units per second). */
        MIN_THROUGHPUT,
        /**
         * Throughput on every input, generated or from the corpus, on which one run did at least
         * {@link #SUSTAINED_WORK} units of work, at least the limit: an interpreter's speed, which a short run
         * (most generated programs end after a few thousand operations) would hide under its setup.
         */
        MIN_SUSTAINED_THROUGHPUT,
        /** Time at the largest size over time at a tenth of it, at most the limit. */
        MAX_DECADE_RATIO,
        /** Memory of a History's snapshots relative to one copy of the program (SnapshotMemory), at most the limit. */
        MAX_SNAPSHOT_MEMORY
    }

    /** The work of one run from which {@link Criterion#MIN_SUSTAINED_THROUGHPUT} counts it. */
    public static final long SUSTAINED_WORK = 10_000_000;

    /** The judged outcome. */
    public enum Status { MET, NOT_MET, NOT_MEASURED }

    /** A target with its measured figure (or the reason there is none). */
    public record Verdict(Target target, String measured, Status status) {}

    /** The targets of issue 6. */
    public static final Vector<Target> ISSUE_6 = Vector.of(
            new Target("construction ≥ 1,000,000 LIR instructions/s", "construct.", Criterion.MIN_THROUGHPUT, 1e6),
            new Target("construction time(10^6)/time(10^5) ≤ 12", "construct.", Criterion.MAX_DECADE_RATIO, 12),
            new Target("destruction ≥ 1,000,000 LIR instructions/s", "destruct.", Criterion.MIN_THROUGHPUT, 1e6),
            new Target("destruction time(10^6)/time(10^5) ≤ 12", "destruct.", Criterion.MAX_DECADE_RATIO, 12),
            new Target("interpreter ≥ 20,000,000 operations/s", "interp", Criterion.MIN_SUSTAINED_THROUGHPUT, 2e7),
            new Target("snapshots ≤ 2× one copy for 1,000 local rewrites", "snapshot", Criterion.MAX_SNAPSHOT_MEMORY, 2));

    /** Judges this target on the scaling results alone (no snapshot measurement). */
    public Verdict judge(Vector<Scaling> results) {
        return judge(results, Vector.empty());
    }

    /**
     * Judges this target on the scaling results and the snapshot-memory measurements; the snapshot target is
     * judged on the first measurement (issue 5's program), the others are reported beside it.
     */
    public Verdict judge(Vector<Scaling> results, Vector<SnapshotMemory.Measurement> snapshots) {
        return judge(results, Vector.empty(), snapshots);
    }

    /** Judges this target on the scaling results, the corpus measurements (phase, measurement) and snapshots. */
    public Verdict judge(Vector<Scaling> results, Vector<Tuple2<String, Measurement>> corpus,
                         Vector<SnapshotMemory.Measurement> snapshots) {
        Vector<Scaling> mine = results.filter(s -> s.phase().equals(phases) || s.phase().startsWith(phases));
        return switch (criterion) {
            case MAX_SNAPSHOT_MEMORY -> snapshots.isEmpty()
                    ? new Verdict(this, "not measured: run without --snapshot-memory 0", Status.NOT_MEASURED)
                    : snapshotMemory(snapshots);
            case MIN_THROUGHPUT -> mine.isEmpty() ? unregistered() : throughput(mine);
            case MIN_SUSTAINED_THROUGHPUT -> mine.isEmpty() ? unregistered() : sustained(mine.head().unit(),
                    mine.flatMap(Scaling::points).appendAll(corpus.filter(c -> c._1.equals(phases)
                            || c._1.startsWith(phases)).map(Tuple2::_2)));
            case MAX_DECADE_RATIO -> mine.isEmpty() ? unregistered() : decadeRatio(mine);
        };
    }

    private Verdict snapshotMemory(Vector<SnapshotMemory.Measurement> snapshots) {
        SnapshotMemory.Measurement m = snapshots.head();
        String others = snapshots.tail().map(o -> String.format(Locale.ROOT, "; %s: %.2f×", o.program(), o.ratio()))
                .mkString();
        return new Verdict(this, String.format(Locale.ROOT, "%.2f× (%s, %,d lets, %d snapshots)%s", m.ratio(),
                m.program(), m.size().lets(), m.snapshots(), others), m.ratio() <= limit ? Status.MET : Status.NOT_MET);
    }

    private Verdict unregistered() {
        return new Verdict(this, "not yet measured: no phase " + phases + "… is registered", Status.NOT_MEASURED);
    }

    private Verdict throughput(Vector<Scaling> mine) {
        Scaling worst = mine.filter(s -> s.largestThroughput().isDefined())
                .minBy(s -> s.largestThroughput().get()).get();
        double value = worst.largestThroughput().get();
        return new Verdict(this, String.format(Locale.ROOT, "%,.0f %s/s (worst: %s on %s, %,d instructions)",
                value, worst.unit(), worst.phase(), worst.shape(), worst.points().last().instructions()),
                value >= limit ? Status.MET : Status.NOT_MET);
    }

    private Verdict sustained(String unit, Vector<Measurement> measured) {
        Vector<Measurement> longRuns = measured.filter(m -> m.work() >= SUSTAINED_WORK);
        if (longRuns.isEmpty()) {
            return new Verdict(this, String.format(Locale.ROOT, "not measured: no input ran %,d %s"
                    + " (add a long-running corpus program with --corpus)", SUSTAINED_WORK, unit), Status.NOT_MEASURED);
        }
        Measurement worst = longRuns.minBy(Measurement::throughput).get();
        double value = worst.throughput();
        return new Verdict(this, String.format(Locale.ROOT, "%,.0f %s/s (worst of the %d runs of ≥ %,d %s: %s)", value,
                unit, longRuns.size(), SUSTAINED_WORK, unit, worst.input()), value >= limit ? Status.MET : Status.NOT_MET);
    }

    private Verdict decadeRatio(Vector<Scaling> mine) {
        Vector<Scaling> measured = mine.filter(s -> s.decadeRatio().isDefined());
        if (measured.isEmpty()) {
            return new Verdict(this, "not measured: no run has both a size and a tenth of it", Status.NOT_MEASURED);
        }
        Scaling worst = measured.maxBy(s -> s.decadeRatio().get()).get();
        double value = worst.decadeRatio().get();
        long largest = worst.points().last().size();
        return new Verdict(this, String.format(Locale.ROOT, "%.2f (worst: %s on %s, sizes %,d / %,d)", value,
                worst.phase(), worst.shape(), largest, largest / 10), value <= limit ? Status.MET : Status.NOT_MET);
    }
}
