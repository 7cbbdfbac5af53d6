package org.funssa.bench.scaling;

import io.vavr.Tuple2;
import io.vavr.collection.Vector;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import org.funssa.bench.phase.Phase;
import org.funssa.bench.phase.Phases;
import org.funssa.bench.phase.Workload;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.gen.Shape;

/**
 * Runs every selected phase on generated inputs of growing size and fits how its time grows
 * ({@link Scaling}); also times the phases on the largest corpus programs.
 *
 * <p>Method, per phase and input: untimed runs until there have been {@code warmup} of them and they took
 * {@code warmup-seconds}, then {@code repetitions} timed runs, each preceded by {@link System#gc()} so that one
 * run's garbage is not collected during the next; wall time by {@link System#nanoTime()}; the median is
 * reported. Each phase runs on each shape, and on the corpus, in {@code --forks} JVMs of its own ({@link Fork}),
 * or all in this one with {@code --forks 0}; inputs are generated once per shape and size (seed
 * {@link Workload#SEED}) in each JVM that needs them. This
 * is a harness for exponents and ratios, not a replacement for the JMH benchmarks, which report error bars.
 *
 * <p>{@code java -cp bench/target/benchmarks.jar org.funssa.bench.scaling.ScalingHarness [options]};
 * options are those of {@link ScalingSettings#from}.
 */
public final class ScalingHarness {

    /** What a run produced. */
    public record Result(ScalingSettings settings, Vector<Scaling> scalings,
                         Vector<Tuple2<String, Measurement>> corpus) {}

    private final ScalingSettings settings;
    private final PrintStream progress;

    public ScalingHarness(ScalingSettings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    /**
     * Runs the harness: every phase on every shape and size, then on the corpus programs; each phase in JVMs of
     * its own when the settings ask for {@link ScalingSettings#forks forks}.
     */
    public Result run() {
        return settings.forks() > 0 ? Fork.run(settings, progress) : runHere();
    }

    /** Runs every phase in this JVM. */
    private Result runHere() {
        Vector<Phase> phases = Phases.named(settings.phases());
        Vector<Tuple2<String, Tuple2<Shape, Measurement>>> generated = Vector.empty();
        for (Shape shape : settings.shapes()) {
            for (int size : settings.sizes()) {
                Workload workload = Workload.generated(shape, size);
                for (Phase phase : phases.filter(p -> settings.runs(p.name(), size))) {
                    generated = generated.append(new Tuple2<>(phase.name(),
                            new Tuple2<>(shape, measure(phase, workload, size))));
                }
            }
        }
        Vector<Tuple2<String, Measurement>> corpus = Vector.empty();
        if (!settings.corpus().isEmpty()) {
            Corpus c = Corpus.require();
            for (String program : settings.corpus()) {
                Workload workload = Workload.corpus(c, program);
                for (Phase phase : phases) {
                    corpus = corpus.append(new Tuple2<>(phase.name(),
                            measure(phase, workload, workload.instructions())));
                }
            }
        }
        return result(settings, generated, corpus);
    }

    /** The result of measurements: per phase (by name) and shape, the fitted scaling. */
    static Result result(ScalingSettings settings, Vector<Tuple2<String, Tuple2<Shape, Measurement>>> generated,
                         Vector<Tuple2<String, Measurement>> corpus) {
        Vector<Scaling> scalings = Vector.empty();
        for (Phase phase : Phases.named(settings.phases())) {
            for (Shape shape : settings.shapes()) {
                Vector<Measurement> points = generated.filter(r -> r._1.equals(phase.name()) && r._2._1 == shape)
                        .map(r -> r._2._2);
                scalings = scalings.append(Scaling.of(phase.name(), phase.unit(), shape, points,
                        settings.fitFrom(), settings.tolerance()));
            }
        }
        return new Result(settings, scalings, corpus);
    }

    private Measurement measure(Phase phase, Workload workload, long size) {
        Measurement m = Measurement.take(phase.bind().apply(workload), workload, size, settings.warmup(),
                settings.warmupSeconds(), settings.repetitions());
        progress.printf(Locale.ROOT, "%-12s %-22s %10d instr %12.3f ms %14.0f %s/s  gc %.0f ms  alloc %s MB%n",
                phase.name(), workload.label(), workload.instructions(), m.medianMillis(), m.throughput(),
                phase.unit(), m.medianGcMillis(), megabytes(m));
        return m;
    }

    /**
     * Prints the fitted exponents; exits with status 1 when the options are wrong. With {@code --measurements-to
     * FILE} (how {@link Fork} starts a child) it writes the measurements there instead.
     */
    public static void main(String[] args) {
        ScalingSettings settings;
        Arguments arguments;
        try {
            // --measurements-to is the harness's alone (a forked child's), not a setting RunReport takes
            arguments = Arguments.parse(args, ScalingSettings.OPTIONS.append(Fork.MEASUREMENTS_OPTION));
            settings = ScalingSettings.from(arguments);
        } catch (IllegalArgumentException e) {
            System.err.println("ScalingHarness: " + e.getMessage());
            System.exit(1);
            return;
        }
        Result result = new ScalingHarness(settings, System.out).run();
        for (String file : arguments.get(Fork.MEASUREMENTS_OPTION)) {
            try {
                Fork.write(Path.of(file), result);
            } catch (IOException e) {
                System.err.println("ScalingHarness: cannot write " + file + ": " + e.getMessage());
                System.exit(1);
            }
            return;
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-12s %-10s %8s %8s %10s %12s  %s%n", "phase", "shape", "k", "nlogn",
                "t10x ratio", "alloc ratio", "flag");
        for (Scaling s : result.scalings()) {
            System.out.printf(Locale.ROOT, "%-12s %-10s %8s %8.3f %10s %12s  %s%n", s.phase(), s.shape(),
                    s.fit().map(f -> String.format(Locale.ROOT, "%.3f", f.exponent())).getOrElse("-"),
                    s.nLogN(), s.decadeRatio().map(r -> String.format(Locale.ROOT, "%.2f", r)).getOrElse("-"),
                    s.allocationRatio().map(r -> String.format(Locale.ROOT, "%.2f", r)).getOrElse("-"),
                    s.flagged() ? "WORSE THAN n log n" : "ok");
        }
    }

    /** The median allocation of the measurement's runs in megabytes (10^6 bytes), or "–" when not known. */
    public static String megabytes(Measurement m) {
        return m.medianAllocatedBytes().map(b -> String.format(Locale.ROOT, "%,.1f", b / 1e6)).getOrElse("–");
    }
}
