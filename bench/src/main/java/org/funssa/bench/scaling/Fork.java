package org.funssa.bench.scaling;

import io.vavr.Tuple2;
import io.vavr.collection.Vector;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.funssa.core.gen.Shape;

/**
 * Each phase on each shape in JVMs of its own, as JMH forks each benchmark and each combination of its
 * parameters; the corpus programs of a phase in JVMs of their own too. In one JVM, the time of a phase depends on
 * what was measured before it: type profiles make the code they share megamorphic (the IR's traversals, Vavr's
 * collections), and heap sizing carries over. So a destruction method measured in one JVM after the others
 * runs slower than alone in its JVM, and the shapes of one phase do the same to each other: a phase measured
 * after the other shapes is slower, and varies more from JVM to JVM, than alone in its JVM.
 *
 * <p>One JVM's figures differ from another's (compilation decisions, heap layout, the machine's other load), so
 * with {@code --forks N} the timed runs of N children are pooled and the median is taken over all of them.
 *
 * <p>The child is this JVM's {@code java} with the same JVM options and class path, running
 * {@link ScalingHarness} on {@link ScalingSettings#only(String, Shape) one phase and shape} (or
 * {@link ScalingSettings#onlyCorpus one phase's corpus programs}) with {@code --measurements-to FILE}; it
 * writes its measurements there, one a line, tab-separated ({@link #write}), and its progress lines to its
 * standard output, which this JVM copies to its own progress stream.
 */
final class Fork {

    /** The option that makes the harness a child: where it writes its measurements. */
    static final String MEASUREMENTS_OPTION = "measurements-to";

    private static final String GENERATED = "generated";
    private static final String CORPUS = "corpus";

    private Fork() {}

    /**
     * Runs every phase of the settings on every shape, and on the corpus programs, each in
     * {@link ScalingSettings#forks} child JVMs, one after the other, and gathers their measurements, those of one
     * input from all the children of a phase and shape pooled into one.
     */
    static ScalingHarness.Result run(ScalingSettings settings, PrintStream progress) {
        Vector<Tuple2<String, Tuple2<Shape, Measurement>>> generated = Vector.empty();
        Vector<Tuple2<String, Measurement>> corpus = Vector.empty();
        for (String phase : settings.phases()) {
            for (Shape shape : settings.shapes()) {
                generated = generated.appendAll(
                        pooled(settings, settings.only(phase, shape), phase + " " + shape, progress).generated());
            }
            if (!settings.corpus().isEmpty()) {
                corpus = corpus.appendAll(
                        pooled(settings, settings.onlyCorpus(phase), phase + " corpus", progress).corpus());
            }
        }
        return ScalingHarness.result(settings, generated, corpus);
    }

    /** The measurements of {@code forks} children run with {@code child}'s settings, pooled. */
    private static Measurements pooled(ScalingSettings settings, ScalingSettings child, String what,
                                       PrintStream progress) {
        Measurements pooled = null;
        for (int fork = 1; fork <= settings.forks(); fork++) {
            if (settings.forks() > 1) {
                progress.println(what + ": JVM " + fork + " of " + settings.forks());
            }
            Measurements m = child(child, progress);
            pooled = pooled == null ? m : pooled.pooledWith(m);
        }
        return pooled;
    }

    /** What one child measured: per generated input, the phase and the input's shape; per corpus program, the phase. */
    record Measurements(Vector<Tuple2<String, Tuple2<Shape, Measurement>>> generated,
                        Vector<Tuple2<String, Measurement>> corpus) {

        /** These and another child's measurements of the same phase and inputs, in the same order, pooled. */
        Measurements pooledWith(Measurements other) {
            if (generated.size() != other.generated.size() || corpus.size() != other.corpus.size()) {
                throw new IllegalStateException("two JVMs of one phase measured different inputs");
            }
            return new Measurements(generated.zipWith(other.generated, (a, b) -> {
                if (!a._1.equals(b._1) || a._2._1 != b._2._1) {
                    throw new IllegalStateException("two JVMs of one phase measured different inputs");
                }
                return new Tuple2<>(a._1, new Tuple2<>(a._2._1, a._2._2.pooledWith(b._2._2)));
            }), corpus.zipWith(other.corpus, (a, b) -> new Tuple2<>(a._1, a._2.pooledWith(b._2))));
        }
    }

    private static Measurements child(ScalingSettings settings, PrintStream progress) {
        String phase = settings.phases().single();
        Path file = null;
        try {
            file = Files.createTempFile("funssa-scaling-", ".tsv");
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(ScalingHarness.class.getName());
            command.addAll(List.of(settings.asOptions().split(" ")));
            command.add("--" + MEASUREMENTS_OPTION);
            command.add(file.toString());
            Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    progress.println(line);
                }
            }
            int status = process.waitFor();
            if (status != 0) {
                throw new IllegalStateException("the JVM forked for phase " + phase + " exited with status " + status
                        + " (its messages are above)");
            }
            return read(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the JVM forked for phase " + phase, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while phase " + phase + " ran in its own JVM", e);
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }

    /** Writes a child's measurements for its parent. */
    static void write(Path file, ScalingHarness.Result result) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Scaling s : result.scalings()) {
            for (Measurement m : s.points()) {
                lines.add(String.join("\t", GENERATED, s.phase(), s.shape().name(), line(m)));
            }
        }
        for (Tuple2<String, Measurement> c : result.corpus()) {
            lines.add(String.join("\t", CORPUS, c._1, "-", line(c._2)));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    private static String line(Measurement m) {
        return String.join("\t", m.input(), String.valueOf(m.size()), String.valueOf(m.instructions()),
                String.valueOf(m.work()), m.samples().mkString(","), m.gcMillis().mkString(","),
                m.allocatedBytes().mkString(","));
    }

    /** Reads what {@link #write} wrote. */
    static Measurements read(Path file) throws IOException {
        Vector<Tuple2<String, Tuple2<Shape, Measurement>>> generated = Vector.empty();
        Vector<Tuple2<String, Measurement>> corpus = Vector.empty();
        int number = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            number++;
            String[] f = line.split("\t", -1);
            if (f.length != 10 || !(f[0].equals(GENERATED) || f[0].equals(CORPUS))) {
                throw new IllegalStateException(file + ":" + number + ": not a measurement line: " + line);
            }
            Measurement m = new Measurement(f[3], Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]),
                    longs(f[7]), longs(f[8]), longs(f[9]));
            if (f[0].equals(GENERATED)) {
                generated = generated.append(new Tuple2<>(f[1], new Tuple2<>(Shape.valueOf(f[2]), m)));
            } else {
                corpus = corpus.append(new Tuple2<>(f[1], m));
            }
        }
        return new Measurements(generated, corpus);
    }

    private static Vector<Long> longs(String commaSeparated) {
        return Vector.of(commaSeparated.split(",")).map(Long::parseLong);
    }
}
