package org.funssa.bench.copies;

import io.vavr.collection.Vector;
import io.vavr.control.Try;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.funssa.bench.phase.Trial;
import org.funssa.bench.phase.Workload;
import org.funssa.bench.report.Machine;
import org.funssa.bench.report.ReportFile;
import org.funssa.bench.scaling.Arguments;
import org.funssa.bench.scaling.Measurement;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Moves;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.cps.opt.CopyPropagation;
import org.funssa.destruct.CopyStats;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.boissinot.Boissinot;
import org.funssa.destruct.lir.LirWriter;
import org.funssa.destruct.psi.OutOfPsiSsa;
import org.funssa.destruct.sreedhar.Sreedhar;
import org.funssa.psi.ifcv.IfConversion;
import org.funssa.psi.transform.PsiPromotion;

/**
 * Seed 001's copy experiment (§5, Figures 9 and 10) on a corpus: writes {@code <out-dir>/<date>-psi-copies.md}.
 * Every program's pruned SSA of its {@code .fe.lir} form goes through the six configurations of the seed, {no
 * if-conversion ({@code prun/srd3}), if-conversion ({@code prun/ifcv/srd3}), if-conversion and copy folding
 * ({@code prun/ifcv/cpyp/srd3})} × {without, with ψ-predicate promotion ({@code psiprom} after {@code ifcv})}, out
 * of ψ-SSA with Sreedhar's Method III and again with Boissinot's method as the φ-congruence step, with all four
 * improvements of §4.6 and with each switched off. For each it sums the copies each step inserted and the copies
 * left in the LIR written (register moves and predicated copies, {@link Moves}), and runs every written program
 * against its {@code .ans}. Then it times out-of-ψ-SSA on the largest programs.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.funssa.bench.copies.PsiCopiesReport [--corpus CORPUS_DIR]
 *     [--out-dir bench/reports] [--date YYYY-MM-DD] [--largest 3] [--warmup 3] [--repetitions 7]
 * </pre>
 */
public final class PsiCopiesReport {

    /** The programs core's known-failures.txt lists: they do not print their .ans as input either. */
    private static final io.vavr.collection.Set<String> KNOWN_FAILURES = Corpus.knownFailingPrograms().keySet();

    /** Seed 001's totals (Figures 9 and 10), by configuration: no if-conversion, if-conversion, and folding. */
    private static final int[] PAPER_WITHOUT_PROMOTION = {7041, 7268, 7948};
    private static final int[] PAPER_WITH_PROMOTION = {7041, 7107, 7810};
    private static final int[][] PAPER_STEPS_WITHOUT = {{0, 129, 163}, {0, 0, 1}, {0, 82, 1543}};
    private static final int[][] PAPER_STEPS_WITH = {{0, 34, 65}, {0, 5, 11}, {0, 11, 1493}};

    /**
     * What runs before out-of-ψ-SSA: if-conversion or not (with its default limits, or without limits, which
     * predicates loads, stores and divisions), then promotion, then copy folding.
     */
    private record Middle(boolean ifcv, boolean promotion, boolean folding, boolean unlimited) {
        Middle(boolean ifcv, boolean promotion, boolean folding) {
            this(ifcv, promotion, folding, false);
        }

        String passes(String method) {
            return "prun" + (ifcv ? unlimited ? "/ifcv(ANY)" : "/ifcv" : "") + (promotion ? "/psiprom" : "")
                    + (folding ? "/cpyp" : "") + "/" + method;
        }

        Program apply(Program ssa) {
            Program p = ssa;
            if (ifcv) {
                p = (unlimited ? IfConversion.pass(IfConversion.Limits.ANY) : IfConversion.PASS).apply(p);
            }
            if (promotion) {
                p = PsiPromotion.PASS.apply(p);
            }
            if (folding) {
                p = CopyPropagation.PASS.apply(p);
            }
            return p;
        }
    }

    /** The seed's three columns, without and with promotion. */
    private static final Vector<Middle> WITHOUT = Vector.of(new Middle(false, false, false),
            new Middle(true, false, false), new Middle(true, false, true));
    private static final Vector<Middle> WITH = Vector.of(new Middle(false, false, false),
            new Middle(true, true, false), new Middle(true, true, true));
    /** If-conversion + copy folding without limits, without and with promotion. */
    private static final Vector<Middle> UNLIMITED = Vector.of(new Middle(true, false, true, true),
            new Middle(true, true, true, true));

