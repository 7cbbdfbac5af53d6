package org.funssa.bench.copies;

import io.vavr.collection.Vector;
import io.vavr.control.Try;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Locale;
import org.funssa.bench.phase.Trial;
import org.funssa.bench.phase.Workload;
import org.funssa.bench.report.Machine;
import org.funssa.bench.report.ReportFile;
import org.funssa.bench.scaling.Arguments;
import org.funssa.bench.scaling.Measurement;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.gen.Shape;
import org.funssa.core.lir.LirReader;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Destructions;

/**
 * Writes {@code <out-dir>/<date>-copies.md}: for every registered destruction method, alone and followed by
 * Chaitin's coalescing, the copies it leaves ({@link org.funssa.destruct.CopyStats#remaining()}) on every
 * corpus program (pruned SSA of the {@code .before.lir} form); the targets of issue 4 checked on those
 * counts; each method's time on the largest corpus programs; and each method's scaling, time at the largest
 * generated size over time at a tenth of it.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.funssa.bench.copies.CopiesReport [--out-dir bench/reports]
 *     [--date YYYY-MM-DD] [--largest 3] [--warmup 3] [--repetitions 7] [--sizes 100000,1000000]
 *     [--shapes STRAIGHT,DIAMONDS,LOOPS,MIX]
 * </pre>
 */
public final class CopiesReport {

    /** The corpus programs that do not print their .ans even as input. */
    private static final io.vavr.collection.Set<String> KNOWN_FAILURES = Corpus.knownFailingPrograms().keySet();
    /** The scaling target of issue 4 and 6: time(10n)/time(n) at most that of n·log n at 10^5…10^6. */
    private static final double TARGET_RATIO = 12;

    /** One method as the report names it: a registered name, with or without Chaitin's coalescing. */
    private record Variant(String name, boolean chaitin) {
        String label() {
            return chaitin ? name + " + Chaitin" : name;
        }

        Destruction method() {
            return Destructions.named(name, chaitin).get();
        }
    }

    /** Copies left by each variant on one program, or why the program was not counted. */
    private record Row(String program, Vector<Integer> copies, String error) {}

    private CopiesReport() {}

    public static void main(String[] args) {
        Arguments options = Arguments.parse(args, Vector.of("out-dir", "date", "largest", "warmup", "repetitions",
                "sizes", "shapes"));
        Path outDir = Path.of(options.get("out-dir").getOrElse("bench/reports"));
        String date = options.get("date").getOrElse(LocalDate.now().toString());
        int largest = options.integer("largest", 3);
        int warmup = options.integer("warmup", 3);
        int repetitions = options.integer("repetitions", 7);
        Vector<Integer> sizes = options.list("sizes", Vector.of("100000", "1000000"))
                .map(size -> Arguments.parseNumber("sizes", size).intValue());
        Vector<Shape> shapes = options.list("shapes", Vector.of("STRAIGHT", "DIAMONDS", "LOOPS", "MIX"))
                .map(Shape::valueOf);
        PrintStream progress = System.err;
        Vector<Variant> variants = Destructions.names().flatMap(n -> Vector.of(new Variant(n, false),
                new Variant(n, true)));
        Corpus corpus = Corpus.require();
        StringBuilder md = new StringBuilder();
        md.append("# Copies left by the destruction methods — ").append(date).append("\n\n");
        md.append("Written by `org.funssa.bench.copies.CopiesReport` (`bench/run-copies`, see bench/README.md).\n\n");
        md.append("## Machine\n\n");
        Machine.current().describe().forEach(l -> md.append("- ").append(l).append('\n'));
        md.append("- methods registered: ").append(Destructions.names().mkString(", ")).append("\n\n");

        Vector<Row> rows = copies(corpus, variants, progress);
        appendTargets(md, variants, rows);
        appendCopies(md, variants, rows);
        appendCorpusTimes(md, corpus, variants, largest, warmup, repetitions, progress);
        appendScaling(md, sizes, shapes, warmup, repetitions, progress);

        Path out = outDir.resolve(date + "-copies.md");
        ReportFile.write(out, md);
        progress.println("wrote " + out);
    }

