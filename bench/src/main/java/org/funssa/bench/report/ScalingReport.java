package org.funssa.bench.report;

import io.vavr.Tuple2;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.Locale;
import org.funssa.bench.history.SnapshotMemory;
import org.funssa.bench.phase.Phases;
import org.funssa.bench.scaling.Measurement;
import org.funssa.bench.scaling.Scaling;
import org.funssa.bench.scaling.ScalingHarness;

/**
 * The Markdown report of one benchmark run: machine, exact commands, targets with measured figures,
 * fitted exponents, a table per phase, the corpus programs, and JMH results when they were run.
 *
 * @param date     the run's date, {@code YYYY-MM-DD}
 * @param machine  where it ran
 * @param commands the commands that produced it, in order
 * @param result   the scaling harness's results
 * @param plotFile the SVG plot's file name, beside the report
 * @param jmh      JMH results, if JMH was run
 * @param snapshots snapshot-memory measurements (issue 5), the one the target is judged on first; may be empty
 */
public record ScalingReport(String date, Machine machine, Vector<String> commands, ScalingHarness.Result result,
                            String plotFile, Option<JmhResults> jmh, Vector<SnapshotMemory.Measurement> snapshots) {

    /** The plot: time against size, one colour per phase, one dash pattern per shape. */
    public LogLogPlot plot() {
        Vector<String> phases = result.scalings().map(Scaling::phase).distinct();
        Vector<Scaling> drawable = result.scalings().filter(s -> !s.points().isEmpty());
        Vector<String> shapes = drawable.map(s -> s.shape().name()).distinct();
        return new LogLogPlot("Time against size (median of " + result.settings().repetitions() + " runs)",
                "input size (LIR instructions)", "time (ms)",
                drawable.map(s -> new LogLogPlot.Series(s.phase() + " " + s.shape(), phases.indexOf(s.phase()),
                        shapes.indexOf(s.shape().name()), s.points().map(m ->
                        new LogLogPlot.Point(m.instructions(), m.medianMillis())))));
    }

    /** The report. */
    public String markdown() {
        Vector<String> out = Vector.of("# funssa benchmark report, " + date, "");
        out = out.appendAll(Vector.of("## Machine", "")).appendAll(machine.describe().map(l -> "- " + l))
                .append("");
        out = out.appendAll(Vector.of("## Commands", "", "```")).appendAll(commands).appendAll(Vector.of("```", ""));
        out = out.appendAll(method());
        out = out.appendAll(targets());
        out = out.appendAll(exponents());
        out = out.appendAll(perPhase());
        out = out.appendAll(corpus());
        out = out.appendAll(snapshotMemory());
        if (jmh.isDefined()) {
            out = out.appendAll(Vector.of("## JMH", "",
                    "Forked JVMs with the settings in bench/README.md; score is the average time per operation.",
                    "")).appendAll(jmh.get().markdown()).append("");
        }
        return out.mkString("\n");
    }

    private Vector<String> method() {
        var s = result.settings();
        return Vector.of("## Method", "",
                String.format(Locale.ROOT, "Scaling harness (%s): per phase and input, untimed warm-up runs until"
                        + " there have been %d and they took %s s, then %d timed runs each after `System.gc()`; wall"
                        + " time by `System.nanoTime()`; the median is reported, and the medians of the runs'"
                        + " garbage-collection times (the collectors' own account, part of the wall time) and of the"
                        + " bytes they allocated (the measuring thread's count; the phase runs on it alone). Generated"
                        + " inputs: one function per size and shape, seed %d. Size and throughput count LIR"
                        + " instructions (statements of function bodies, labels included).",
                        s.forks() == 0 ? "one JVM" : s.forks() == 1
                                ? "each phase in a JVM of its own, with the options of this one"
                                : "each phase in " + s.forks() + " JVMs of its own, with the options of this one;"
                                + " the timed runs of all are pooled",
                        s.warmup(), org.funssa.bench.scaling.Arguments.format(s.warmupSeconds()), s.repetitions(),
                        org.funssa.bench.phase.Workload.SEED),
                "",
                String.format(Locale.ROOT, "Exponent k: least-squares fit of log(time) = a + k·log(size) on the"
                        + " sizes ≥ %,d. Reference: the same fit applied to exactly n·log n on the same sizes"
                        + " (≈ 1.09 for 10^4…10^6). A phase is flagged when k exceeds the reference by more than"
                        + " %.2f. See bench/README.md.", (long) s.fitFrom(), s.tolerance()),
                "")
                .appendAll(s.maxSizes().isEmpty() ? Vector.empty() : Vector.of("Phases run only up to a size (too slow"
                        + " to run at every size in this run; their ratio is taken at their largest size): "
                        + s.maxSizes().map(e -> String.format(Locale.ROOT, "`%s` ≤ %,d", e._1, e._2)).mkString(", ")
                        + ".", ""));
    }

    private Vector<String> targets() {
        Vector<String> out = Vector.of("## Targets", "", "| target | measured | status |", "|---|---|---|");
        for (Target.Verdict v : Target.ISSUE_6.map(t -> t.judge(result.scalings(), result.corpus(), snapshots))) {
            String status = switch (v.status()) {
                case MET -> "met";
                case NOT_MET -> "**not met**";
                case NOT_MEASURED -> "not yet measured";
            };
            out = out.append("| " + v.target().claim() + " | " + v.measured() + " | " + status + " |");
        }
        return out.append("");
    }

    private Vector<String> snapshotMemory() {
        if (snapshots.isEmpty()) {
            return Vector.empty();
        }
        return Vector.of("## Snapshot memory", "", "`org.funssa.bench.history.SnapshotMemory` (method in its Javadoc:"
                        + " heap in use after `System.gc()` before and after, everything measured reachable): each"
                        + " snapshot is a `History.apply` of a one-block rewrite at a block picked at random (seeded).",
                "", "```").appendAll(snapshots.flatMap(m -> Vector.of(m.describe().split("\n")))).appendAll(Vector.of("```", ""));
    }

    private Vector<String> exponents() {
        Vector<String> out = Vector.of("## Scaling", "", "![time against size, log-log](" + plotFile + ")", "",
                "| phase | shape | exponent k | n·log n reference | t(largest)/t(largest/10) | allocated, same ratio"
                        + " | flag |",
                "|---|---|---:|---:|---:|---:|---|");
        for (Scaling s : result.scalings()) {
            out = out.append("| " + s.phase() + " | " + s.shape() + " | "
                    + s.fit().map(f -> fixed(f.exponent(), 3)).getOrElse("–") + " | "
                    + (Double.isNaN(s.nLogN()) ? "–" : fixed(s.nLogN(), 3)) + " | "
                    + s.decadeRatio().map(r -> fixed(r, 2)).getOrElse("–") + " | "
                    + s.allocationRatio().map(r -> fixed(r, 2)).getOrElse("–") + " | "
                    + (s.flagged() ? "**worse than n·log n**" : s.fit().isDefined() ? "ok" : "no fit") + " |");
        }
        return out.append("");
    }

    private Vector<String> perPhase() {
        Vector<String> out = Vector.empty();
        for (String phase : result.scalings().map(Scaling::phase).distinct()) {
            Vector<Scaling> runs = result.scalings().filter(s -> s.phase().equals(phase));
            String description = Phases.find(phase).map(p -> ": " + p.description()).getOrElse("");
            String unit = runs.head().unit();
            out = out.appendAll(Vector.of("### " + phase + description, "",
                    "| shape | size | instructions | median ms | " + unit + "/s | GC ms (median) | allocated MB"
                            + " (median) |",
                    "|---|---:|---:|---:|---:|---:|---:|"));
            for (Scaling s : runs) {
                for (Measurement m : s.points()) {
                    out = out.append(row(s.shape().name(), m));
                }
            }
            out = out.append("");
        }
        return out;
    }

    private Vector<String> corpus() {
        Vector<Tuple2<String, Measurement>> runs = result.corpus();
        if (runs.isEmpty()) {
            return Vector.empty();
        }
        Vector<String> out = Vector.of("## Largest corpus programs (.before.lir)", "",
                "| phase | program | instructions | median ms | throughput/s |", "|---|---|---:|---:|---:|");
        for (Tuple2<String, Measurement> r : runs) {
            Measurement m = r._2;
            out = out.append("| " + r._1 + " | " + m.input() + " | " + String.format(Locale.ROOT, "%,d", m.instructions())
                    + " | " + fixed(m.medianMillis(), 3) + " | " + String.format(Locale.ROOT, "%,.0f", m.throughput())
                    + " |");
        }
        return out.append("");
    }

    private static String row(String shape, Measurement m) {
        return String.format(Locale.ROOT, "| %s | %,d | %,d | %.3f | %,.0f | %,.0f | %s |", shape, m.size(),
                m.instructions(), m.medianMillis(), m.throughput(), m.medianGcMillis(), ScalingHarness.megabytes(m));
    }

    private static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