    /** One out-of-ψ-SSA: a φ-congruence method and the improvements. */
    private record Method(String name, OutOfPsiSsa.Improvements improvements) {
        Destruction destruction() {
            Destruction phi = name.equals("srd3") ? new Sreedhar() : new Boissinot();
            return OutOfPsiSsa.withImprovements(phi, improvements);
        }

        String label() {
            if (improvements.equals(OutOfPsiSsa.Improvements.ALL)) {
                return name;
            }
            return name + " without " + OutOfPsiSsa.Improvements.NAMES.find(n -> OutOfPsiSsa.Improvements.ALL
                    .without(n).equals(improvements)).getOrElse("?");
        }
    }

    /** Summed counts of one configuration over the corpus. */
    private record Counts(long normalize, long congruence, long phiInserted, long phiLeft, long moves,
                          long predicated, int programs, int failures) {
        static final Counts NONE = new Counts(0, 0, 0, 0, 0, 0, 0, 0);

        Counts plus(Counts o) {
            return new Counts(normalize + o.normalize, congruence + o.congruence, phiInserted + o.phiInserted,
                    phiLeft + o.phiLeft, moves + o.moves, predicated + o.predicated, programs + o.programs,
                    failures + o.failures);
        }

        long total() {
            return moves + predicated;
        }
    }

    private PsiCopiesReport() {}

    public static void main(String[] args) {
        Arguments options = Arguments.parse(args, Vector.of("corpus", "out-dir", "date", "largest", "warmup",
                "repetitions"));
        Corpus programs = options.get("corpus").map(dir -> corpusAt(Path.of(dir))).getOrElse(Corpus::require);
        Path outDir = Path.of(options.get("out-dir").getOrElse("bench/reports"));
        String date = options.get("date").getOrElse(LocalDate.now().toString());
        int largest = options.integer("largest", 3);
        int warmup = options.integer("warmup", 3);
        int repetitions = options.integer("repetitions", 7);
        PrintStream progress = System.err;
        Vector<Middle> middles = WITHOUT.appendAll(WITH).appendAll(UNLIMITED).distinct();
        Vector<Method> methods = Vector.of("srd3", "bois").flatMap(m -> OutOfPsiSsa.Improvements.NAMES
                .map(n -> new Method(m, OutOfPsiSsa.Improvements.ALL.without(n)))
                .prepend(new Method(m, OutOfPsiSsa.Improvements.ALL)));
        Map<String, Counts> sums = new ConcurrentHashMap<>();
        Vector<Corpus.Program> counted = programs.programs().filter(p -> !KNOWN_FAILURES.contains(p.path()));
        counted.toJavaParallelStream().forEach(p -> {
            Program ssa = Ssa.construct(LirReader.read(p.frontEnd()), Construction.PRUNED);
            String expected = p.expectedOutput();
            Map<String, Boolean> verdicts = new ConcurrentHashMap<>();
            for (Middle middle : middles) {
                Program before = middle.apply(ssa);
                for (Method method : methods) {
                    Counts c = run(before, method, expected, verdicts);
                    sums.merge(key(middle, method), c, Counts::plus);
                }
            }
            progress.print('.');
        });
        progress.println();

        StringBuilder md = new StringBuilder();
        md.append("# Seed 001's copy experiment on the COINS corpus — ").append(date).append("\n\n");
        md.append("Written by `org.funssa.bench.copies.PsiCopiesReport` (`bench/run-psi-copies`, see "
                + "bench/README.md) from ").append(counted.size()).append(" programs of ").append(programs.root())
                .append(" (pruned SSA of each `.fe.lir`; core's known failures left out).\n\n");
        md.append("## Machine\n\n");
        Machine.current().describe().forEach(l -> md.append("- ").append(l).append('\n'));
        md.append("\n## How to read it\n\n"
                + "Rows as seed 001's Figures 9 and 10: the copies each step of out-of-ψ-SSA inserted (ψ-normalize "
                + "and ψ-congruence insert predicated copies; φ-congruence is the destruction method, whose "
                + "inserted copies are shown with those left after its own coalescing), and the copies left in the "
                + "LIR written: register-to-register moves plus predicated copies (a register set to a select of two "
                + "registers). The paper's totals (ST200 benchmarks, Sreedhar's Method II) are beside ours for their "
                + "shape, not their size: the corpora differ. Every written program was run against its `.ans`; "
                + "the `checked` line counts programs whose output differs (it must be 0). The six programs that "
                + "do not print their `.ans` even as input are left out, so `prun/srd3` counts fewer copies here "
                + "than over the whole corpus.\n\n");
        for (String method : Vector.of("srd3", "bois")) {
            Method all = new Method(method, OutOfPsiSsa.Improvements.ALL);
            appendFigure(md, "Figure 9: without ψ-predicate promotion, φ-congruence `" + method + "`", WITHOUT, all,
                    sums, PAPER_STEPS_WITHOUT, PAPER_WITHOUT_PROMOTION);
            appendFigure(md, "Figure 10: with ψ-predicate promotion, φ-congruence `" + method + "`", WITH, all,
                    sums, PAPER_STEPS_WITH, PAPER_WITH_PROMOTION);
        }
        appendTargets(md, sums);
        appendImprovements(md, methods, sums);
        appendTimes(md, programs, counted, largest, warmup, repetitions, progress);
        Path out = outDir.resolve(date + "-psi-copies.md");
        ReportFile.write(out, md);
        progress.println("wrote " + out);
    }

