package org.funssa.bench.quality;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import io.vavr.control.Try;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.funssa.bench.phase.Phases;
import org.funssa.bench.report.Machine;
import org.funssa.bench.report.ReportFile;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.cps.pipeline.PassString;

/**
 * Writes {@code <out-dir>/<date>-<name>.md} (name {@code quality-<coins>} by default): on every corpus program's
 * {@code .fe.lir}, the instructions and copies funssa leaves with a pass string (and with a second one,
 * {@code --versus}) beside what COINS 1.5's SSA optimizer leaves ({@code COINS-SSA.tsv} in the corpus:
 * {@code srd3_*} for {@code prun/srd3}, {@code opt_*} for {@code prun/cpyp/cstp/cse/dce/srd3}), counted the same
 * way: top-level statements of function bodies except {@code DEFLABEL}, {@code PROLOGUE} and {@code EPILOGUE},
 * and {@code SET}s of a register to a register. With {@code --operations}, each output and COINS's
 * {@code .coins-opt.lir} is run: it must print the program's {@code .ans}, and the operations it executes are
 * counted. A compilation that fails or an output that does not print {@code .ans} is listed at the top of the
 * report, and the command exits with status 1.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.funssa.bench.quality.QualityReport [--out-dir bench/reports]
 *     [--date YYYY-MM-DD] [--passes prun/cpyp/cstp/cse/dce/srd3] [--versus STRING] [--coins opt]
 *     [--operations] [--name NAME]
 * </pre>
 */
public final class QualityReport {

    /**
     * What one side left on one program: instructions, copies, and the blocks that fall through into the next
     * (each one jump more in LIR whose every block ends in a jump, as COINS's SSA back translation writes it).
     */
    record Count(int instructions, int copies, int fallThroughs) {
        Count plus(Count other) {
            return new Count(instructions + other.instructions, copies + other.copies,
                    fallThroughs + other.fallThroughs);
        }
    }

    /**
     * What one pass string made of one program: the counts of its output and, when outputs are run, the operations
     * it executes (none when the program is not run), or why it did not print the program's {@code .ans}.
     */
    record Outcome(Count count, Option<Try<Long>> operations) {}

    /**
     * One program: COINS's counts; funssa's outcome for each pass string, or why there is none; and the operations
     * COINS's {@code .coins-opt.lir} executes, when run.
     */
    record Row(String program, Count coins, Vector<Try<Outcome>> funssa, Option<Try<Long>> coinsOperations) {

        /** Every pass string compiled the program. */
        boolean counted() {
            return funssa.forAll(Try::isSuccess);
        }

        /** Every output and COINS's ran and printed the program's {@code .ans}. */
        boolean measured() {
            return counted() && coinsOperations.exists(Try::isSuccess)
                    && funssa.forAll(o -> o.get().operations().exists(Try::isSuccess));
        }

        /** What went wrong on this program: failed compilations and runs that did not print {@code .ans}. */
        Vector<Throwable> failures() {
            return funssa.flatMap(o -> o.isFailure() ? Option.of(o.getCause())
                            : o.get().operations().filter(Try::isFailure).map(Try::getCause))
                    .appendAll(coinsOperations.filter(Try::isFailure).map(Try::getCause));
        }

        Count count(int string) {
            return funssa.get(string).get().count();
        }

        long operations(int string) {
            return funssa.get(string).get().operations().get().get();
        }
    }

    private QualityReport() {}

    /** The counts of a module's function bodies. */
    static Count count(Module module) {
        int instructions = 0;
        int copies = 0;
        int fallThroughs = 0;
        for (Module.Function f : module.functions()) {
            Stmt previous = null;
            for (Stmt s : f.body()) {
                if (s instanceof Stmt.DefLabel && previous != null && !previous.endsBlock()
                        && !(previous instanceof Stmt.Prologue)) {
                    fallThroughs++;
                }
                previous = s;
                switch (s) {
                    case Stmt.DefLabel d -> { }
                    case Stmt.Prologue p -> { }
                    case Stmt.Epilogue e -> { }
                    case Stmt.Set set when set.target() instanceof LExp.Reg && set.value() instanceof LExp.Reg -> {
                        instructions++;
                        copies++;
                    }
                    default -> instructions++;
                }
            }
        }
        return new Count(instructions, copies, fallThroughs);
    }

