package org.funssa.bench.peer;

import io.vavr.collection.Vector;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Locale;
import org.funssa.bench.phase.Phases;
import org.funssa.bench.phase.Trial;
import org.funssa.bench.phase.Workload;
import org.funssa.bench.scaling.Arguments;
import org.funssa.bench.scaling.Measurement;

/**
 * funssa's side of the peer comparison ({@code bench/peer/llvm-compare}): times the given phases on LIR files
 * in one JVM and prints, per file and phase,
 * {@code file<TAB>phase<TAB>LIR instructions<TAB>median thread CPU ms<TAB>median process CPU ms<TAB>median wall ms
 * <TAB>median GC ms},
 * or {@code file<TAB>phase<TAB>not available} for a phase that is not registered, so the comparison never
 * shows a number that was not measured.
 *
 * <p>Method. Each file is read once ({@link Workload#file}); the phase is bound to it, so the timed work is
 * the phase alone (for {@link #CONSTRUCTION}: LIR module to functional IR, what {@code opt -passes=mem2reg}
 * does to a module already in memory). Before timing, untimed runs of that phase on that file until they have
 * taken at least {@code --warmup-seconds} (default 10) of this thread's CPU time, so C2 has compiled what this
 * size and shape exercise (counted in CPU time, not wall time, so that a loaded machine does not shorten it);
 * then {@code --repetitions} (default 5) runs, each after {@link System#gc()}. The figure compared with LLVM
 * is the <b>thread CPU time</b> of the run ({@link ThreadMXBean#getCurrentThreadCpuTime()}: user + system
 * time of the measuring thread, as LLVM's {@code -time-passes} "User+System" column is of its single-threaded
 * process), not wall time, so that time the machine's other processes take from this thread is not charged to
 * funssa. The median is reported. Garbage collection runs on the collector's own threads and is not in the
 * thread CPU time, so two figures are printed beside it: the CPU time of the whole process during the run
 * ({@code com.sun.management.OperatingSystemMXBean.getProcessCpuTime}: this thread, the collector's threads,
 * and whatever else the JVM did meanwhile, such as late JIT compilation) and the collectors' own account of
 * their time during the run.
 *
 * <p>Options: {@code --files a.lir,b.lir}, {@code --phases construct.prun} (default {@link #CONSTRUCTION}),
 * {@code --warmup-seconds 10}, {@code --repetitions 5}.
 */
public final class PeerTiming {

    /** The phase of the LIR reader. */
    public static final String PARSE = "lir.parse";

    /**
     * The phase compared with {@code opt -passes=mem2reg}: pruned SSA construction from a LIR module, as the
     * scaling harness times it ({@code Ssa.construct(module, Construction.PRUNED)}).
     */
    public static final String CONSTRUCTION = "construct.prun";

    private PeerTiming() {}

    public static void main(String[] args) {
        Arguments arguments;
        try {
            arguments = Arguments.parse(args, Vector.of("files", "phases", "warmup-seconds", "repetitions"));
        } catch (IllegalArgumentException e) {
            System.err.println("PeerTiming: " + e.getMessage());
            System.exit(1);
            return;
        }
        double warmupSeconds = arguments.real("warmup-seconds", 10);
        int repetitions = arguments.integer("repetitions", 5);
        Vector<String> phases = arguments.list("phases", Vector.of(CONSTRUCTION));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            System.err.println("PeerTiming: this JVM cannot measure thread CPU time");
            System.exit(1);
            return;
        }
        threads.setThreadCpuTimeEnabled(true);
        for (String file : arguments.list("files", Vector.empty())) {
            Workload workload = Workload.file(Path.of(file).getFileName().toString(), Path.of(file));
            for (String name : phases) {
                var phase = Phases.find(name);
                if (phase.isEmpty()) {
                    System.out.println(file + "\t" + name + "\tnot available");
                    continue;
                }
                Trial trial = phase.get().bind().apply(workload);
                long warmupStart = threads.getCurrentThreadCpuTime();
                do {
                    trial.run();
                } while (threads.getCurrentThreadCpuTime() - warmupStart < warmupSeconds * 1e9);
                Vector<Long> cpu = Vector.empty();
                Vector<Long> process = Vector.empty();
                Vector<Long> wall = Vector.empty();
                Vector<Long> gc = Vector.empty();
                for (int i = 0; i < repetitions; i++) {
                    System.gc();
                    long gcBefore = Measurement.collectionMillis();
                    long processBefore = processCpuNanos();
                    long cpuBefore = threads.getCurrentThreadCpuTime();
                    long wallBefore = System.nanoTime();
                    trial.run();
                    long wallAfter = System.nanoTime();
                    long cpuAfter = threads.getCurrentThreadCpuTime();
                    long processAfter = processCpuNanos();
                    cpu = cpu.append(cpuAfter - cpuBefore);
                    process = process.append(processAfter - processBefore);
                    wall = wall.append(wallAfter - wallBefore);
                    gc = gc.append((Measurement.collectionMillis() - gcBefore) * 1_000_000);
                }
                System.out.printf(Locale.ROOT, "%s\t%s\t%d\t%.3f\t%.3f\t%.3f\t%.3f%n", file, name,
                        workload.instructions(), Measurement.median(cpu) / 1e6, Measurement.median(process) / 1e6,
                        Measurement.median(wall) / 1e6, Measurement.median(gc) / 1e6);
                System.out.flush();
            }
        }
    }

    /** The CPU time of the whole JVM process so far, nanoseconds (HotSpot implements the com.sun interface). */
    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        throw new IllegalStateException("this JVM cannot measure process CPU time");
    }
}