    /** The corpus in {@code dir}: the directory holding {@code coins/}, or {@code coins/} itself. */
    private static Corpus corpusAt(Path dir) {
        if (Files.isDirectory(dir.resolve("coins"))) {
            return new Corpus(dir);
        }
        if (Files.isDirectory(dir) && dir.getFileName() != null && dir.getFileName().toString().equals("coins")) {
            return new Corpus(dir.toAbsolutePath().getParent());
        }
        throw new IllegalArgumentException("no corpus in " + dir + ": expected a directory holding coins/, or coins/");
    }

    private static String key(Middle middle, Method method) {
        return middle.passes(method.label());
    }

    /** One program through one configuration: its counts, and whether its LIR printed the .ans. */
    private static Counts run(Program before, Method method, String expected, Map<String, Boolean> verdicts) {
        Destruction.Destructed d = method.destruction().destruct(before);
        Module written = LirWriter.write(d.program());
        Moves moves = Moves.of(written);
        boolean ok = verdicts.computeIfAbsent(LirPrinter.print(written), text -> {
            RunResult result = LirInterpreter.run(written, RunOptions.defaults());
            return !(result instanceof RunResult.Failed) && result.stdout().equals(expected);
        });
        CopyStats s = d.stats();
        return new Counts(s.psiNormalize(), s.psiCongruence(), s.phiCongruence(), s.remaining(), moves.copies(),
                moves.predicatedCopies(), 1, ok ? 0 : 1);
    }

    private static void appendFigure(StringBuilder md, String title, Vector<Middle> columns, Method method,
                                     Map<String, Counts> sums, int[][] paperSteps, int[] paperTotals) {
        Vector<Counts> c = columns.map(m -> sums.getOrDefault(key(m, method), Counts.NONE));
        md.append("## ").append(title).append("\n\n");
        md.append("| copies | ").append(columns.map(m -> "`" + m.passes(method.name()) + "`").mkString(" | "))
                .append(" | paper: no if-conv / if-conv / if-conv + folding |\n");
        md.append("|---|").append(columns.map(m -> "---:").mkString("|")).append("|---|\n");
        row(md, "ψ-normalize", c.map(k -> "+" + k.normalize()), paperSteps[0]);
        row(md, "ψ-congruence", c.map(k -> "+" + k.congruence()), paperSteps[1]);
        row(md, "φ-congruence (inserted / left after its coalescing)",
                c.map(k -> "+" + k.phiInserted() + " / " + k.phiLeft()), paperSteps[2]);
        md.append("| total copies left (moves + predicated) | ")
                .append(c.map(k -> k.total() + " (" + k.moves() + " + " + k.predicated() + ")").mkString(" | "))
                .append(" | ").append(paperTotals[0]).append(" / ").append(paperTotals[1]).append(" / ")
                .append(paperTotals[2]).append(" |\n");
        md.append("| checked: programs not printing their .ans | ").append(c.map(k -> k.failures() + " of "
                + k.programs()).mkString(" | ")).append(" | |\n\n");
    }

    private static void row(StringBuilder md, String name, Vector<String> cells, int[] paper) {
        md.append("| ").append(name).append(" | ").append(cells.mkString(" | ")).append(" | +").append(paper[0])
                .append(" / +").append(paper[1]).append(" / +").append(paper[2]).append(" |\n");
    }