    /** COINS's counts per program from {@code COINS-SSA.tsv}, for the column pair named {@code prefix}. */
    static Map<String, Count> coins(Path tsv, String prefix) throws IOException {
        Vector<String> lines = Vector.ofAll(Files.readAllLines(tsv, StandardCharsets.UTF_8))
                .filter(l -> !l.startsWith("#") && !l.isBlank());
        Vector<String> header = Vector.of(lines.head().split("\t"));
        int copies = header.indexOf(prefix + "_copies");
        int instrs = header.indexOf(prefix + "_instrs");
        if (copies < 0 || instrs < 0) {
            throw new IllegalArgumentException(tsv + ": no columns " + prefix + "_copies and " + prefix + "_instrs");
        }
        Map<String, Count> counts = HashMap.empty();
        for (String line : lines.tail()) {
            String[] cells = line.split("\t");
            if (cells.length > Math.max(copies, instrs) && cells[instrs].matches("\\d+")) {
                counts = counts.put(cells[0], new Count(Integer.parseInt(cells[instrs]),
                        Integer.parseInt(cells[copies]), 0));
            }
        }
        return counts;
    }

    /**
     * Every corpus program COINS has counts for, with funssa's counts under each pass string and, when
     * {@code operations}, the operations each output and COINS's {@code .coins-opt.lir} execute.
     */
    static Vector<Row> rows(Corpus corpus, Vector<String> passes, Map<String, Count> coins, boolean operations) {
        Vector<PassString> parsed = passes.map(Phases::parse);
        return Vector.ofAll(corpus.programs().toJavaParallelStream()
                .filter(p -> coins.containsKey(p.path()))
                .map(p -> row(p, passes, parsed, coins.get(p.path()).get(),
                        operations ? Option.of(Budget.of(p)) : Option.<Budget>none()))
                .toList());
    }

    /** One program's row; its outputs are run when there is a {@code budget} that runs them. */
    private static Row row(Corpus.Program program, Vector<String> passes, Vector<PassString> parsed, Count coins,
                           Option<Budget> budget) {
        Option<Long> steps = budget.flatMap(b -> b instanceof Budget.Steps s ? Option.of(s.steps()) : Option.none());
        Vector<Try<Outcome>> funssa = parsed.zipWithIndex().map(string -> Try.of(() -> {
            Module output = Phases.compile(LirReader.read(program.frontEnd()), string._1);
            return new Outcome(count(output), steps.map(n -> Operations.of(program, output, n,
                    "funssa's output with " + passes.get(string._2))));
        }).recoverWith(e -> Try.failure(new IllegalStateException("funssa with " + passes.get(string._2)
                + " failed: " + e, e))));
        Option<Try<Long>> coinsOperations = steps.map(n -> Try.of(() -> LirReader.read(program.coinsOptimized()))
                .flatMap(m -> Operations.of(program, m, n, "COINS's .coins-opt.lir")));
        return new Row(program.path(), coins, funssa, coinsOperations);
    }

    /** {@code (a - b) / b} as a signed percentage, or a dash when {@code b} is 0. */
    static String change(long a, long b) {
        return b == 0 ? "—" : String.format(Locale.ROOT, "%+.1f %%", 100.0 * (a - b) / b);
    }

    /** {@code n} of {@code of} with its percentage. */
    private static String share(int n, int of) {
        return String.format(Locale.ROOT, "%d of %d (%.1f %%)", n, of, 100.0 * n / Math.max(1, of));
    }

    /** A table row: a label, then the cells. */
    private static String line(String label, Iterable<?> cells) {
        return Vector.<Object>ofAll(cells).prepend(label).map(String::valueOf)
                .map(cell -> cell.isEmpty() ? " |" : " " + cell + " |").mkString("|", "", "\n");
    }

    /** The line under a table's header: a left-aligned label column, then {@code columns} right-aligned. */
    private static String rule(int columns) {
        return "|---|" + "---:|".repeat(columns) + "\n";
    }

