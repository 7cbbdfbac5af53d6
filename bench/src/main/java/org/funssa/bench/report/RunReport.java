package org.funssa.bench.report;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.funssa.bench.history.SnapshotMemory;
import org.funssa.bench.scaling.Arguments;
import org.funssa.bench.scaling.ScalingHarness;
import org.funssa.bench.scaling.ScalingSettings;

/**
 * Runs the scaling harness and writes {@code <out-dir>/<date>.md} and {@code <out-dir>/<date>-scaling.svg},
 * then points the README's newest-report line at it. {@code bench/run-report} is the usual way in.
 *
 * <p>Options: those of {@link ScalingSettings#from}, and {@code --out-dir DIR} (default
 * {@code bench/reports}), {@code --date YYYY-MM-DD} (default today), {@code --commands-file FILE} (the
 * commands to record, one a line), {@code --jmh-csv FILE} (JMH results to include), {@code --readme FILE}
 * (a README with a {@code <!-- newest-report -->…<!-- /newest-report -->} span to update), {@code
 * --snapshot-memory N} (the size in LIR instructions of issue 5's snapshot-memory measurement, default 100000;
 * 0 skips it).
 */
public final class RunReport {

    private static final Vector<String> OWN_OPTIONS = Vector.of("out-dir", "date", "commands-file", "jmh-csv", "readme",
            "snapshot-memory");
    private static final Pattern NEWEST = Pattern.compile("<!-- newest-report -->.*?<!-- /newest-report -->",
            Pattern.DOTALL);

    private RunReport() {}

    public static void main(String[] args) {
        try {
            Arguments arguments = Arguments.parse(args, ScalingSettings.OPTIONS.appendAll(OWN_OPTIONS));
            ScalingSettings settings = ScalingSettings.from(arguments);
            Path outDir = Path.of(arguments.get("out-dir").getOrElse("bench/reports"));
            String date = arguments.get("date").getOrElse(() -> LocalDate.now().toString());
            Vector<String> commands = arguments.get("commands-file").map(f -> read(Path.of(f)).lines())
                    .map(Vector::ofAll).getOrElse(Vector.of("java -cp bench/target/benchmarks.jar "
                            + RunReport.class.getName() + " " + String.join(" ", args)));
            Option<JmhResults> jmh = arguments.get("jmh-csv").map(f -> JmhResults.read(Path.of(f)));

            String snapshotText = arguments.get("snapshot-memory").getOrElse("100000");
            if (!snapshotText.matches("[0-9]{1,9}")) {
                throw new IllegalArgumentException("--snapshot-memory wants a size in LIR instructions, or 0 for"
                        + " none, not \"" + snapshotText + "\"");
            }
            int snapshotSize = Integer.parseInt(snapshotText);

            ScalingHarness.Result result = new ScalingHarness(settings, System.err).run();
            System.err.println("snapshot memory at " + snapshotSize + " instructions");
            Vector<SnapshotMemory.Measurement> snapshots = snapshotSize == 0 ? Vector.empty()
                    : SnapshotMemory.measureBoth(snapshotSize);
            String plotFile = date + "-scaling.svg";
            ScalingReport report = new ScalingReport(date, Machine.current(), commands, result, plotFile, jmh,
                    snapshots);
            Files.createDirectories(outDir);
            Path markdown = outDir.resolve(date + ".md");
            Files.writeString(markdown, report.markdown(), StandardCharsets.UTF_8);
            Files.writeString(outDir.resolve(plotFile), report.plot().svg(), StandardCharsets.UTF_8);
            for (String readme : arguments.get("readme")) {
                linkNewest(Path.of(readme), markdown);
            }
            System.out.println(markdown);
        } catch (IllegalArgumentException | IllegalStateException | UncheckedIOException e) {
            System.err.println("run-report: " + e.getMessage());
            System.exit(1);
        } catch (IOException e) {
            System.err.println("run-report: cannot write the report: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Replaces the README's newest-report span with a link to the report, relative to the README. */
    static String linkNewest(String readme, String relativeLink) {
        Matcher m = NEWEST.matcher(readme);
        if (!m.find()) {
            throw new IllegalArgumentException("the README has no <!-- newest-report --> … <!-- /newest-report --> span");
        }
        return m.replaceFirst(Matcher.quoteReplacement("<!-- newest-report -->[" + relativeLink + "]("
                + relativeLink + ")<!-- /newest-report -->"));
    }

    private static void linkNewest(Path readme, Path report) throws IOException {
        String link = readme.toAbsolutePath().getParent().relativize(report.toAbsolutePath()).toString();
        Files.writeString(readme, linkNewest(read(readme), link), StandardCharsets.UTF_8);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