    private static void appendTargets(StringBuilder md, Map<String, Counts> sums) {
        md.append("## Target (issue 34)\n\n");
        md.append("With the best φ-congruence method, total copies left with if-conversion + copy folding no more "
                + "than with no if-conversion (the paper: +13 %), without and with promotion:\n\n");
        long failures = sums.values().stream().mapToLong(Counts::failures).sum();
        for (Vector<Middle> columns : Vector.of(WITHOUT, WITH)) {
            long best = Long.MAX_VALUE;
            String bestMethod = "";
            long baseline = 0;
            for (String method : Vector.of("srd3", "bois")) {
                Method m = new Method(method, OutOfPsiSsa.Improvements.ALL);
                long folded = sums.getOrDefault(key(columns.get(2), m), Counts.NONE).total();
                if (folded < best) {
                    best = folded;
                    bestMethod = method;
                    baseline = sums.getOrDefault(key(columns.get(0), m), Counts.NONE).total();
                }
            }
            md.append("- ").append(columns == WITH ? "with" : "without").append(" promotion: `")
                    .append(columns.get(2).passes(bestMethod)).append("` leaves ").append(best)
                    .append(", `").append(columns.get(0).passes(bestMethod)).append("` ").append(baseline)
                    .append(": **").append(best <= baseline ? "met" : "not met").append("**\n");
        }
        md.append("- every written program prints its `.ans`: **").append(failures == 0 ? "met"
                : "not met, " + failures + " failures").append("**\n\n");
    }

    private static void appendImprovements(StringBuilder md, Vector<Method> methods, Map<String, Counts> sums) {
        Vector<Middle> columns = Vector.of(WITHOUT.get(2), WITH.get(2)).appendAll(UNLIMITED);
        md.append("## Each improvement switched off\n\n");
        md.append("Copies inserted by ψ-normalize + ψ-congruence, and total copies left, on the if-conversion + "
                + "copy folding configurations; `ifcv(ANY)` is if-conversion without limits (`IfConversion.Limits."
                + "ANY`: loads, stores and divisions predicated, as on the seed's ST200), whose predicated "
                + "definitions are what §4.6's improvements are about. Baseline `prun/srd3` and `prun/bois`: see "
                + "above.\n\n");
        md.append("| out-of-ψ-SSA | ").append(columns.map(m -> "`" + m.passes("…") + "` ψ steps / total")
                .mkString(" | ")).append(" |\n|---|").append(columns.map(m -> "---:").mkString("|")).append("|\n");
        for (Method method : methods) {
            md.append("| ").append(method.label());
            for (Middle m : columns) {
                Counts c = sums.getOrDefault(key(m, method), Counts.NONE);
                md.append(" | ").append(c.normalize() + c.congruence()).append(" / ").append(c.total());
            }
            md.append(" |\n");
        }
        md.append('\n');
    }

    private static void appendTimes(StringBuilder md, Corpus corpus, Vector<Corpus.Program> counted, int largest,
                                    int warmup, int repetitions, PrintStream progress) {
        Vector<Corpus.Program> biggest = counted
                .sortBy(p -> -Try.of(() -> Files.size(p.frontEnd())).getOrElse(0L)).take(largest);
        md.append("## Time of out-of-ψ-SSA on the largest programs\n\n");
        md.append("`prun/ifcv/cpyp` built once, untimed; then ").append(warmup).append(" untimed runs and ")
                .append(repetitions).append(" timed runs of the whole destruction (ψ-normalize, ψ-congruence, "
                        + "select form, φ-congruence), each after `System.gc()`; the median in ms. Target: under "
                        + "100 ms warm.\n\n| program | instructions | srd3 | bois |\n|---|---:|---:|---:|\n");
        for (Corpus.Program p : biggest) {
            Workload w = Workload.file(p.path(), p.frontEnd());
            Program psi = new Middle(true, false, true).apply(Ssa.construct(w.module(), Construction.PRUNED));
            md.append("| ").append(p.path()).append(" | ").append(w.instructions());
            for (String method : Vector.of("srd3", "bois")) {
                Destruction d = new Method(method, OutOfPsiSsa.Improvements.ALL).destruction();
                Measurement m = Measurement.take(new Trial(() -> d.destruct(psi), r -> w.instructions()), w,
                        w.instructions(), warmup, repetitions);
                md.append(" | ").append(String.format(Locale.ROOT, "%.2f", m.medianMillis()));
                progress.println(p.path() + " " + method + " " + m.medianMillis() + " ms");
            }
            md.append(" |\n");
        }
        md.append('\n');
    }
}