    private static Vector<Row> copies(Corpus corpus, Vector<Variant> variants, PrintStream progress) {
        return Vector.ofAll(corpus.programs()).filter(p -> !KNOWN_FAILURES.contains(p.path())).map(p -> {
            Try<Vector<Integer>> counts = Try.of(() -> {
                Program ssa = Ssa.construct(LirReader.read(p.before()), Construction.PRUNED);
                return variants.map(v -> v.method().destruct(ssa).stats().remaining());
            });
            progress.print('.');
            return counts.fold(e -> new Row(p.path(), Vector.empty(), e.getClass().getSimpleName() + ": "
                    + e.getMessage()), c -> new Row(p.path(), c, ""));
        });
    }

    private static int column(Vector<Variant> variants, String name, boolean chaitin) {
        return variants.indexOf(new Variant(name, chaitin));
    }

    private static void appendTargets(StringBuilder md, Vector<Variant> variants, Vector<Row> rows) {
        Vector<Row> counted = rows.filter(r -> r.error().isEmpty());
        md.append("## Targets (issue 4)\n\n");
        int srd3 = column(variants, "srd3", false);
        int naiveChaitin = column(variants, "naive", true);
        int bois = column(variants, "bois", false);
        if (srd3 >= 0 && naiveChaitin >= 0) {
            Vector<Row> violations = counted.filter(r -> r.copies().get(srd3) > r.copies().get(naiveChaitin));
            md.append("- `srd3` with its coalescing leaves no more copies than `naive` + Chaitin on any program: **")
                    .append(violations.isEmpty() ? "met" : "not met, " + violations.size() + " violations")
                    .append("**\n");
            violations.forEach(r -> md.append("  - ").append(r.program()).append(": srd3 ")
                    .append(r.copies().get(srd3)).append(", naive + Chaitin ").append(r.copies().get(naiveChaitin))
                    .append('\n'));
        } else {
            md.append("- `srd3` ≤ `naive` + Chaitin: not measured (a method is not registered)\n");
        }
        if (bois >= 0 && srd3 >= 0) {
            long b = total(counted, bois);
            long s = total(counted, srd3);
            md.append("- `bois` leaves no more copies than `srd3` in total: **").append(b <= s ? "met" : "not met")
                    .append("** (bois ").append(b).append(", srd3 ").append(s).append(")\n");
        } else {
            md.append("- `bois` ≤ `srd3` in total: not measured (a method is not registered)\n");
        }
        md.append('\n');
    }

    private static long total(Vector<Row> rows, int column) {
        return rows.map(r -> (long) r.copies().get(column)).sum().longValue();
    }

    private static void appendCopies(StringBuilder md, Vector<Variant> variants, Vector<Row> rows) {
        Vector<Row> counted = rows.filter(r -> r.error().isEmpty());
        md.append("## Copies left per corpus program\n\n");
        md.append("Construction `prun` (pruned SSA, `Ssa.construct` default options) of each program's "
                + "`.before.lir`; the count is `CopyStats.remaining`: copies of values the method inserted that "
                + "are left after its own coalescing (and Chaitin's, in the + Chaitin columns), sequentialization "
                + "temporaries included, memory-token copies excluded. ").append(counted.size())
                .append(" programs (the corpus minus the ").append(KNOWN_FAILURES.size())
                .append(" known failures of core's known-failures.txt).\n\n");
        md.append("| program | ").append(variants.map(Variant::label).mkString(" | ")).append(" |\n");
        md.append("|---|").append(variants.map(v -> "---:").mkString("|")).append("|\n");
        md.append("| **total** | ").append(Vector.range(0, variants.size())
                .map(c -> "**" + total(counted, c) + "**").mkString(" | ")).append(" |\n");
        for (Row r : rows) {
            md.append("| ").append(r.program()).append(" | ").append(r.error().isEmpty()
                    ? r.copies().mkString(" | ") : "not counted: " + r.error().replace('|', '/')).append(" |\n");
        }
        md.append('\n');
    }