    /** The report in Markdown. */
    static String markdown(Options options, Vector<Row> rows, Machine machine) {
        Vector<String> passes = options.passes();
        Vector<String> names = passes.size() == 1 ? Vector.of("funssa") : Vector.of("funssa", "versus");
        StringBuilder md = new StringBuilder("# Code quality against COINS 1.5: "
                + passes.map(s -> "`" + s + "`").mkString(" versus ") + ", " + options.date() + "\n\n");
        md.append("Instructions and register-to-register copies left in function bodies after destruction, on each ")
                .append("corpus program's `.fe.lir`: funssa with ").append(passes.map(s -> "`" + s + "`")
                        .mkString(" and with ")).append(", COINS 1.5 from the ")
                .append("corpus's `COINS-SSA.tsv` (columns `").append(options.coins()).append("_*`). Counted alike: ")
                .append("top-level statements except DEFLABEL, PROLOGUE and EPILOGUE. funssa's LIR writer lets a ")
                .append("block fall through into the next instead of jumping to it, which COINS does later (JumpOpt, ")
                .append("after the point where its counts are taken); the third row adds those jumps back.\n\n");
        if (options.operations()) {
            md.append("Executed operations: the operations the LIR interpreter executes (`funssa run --stats`) ")
                    .append("running each output and COINS's optimized LIR of the same program (`<name>.coins-opt")
                    .append(".lir`, its `prun/cpyp/cstp/cse/dce/srd3` after COINS's SimpleOpt and JumpOpt), each ")
                    .append("of which must print the program's `.ans`. Programs run with the default step budget ")
                    .append("(10^9) unless the corpus's known failures name a larger one; those whose input ")
                    .append("does not print its `.ans` within such a budget are not run, and are listed below with ")
                    .append("the reason. Operation totals are over the programs run, and again over those that run ")
                    .append("within the default budget, which a program needing billions does not swamp.\n\n");
        }
        md.append("Command: `").append(options.command()).append("`\n\n");
        machine.describe().forEach(l -> md.append("- ").append(l).append('\n'));
        Vector<Row> failed = rows.filter(r -> !r.failures().isEmpty());
        if (!failed.isEmpty()) {
            md.append("\n**FAILED on ").append(failed.size()).append(" programs** (not counted):\n");
            failed.forEach(r -> r.failures().forEach(e -> md.append("- ").append(r.program()).append(": ")
                    .append(e.getMessage()).append('\n')));
        }
        if (passes.size() > 1) {
            md.append('\n').append(passes.zipWith(names, (s, n) -> n + ": `" + s + "`").mkString("; ")).append('\n');
        }
        Vector<Row> counted = rows.filter(Row::counted);
        md.append('\n').append(line("", names.prepend("COINS"))).append(rule(1 + names.size()))
                .append(countRows(counted, names.size()));
        if (options.operations()) {
            Vector<Row> measured = rows.filter(Row::measured);
            Map<String, String> known = Corpus.knownFailingPrograms();
            md.append(operationRows("over the " + measured.size() + " programs run", measured, names));
            Vector<Row> withinDefault = measured.filter(r -> Budget.of(r.program(), known).equals(Budget.DEFAULT));
            if (withinDefault.size() < measured.size()) {
                md.append(operationRows("over the " + withinDefault.size() + " within the default budget",
                        withinDefault, names));
            }
            Vector<Row> notRun = counted.filter(r -> r.coinsOperations().isEmpty());
            if (!notRun.isEmpty()) {
                md.append("\nNot run (instructions counted, operations not):\n");
                notRun.forEach(r -> md.append("- ").append(r.program()).append(": ")
                        .append(Budget.of(r.program(), known) instanceof Budget.NotRun n ? n.why() : "")
                        .append('\n'));
            }
        }
        Vector<String> header = names.map(n -> n + " instrs").prepend("COINS instrs")
                .appendAll(names.map(n -> n + " copies").prepend("COINS copies"));
        if (options.operations()) {
            header = header.appendAll(names.map(n -> n + " ops").prepend("COINS ops"))
                    .append(names.head() + " ops against COINS")
                    .appendAll(names.size() > 1 ? Vector.of(names.head() + " ops against " + names.get(1))
                            : Vector.empty());
        }
        md.append('\n').append(line("program", header)).append(rule(header.size()));
        counted.sortBy(Row::program).forEach(r -> md.append(line(r.program(), programCells(r, names.size()))));
        return md.toString();
    }

