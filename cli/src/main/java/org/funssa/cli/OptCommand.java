package org.funssa.cli;

import io.vavr.collection.Vector;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.history.LogEntry;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.pipeline.PassString;
import org.funssa.destruct.CopyStats;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code funssa opt FILE.lir --passes prun/srd3}: LIR through construction, optimizations and destruction
 * back to LIR (seed 004 appendix A's pass strings). {@code --check} verifies after every pass and compares
 * the program's behaviour with the input's; {@code --stats} prints counts and times as JSON on stderr;
 * {@code --snapshots} prints the history of program values from construction to destruction on stderr, one
 * line per step (stdout may carry the LIR, so the log never goes there).
 */
@Command(name = "opt", description = "Run a pass string (construction/optimizations/destruction) and write the LIR.")
final class OptCommand implements Callable<Integer> {

    private final Terminal terminal;

    @Parameters(paramLabel = "FILE.lir", description = "the LIR module")
    Path file;

    @CommandLine.Option(names = "--passes", paramLabel = "PASSES", defaultValue = "prun/naive",
            description = "construction/optimization.../destruction, e.g. prun/dump/naive (default: ${DEFAULT-VALUE})")
    String passes;

    @CommandLine.Option(names = {"-o", "--output"}, paramLabel = "OUT.lir", description = "write the result here, not to stdout")
    Path output;

    @CommandLine.Option(names = "--check", description = "verify after every pass and compare the behaviour of main with the input's")
    boolean check;

    @CommandLine.Option(names = "--stats", description = "print counts and times per pass as one JSON object on stderr")
    boolean stats;

    @CommandLine.Option(names = "--snapshots", description = "print each step's snapshot on stderr: pass, options,"
            + " time, lets and local functions, and the nodes it allocated and shared with the snapshot before")
    boolean snapshots;

    @CommandLine.Option(names = "--chaitin", description = "Chaitin's aggressive coalescing after destruction (seed 004 §5.5.2)")
    boolean chaitin;

    @CommandLine.Option(names = "--no-sreedhar-coalescing", description = "srd1, srd2, srd3 without Sreedhar's"
            + " SSA-based coalescing (seed 004 §5.5.1, A.5)")
    boolean noSreedharCoalescing;

    @CommandLine.Option(names = "--option", paramLabel = "SWITCH", description = "a construction switch, as for funssa ssa; repeatable")
    List<String> switches = List.of();

    @CommandLine.Option(names = "--steps", paramLabel = "N", defaultValue = "1000000000",
            description = "step budget of the runs --check makes (default: ${DEFAULT-VALUE})")
    long steps;

    OptCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        PassString pipeline = Pipeline.parse(passes);
        LirReader.Parsed parsed = Inputs.readWithPositions(file, terminal.err());
        if (check) {
            CheckLimits.require(parsed, file.toString());
        }
        Module input = parsed.module();
        Pipeline.Result result = new Pipeline(file.toString(),
                check ? io.vavr.control.Option.of(RunOptions.defaults().withStepBudget(steps)) : io.vavr.control.Option.none(),
                terminal.err()::print).run(input, pipeline, SsaCommand.options(switches), Vector.ofAll(switches), chaitin,
                !noSreedharCoalescing);
        result.checked().forEach(behaviour -> terminal.err().println(file + ": --check: every pass kept the "
                + "behaviour of main (" + behaviour.ended() + ", " + behaviour.stdout().length()
                + " bytes of output)"));
        write(LirPrinter.print(result.output()));
        if (snapshots) {
            result.history().log().forEach(entry -> terminal.err().println(file + ": snapshot " + entry));
        }
        if (stats) {
            terminal.err().println(statistics(input, result));
        }
        return ExitStatus.OK;
    }

    private void write(String text) {
        if (output == null) {
            terminal.out().print(text);
            return;
        }
        try {
            Files.writeString(output, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputError(output + ": cannot write: " + e.getMessage());
        }
    }

    private static String statistics(Module input, Pipeline.Result run) {
        Module result = run.output();
        Vector<Integer> phis = run.phis();
        Vector<CopyStats> copies = run.copies();
        StringBuilder json = new StringBuilder("{\"functions\": [");
        Vector<Module.Function> in = input.functions();
        int blocks = 0, instructionsIn = 0, instructionsOut = 0, phiTotal = 0;
        CopyStats copyTotal = CopyStats.NONE;
        for (int i = 0; i < in.size(); i++) {
            Module.Function f = in.get(i);
            int b = Cfg.of(f).size();
            int out = result.function(f.name()).map(g -> g.body().size()).getOrElse(0);
            json.append(i == 0 ? "" : ", ").append("{\"name\": ").append(jsonString(f.name()))
                    .append(counts(b, f.body().size(), out, phis.get(i), copies.get(i))).append('}');
            blocks += b;
            instructionsIn += f.body().size();
            instructionsOut += out;
            phiTotal += phis.get(i);
            copyTotal = copyTotal.plus(copies.get(i));
        }
        json.append("], \"total\": {").append(counts(blocks, instructionsIn, instructionsOut, phiTotal, copyTotal)
                .substring(2)).append(", \"passMillis\": {");
        json.append(run.passMillis().map(e -> jsonString(e._1) + ": " + String.format(Locale.ROOT, "%.3f", e._2))
                .mkString(", "));
        return json.append("}}, \"passes\": [").append(steps(run.history().log())).append("]}").toString();
    }

    /**
     * Each step of the history from construction to destruction, in order: its time, and the lets and local
     * functions of the program after it with the change from the step before (negative: removed).
     */
    private static String steps(Vector<LogEntry> log) {
        return log.zipWithIndex().map(entry -> {
            LogEntry step = entry._1;
            ProgramSize before = entry._2 == 0 ? new ProgramSize(0, 0) : log.get(entry._2 - 1).size();
            return "{\"pass\": " + jsonString(step.step().pass())
                    + ", \"millis\": " + String.format(Locale.ROOT, "%.3f", step.step().elapsed().toNanos() / 1e6)
                    + ", \"lets\": " + step.size().lets()
                    + ", \"letsChange\": " + (step.size().lets() - before.lets())
                    + ", \"localFunctions\": " + step.size().localFunctions()
                    + ", \"localFunctionsChange\": " + (step.size().localFunctions() - before.localFunctions()) + "}";
        }).mkString(", ");
    }

    private static String counts(int blocks, int in, int out, int phis, CopyStats copies) {
        return ", \"blocks\": " + blocks + ", \"instructionsIn\": " + in + ", \"instructionsOut\": " + out
                + ", \"phis\": " + phis + ", \"copiesInserted\": " + copies.inserted()
                + ", \"copiesLeft\": " + copies.remaining();
    }

    private static String jsonString(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