    private static void appendCorpusTimes(StringBuilder md, Corpus corpus, Vector<Variant> variants, int largest,
                                          int warmup, int repetitions, PrintStream progress) {
        Vector<Corpus.Program> biggest = Vector.ofAll(corpus.programs())
                .filter(p -> !KNOWN_FAILURES.contains(p.path()))
                .sortBy(p -> -Try.of(() -> Files.size(p.before())).getOrElse(0L)).take(largest);
        md.append("## Time on the largest corpus programs\n\n");
        md.append("Method: one JVM; the program's pruned SSA is built once, untimed; per method ").append(warmup)
                .append(" untimed warm-up runs, then ").append(repetitions).append(" timed runs, each after "
                        + "`System.gc()`, wall time by `System.nanoTime()`; the **median** in ms "
                        + "(`org.funssa.bench.scaling.Measurement`).\n\n");
        md.append("| program | instructions | ").append(variants.map(Variant::label).mkString(" | ")).append(" |\n");
        md.append("|---|---:|").append(variants.map(v -> "---:").mkString("|")).append("|\n");
        for (Corpus.Program p : biggest) {
            Workload w = Workload.file(p.path(), p.before());
            Program ssa = Ssa.construct(w.module(), Construction.PRUNED);
            md.append("| ").append(p.path()).append(" | ").append(w.instructions());
            for (Variant v : variants) {
                Destruction method = v.method();
                Measurement m = Measurement.take(new Trial(() -> method.destruct(ssa), r -> w.instructions()), w,
                        w.instructions(), warmup, repetitions);
                md.append(" | ").append(String.format(Locale.ROOT, "%.2f", m.medianMillis()));
                progress.println(p.path() + " " + v.label() + " " + m.medianMillis() + " ms");
            }
            md.append(" |\n");
        }
        md.append('\n');
    }

    private static void appendScaling(StringBuilder md, Vector<Integer> sizes, Vector<Shape> shapes, int warmup,
                                      int repetitions, PrintStream progress) {
        int small = sizes.min().get();
        int big = sizes.max().get();
        md.append("## Destruction scaling\n\n");
        md.append("What phase `destruct.<method>` of `org.funssa.bench.phase.Phases` times (the method alone, "
                + "without Chaitin, on pruned SSA built once per input, untimed) on one generated function per shape "
                + "(`Workload.generated(shape, size)`, seed ").append(Workload.SEED).append(") of ").append(small)
                .append(" and ").append(big).append(" instructions; at the small size ").append(warmup)
                .append(" warm-up and ").append(repetitions).append(" timed runs, at the large size ")
                .append(Math.min(warmup, 1)).append(" and ").append(Math.min(repetitions, 3))
                .append(" (each run takes seconds); medians. Target: time(10n)/time(n) ≤ ").append((int) TARGET_RATIO)
                .append(" (n·log n over a decade), judged only when the large size is ten times the small.\n\n");
        md.append("| method | shape | ms at ").append(small).append(" | ms at ").append(big)
                .append(" | ratio | target |\n|---|---|---:|---:|---:|---|\n");
        for (Shape shape : shapes) {
            Workload ws = Workload.generated(shape, small);
            Workload wb = Workload.generated(shape, big);
            Program ssaSmall = Ssa.construct(ws.module(), Construction.PRUNED);
            Program ssaBig = Ssa.construct(wb.module(), Construction.PRUNED);
            for (String name : Destructions.names()) {
                Destruction method = Destructions.named(name).get();
                Measurement ms = Measurement.take(new Trial(() -> method.destruct(ssaSmall), r -> ws.instructions()),
                        ws, small, warmup, repetitions);
                Measurement mb = Measurement.take(new Trial(() -> method.destruct(ssaBig), r -> wb.instructions()),
                        wb, big, Math.min(warmup, 1), Math.min(repetitions, 3));
                double ratio = mb.medianNanos() / ms.medianNanos();
                String verdict = big != 10L * small ? "not judged (not a tenfold step)"
                        : ratio <= TARGET_RATIO ? "met" : "**not met**";
                progress.println(name + " " + shape + " " + ms.medianMillis() + " / " + mb.medianMillis());
                md.append("| ").append(name).append(" | ").append(shape).append(" | ")
                        .append(String.format(Locale.ROOT, "%.1f | %.1f | %.1f | %s", ms.medianMillis(),
                                mb.medianMillis(), ratio, verdict))
                        .append(" |\n");
            }
        }
        md.append('\n');
    }
}
