package org.funssa.bench.quality;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Try;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import org.funssa.bench.phase.Phases;
import org.funssa.bench.report.Machine;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.cps.pipeline.PassString;

/**
 * Writes {@code <out-dir>/<date>-quality.md}: on every corpus program's {@code .fe.lir}, the instructions and
 * copies funssa leaves with a pass string beside what COINS 1.5's SSA optimizer leaves with the same string
 * ({@code COINS-SSA.tsv} in the corpus: {@code srd3_*} for {@code prun/srd3}, {@code opt_*} for
 * {@code prun/cpyp/cstp/cse/dce/srd3}), counted the same way: top-level statements of function bodies except
 * {@code DEFLABEL}, {@code PROLOGUE} and {@code EPILOGUE}, and {@code SET}s of a register to a register.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.funssa.bench.quality.QualityReport [--out-dir bench/reports]
 *     [--date YYYY-MM-DD] [--passes prun/cpyp/cstp/cse/dce/srd3] [--coins opt]
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

    /** One program: COINS's counts and funssa's, or why funssa's are missing. */
    record Row(String program, Count coins, Try<Count> funssa) {}

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

    /** Every corpus program COINS has counts for, with funssa's counts under {@code passes}. */
    static Vector<Row> rows(Corpus corpus, PassString passes, Map<String, Count> coins) {
        return Vector.ofAll(corpus.programs().toJavaParallelStream()
                .filter(p -> coins.containsKey(p.path()))
                .map(p -> new Row(p.path(), coins.get(p.path()).get(),
                        Try.of(() -> count(Phases.compile(LirReader.read(p.frontEnd()), passes)))))
                .toList());
    }

    /** The report in Markdown. */
    static String markdown(String passes, String coinsColumns, Vector<Row> rows, Machine machine, String date) {
        Vector<Row> counted = rows.filter(r -> r.funssa().isSuccess());
        Count coinsTotal = counted.map(Row::coins).fold(new Count(0, 0, 0), Count::plus);
        Count funssaTotal = counted.map(r -> r.funssa().get()).fold(new Count(0, 0, 0), Count::plus);
        int noMore = counted.count(r -> r.funssa().get().instructions() <= r.coins().instructions());
        StringBuilder md = new StringBuilder("# Code quality against COINS 1.5: `" + passes + "`, " + date + "\n\n");
        md.append("Instructions and register-to-register copies left in function bodies after destruction, on each ")
                .append("corpus program's `.fe.lir`: funssa with `").append(passes).append("`, COINS 1.5 from the ")
                .append("corpus's `COINS-SSA.tsv` (columns `").append(coinsColumns).append("_*`). Counted alike: ")
                .append("top-level statements except DEFLABEL, PROLOGUE and EPILOGUE. funssa's LIR writer lets a ")
                .append("block fall through into the next instead of jumping to it, which COINS does later (JumpOpt, ")
                .append("after the point where its counts are taken); the third row adds those jumps back.\n\n")
                .append("Command: `bench/run-quality --passes ").append(passes).append(" --coins ")
                .append(coinsColumns).append("`\n\n");
        machine.describe().forEach(line -> md.append("- ").append(line).append('\n'));
        md.append("\n| | COINS | funssa |\n|---|---:|---:|\n")
                .append("| instructions, total | ").append(coinsTotal.instructions()).append(" | ")
                .append(funssaTotal.instructions()).append(" |\n")
                .append("| copies, total | ").append(coinsTotal.copies()).append(" | ")
                .append(funssaTotal.copies()).append(" |\n")
                .append("| instructions with a jump ending every block, total | | ")
                .append(funssaTotal.instructions() + funssaTotal.fallThroughs()).append(" |\n")
                .append("| programs with no more instructions than COINS | | ").append(noMore).append(" of ")
                .append(counted.size()).append(String.format(java.util.Locale.ROOT, " (%.1f %%)",
                        100.0 * noMore / Math.max(1, counted.size()))).append(" |\n");
        Vector<Row> failed = rows.filter(r -> r.funssa().isFailure());
        if (!failed.isEmpty()) {
            md.append("\nNot counted (funssa failed): ").append(failed.size()).append('\n');
            failed.forEach(r -> md.append("- ").append(r.program()).append(": ")
                    .append(r.funssa().getCause().getMessage()).append('\n'));
        }
        md.append("\n| program | COINS instrs | funssa instrs | COINS copies | funssa copies |\n")
                .append("|---|---:|---:|---:|---:|\n");
        counted.sortBy(Row::program).forEach(r -> md.append("| ").append(r.program()).append(" | ")
                .append(r.coins().instructions()).append(" | ").append(r.funssa().get().instructions())
                .append(" | ").append(r.coins().copies()).append(" | ").append(r.funssa().get().copies())
                .append(" |\n"));
        return md.toString();
    }

    public static void main(String[] args) throws IOException {
        Path outDir = Path.of("bench/reports");
        String date = LocalDate.now().toString();
        String passes = "prun/cpyp/cstp/cse/dce/srd3";
        String columns = "opt";
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--out-dir" -> outDir = Path.of(args[i + 1]);
                case "--date" -> date = args[i + 1];
                case "--passes" -> passes = args[i + 1];
                case "--coins" -> columns = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; known: --out-dir, --date, --passes, --coins");
            }
        }
        Corpus corpus = Corpus.require();
        PassString parsed = Phases.parse(passes);
        Vector<Row> rows = rows(corpus, parsed, coins(corpus.root().resolve("coins/COINS-SSA.tsv"), columns));
        String md = markdown(passes, columns, rows, Machine.current(), date);
        Path out = outDir.resolve(date + "-quality-" + columns + ".md");
        try {
            Files.writeString(out, md, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.println(md.lines().limit(16).reduce("", (a, b) -> a + b + "\n") + "written to " + out);
    }
}