    /** The summary's rows of instructions and copies left on the {@code counted} programs. */
    private static String countRows(Vector<Row> counted, int strings) {
        Count zero = new Count(0, 0, 0);
        Count coins = counted.map(Row::coins).fold(zero, Count::plus);
        Vector<Count> totals = Vector.range(0, strings).map(i -> counted.map(r -> r.count(i)).fold(zero, Count::plus));
        String rows = line("instructions, total", totals.map(Count::instructions).prepend(coins.instructions()))
                + line("copies, total", totals.map(Count::copies).prepend(coins.copies()))
                + line("instructions with a jump ending every block, total",
                        totals.map(t -> String.valueOf(t.instructions() + t.fallThroughs())).prepend(""))
                + line("programs with no more instructions than COINS", Vector.range(0, strings).map(i -> share(
                        counted.count(r -> r.count(i).instructions() <= r.coins().instructions()),
                        counted.size())).prepend(""));
        return strings == 1 ? rows : rows + line("instructions against versus", Vector.of("", change(
                totals.get(0).instructions(), totals.get(1).instructions()), ""));
    }

    /** The summary's rows of operations executed by the {@code measured} programs, described by {@code over}. */
    private static String operationRows(String over, Vector<Row> measured, Vector<String> names) {
        Vector<Integer> strings = Vector.range(0, names.size());
        long coins = measured.map(r -> r.coinsOperations().get().get()).sum().longValue();
        Vector<Long> totals = strings.map(i -> measured.map(r -> r.operations(i)).sum().longValue());
        String rows = line("executed operations, total " + over, totals.prepend(coins))
                + line("executed operations against COINS, " + over, totals.map(o -> change(o, coins)).prepend(""))
                + line("programs executing fewer operations than COINS, " + over, strings.map(i -> share(
                        measured.count(r -> r.operations(i) < r.coinsOperations().get().get()), measured.size()))
                        .prepend(""));
        return names.size() == 1 ? rows : rows + line("executed operations against versus, " + over,
                Vector.of("", change(totals.get(0), totals.get(1)), ""))
                + line("programs on which funssa executes fewer / more operations than versus, " + over, Vector.of(
                        "", measured.count(r -> r.operations(0) < r.operations(1)) + " / "
                                + measured.count(r -> r.operations(0) > r.operations(1)), ""));
    }

    /** A program's cells in the per-program table. */
    private static Vector<String> programCells(Row r, int count) {
        Vector<Integer> strings = Vector.range(0, count);
        Vector<String> cells = strings.map(i -> String.valueOf(r.count(i).instructions()))
                .prepend(String.valueOf(r.coins().instructions()))
                .appendAll(strings.map(i -> String.valueOf(r.count(i).copies()))
                        .prepend(String.valueOf(r.coins().copies())));
        if (r.coinsOperations().isEmpty()) {
            return cells;
        }
        if (!r.measured()) {
            return cells.appendAll(Vector.fill(strings.size() + (strings.size() > 1 ? 3 : 2), "failed"));
        }
        long coins = r.coinsOperations().get().get();
        return cells.append(String.valueOf(coins))
                .appendAll(strings.map(i -> String.valueOf(r.operations(i))))
                .append(change(r.operations(0), coins))
                .appendAll(strings.size() > 1 ? Vector.of(change(r.operations(0), r.operations(1))) : Vector.empty());
    }

    public static void main(String[] args) throws IOException {
        Options options = Options.parse(args);
        Corpus corpus = Corpus.require();
        Vector<Row> rows = rows(corpus, options.passes(),
                coins(corpus.root().resolve("coins/COINS-SSA.tsv"), options.coins()), options.operations());
        String md = markdown(options, rows, Machine.current());
        Path out = options.out();
        ReportFile.write(out, md);
        Vector<Row> failed = rows.filter(r -> !r.failures().isEmpty());
        System.out.println(md.lines().limit(24).reduce("", (a, b) -> a + b + "\n") + "written to " + out);
        if (!failed.isEmpty()) {
            failed.forEach(r -> r.failures().forEach(e -> System.err.println("FAILED " + r.program() + ": "
                    + e.getMessage())));
            System.err.println("FAILED on " + failed.size() + " programs");
            System.exit(1);
        }
    }
}
