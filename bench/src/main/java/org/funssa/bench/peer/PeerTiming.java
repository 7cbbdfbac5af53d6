package org.funssa.bench.peer;

import io.vavr.collection.Vector;
import java.nio.file.Path;
import java.util.Locale;
import org.funssa.bench.phase.Phases;
import org.funssa.bench.phase.Workload;
import org.funssa.bench.scaling.Arguments;
import org.funssa.bench.scaling.Measurement;

/**
 * funssa's side of the peer comparison: times the given phases on LIR files in one JVM (warm-up runs,
 * then the median of timed runs, as the scaling harness does) and prints
 * {@code file<TAB>phase<TAB>instructions<TAB>median ms<TAB>instructions/s}, or
 * {@code file<TAB>phase<TAB>not available} for a phase that is not registered, so the comparison never
 * shows a number that was not measured.
 *
 * <p>Options: {@code --files a.lir,b.lir}, {@code --phases lir.parse,construct} (default: {@link #PARSE} and
 * {@link #CONSTRUCTION}), {@code --warmup 2}, {@code --repetitions 5}.
 */
public final class PeerTiming {

    /** The phase of the LIR reader. */
    public static final String PARSE = "lir.parse";

    /**
     * The phase compared with {@code opt -passes=mem2reg}: SSA construction from LIR. Until a phase of this
     * name is registered in {@link Phases}, the comparison reports it as not available.
     */
    public static final String CONSTRUCTION = "construct.prun";

    private PeerTiming() {}

    public static void main(String[] args) {
        Arguments arguments;
        try {
            arguments = Arguments.parse(args, Vector.of("files", "phases", "warmup", "repetitions"));
        } catch (IllegalArgumentException e) {
            System.err.println("PeerTiming: " + e.getMessage());
            System.exit(1);
            return;
        }
        int warmup = arguments.integer("warmup", 2);
        int repetitions = arguments.integer("repetitions", 5);
        Vector<String> phases = arguments.list("phases", Vector.of(PARSE, CONSTRUCTION));
        for (String file : arguments.list("files", Vector.empty())) {
            Workload workload = Workload.file(Path.of(file).getFileName().toString(), Path.of(file));
            for (String name : phases) {
                var phase = Phases.find(name);
                if (phase.isEmpty()) {
                    System.out.println(file + "\t" + name + "\tnot available");
                    continue;
                }
                Measurement m = Measurement.take(phase.get().bind().apply(workload), workload,
                        workload.instructions(), warmup, repetitions);
                System.out.printf(Locale.ROOT, "%s\t%s\t%d\t%.3f\t%.0f%n", file, name, m.instructions(),
                        m.medianMillis(), m.throughput());
            }
        }
    }
}
