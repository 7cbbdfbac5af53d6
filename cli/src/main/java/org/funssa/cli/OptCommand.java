package org.funssa.cli;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.ToIntBiFunction;
import org.funssa.cli.args.Arguments;
import org.funssa.cli.args.CommandSpec;
import org.funssa.cli.args.Conversions;
import org.funssa.cli.args.OptionSpec;
import org.funssa.cli.args.ParameterSpec;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Moves;
import org.funssa.cps.construct.ConstructionOptions;
import org.funssa.cps.history.LogEntry;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.pipeline.PassString;
import org.funssa.destruct.CopyStats;

/**
 * {@code funssa opt FILE.lir --passes prun/srd3}: LIR through construction, optimizations and destruction
 * back to LIR (seed 004 appendix A's pass strings). {@code --check} verifies after every pass and compares
 * the program's behaviour with the input's; {@code --stats} prints counts and times as JSON on stderr;
 * {@code --snapshots} prints the history of program values from construction to destruction on stderr, one
 * line per step (stdout may carry the LIR, so the log never goes there). Given several files or a directory
 * ({@link Batch}), one process optimizes them all into {@code -o DIR}, one module per core at a time, each
 * module's messages together and in input order: a failing module is reported and the others still run, and
 * the exit status is the highest of theirs.
 */
final class OptCommand {

    /** The LIR modules a command reads, or directories of them: {@code run} and {@code opt} take several. */
    static final ParameterSpec FILES = ParameterSpec.oneOrMore("FILE.lir", "LIR modules, or directories of them");

    private static final OptionSpec PASSES = OptionSpec.value("PASSES", "construction/optimization.../destruction,"
            + " e.g. prun/dump/naive", "--passes").withDefault("prun/naive");
    private static final OptionSpec OUTPUT = OptionSpec.value("OUT", "write the result to this file (or into this"
            + " directory), not to stdout; with several inputs, the directory of their results", "-o", "--output");
    private static final OptionSpec CHECK = OptionSpec.flag("verify after every pass and compare the behaviour of"
            + " main with the input's", "--check");
    private static final OptionSpec STATS = OptionSpec.flag("print counts and times per pass as one JSON object on"
            + " stderr", "--stats");
    private static final OptionSpec SNAPSHOTS = OptionSpec.flag("print each step's snapshot on stderr: pass,"
            + " options, time, lets and local functions, and the nodes it allocated and shared with the snapshot"
            + " before", "--snapshots");
    private static final OptionSpec CHAITIN = OptionSpec.flag("Chaitin's aggressive coalescing after destruction"
            + " (seed 004 §5.5.2)", "--chaitin");
    private static final OptionSpec NO_SREEDHAR = OptionSpec.flag("srd1, srd2, srd3 without Sreedhar's SSA-based"
            + " coalescing (seed 004 §5.5.1, A.5)", "--no-sreedhar-coalescing");
    private static final OptionSpec STEPS = OptionSpec.value("N", "step budget of the runs --check makes",
            "--steps").withDefault("1000000000");

    static final CommandSpec SPEC = CommandSpec.of("opt",
                    "Run a pass string (construction/optimizations/destruction) and write the LIR.",
                    "Several files or a directory (its *.lir files, at any depth) run in one process, one per core"
                            + " at a time: -o DIR is then required, each result goes to DIR under its input's name"
                            + " (a directory's files keep their path below it), a failing file is reported as"
                            + " FILE:LINE:COL: message and the others still run; the exit status is the highest of"
                            + " theirs.")
            .withParameters(FILES)
            .withOptions(PASSES, OUTPUT, CHECK, STATS, SNAPSHOTS, CHAITIN, NO_SREEDHAR,
                    OptionSpec.repeated("SWITCH", "a construction switch, as for funssa ssa; repeatable",
                            SsaCommand.SWITCH),
                    STEPS);

    private final Terminal terminal;

    /** Reports a failure the way the command line does, on the stream given, and gives its exit status. */
    private final ToIntBiFunction<Exception, PrintStream> report;

    private final Vector<Path> inputs;
    private final String passes;
    private final Option<Path> output;
    private final boolean check;
    private final boolean stats;
    private final boolean snapshots;
    private final boolean chaitin;
    private final boolean noSreedharCoalescing;
    private final Vector<String> switches;
    private final long steps;

    OptCommand(Terminal terminal, ToIntBiFunction<Exception, PrintStream> report, Arguments arguments) {
        this.terminal = terminal;
        this.report = report;
        this.inputs = arguments.parameter(FILES.label(), Conversions.PATH);
        this.passes = arguments.valueOrDefault(PASSES.name());
        this.output = arguments.value(OUTPUT.name(), Conversions.PATH);
        this.check = arguments.flag(CHECK.name());
        this.stats = arguments.flag(STATS.name());
        this.snapshots = arguments.flag(SNAPSHOTS.name());
        this.chaitin = arguments.flag(CHAITIN.name());
        this.noSreedharCoalescing = arguments.flag(NO_SREEDHAR.name());
        this.switches = arguments.values(SsaCommand.SWITCH);
        this.steps = arguments.valueOrDefault(STEPS.name(), Conversions.LONG);
    }

    int call() {
        if (steps <= 0) {
            throw new InputError("funssa opt: --steps must be positive, got " + steps);
        }
        PassString pipeline = Pipeline.parse(passes);
        ConstructionOptions options = SsaCommand.options(switches);
        if (!Batch.isBatch(inputs)) {
            Path file = inputs.get(0);
            Option<Path> target = output.map(o -> Files.isDirectory(o) ? o.resolve(file.getFileName()) : o);
            if (target.exists(t -> t.toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize()))) {
                throw new InputError("funssa opt: " + target.get() + " would overwrite its input; choose another -o");
            }
            optimize(terminal, file, pipeline, options, target, "");
            return ExitStatus.OK;
        }
        if (output.isEmpty()) {
            throw new InputError("funssa opt: several inputs need -o DIR, the directory for their results");
        }
        Batch batch = Batch.of("opt", inputs, output.get(), name -> name);
        return Batch.worst(batch.run(terminal.err(), report, (job, err) -> {
            optimize(new Terminal(terminal.out(), err), job.input(), pipeline, options, Option.of(job.output()),
                    job.input() + ": ");
            return ExitStatus.OK;
        }), status -> status);
    }

    /**
     * Optimizes one module, writing its LIR to {@code target} or stdout and its messages to stderr; each
     * {@code --stats} line starts with {@code statsPrefix} (in a batch, the file it is about).
     */
    private void optimize(Terminal streams, Path file, PassString pipeline, ConstructionOptions options,
                          Option<Path> target, String statsPrefix) {
        LirReader.Parsed parsed = Inputs.readWithPositions(file, streams.err());
        if (check) {
            CheckLimits.require(parsed, file.toString());
        }
        Module input = parsed.module();
        Pipeline.Result result = new Pipeline(file.toString(),
                check ? Option.of(RunOptions.defaults().withStepBudget(steps)) : Option.none(),
                streams.err()::print).run(input, pipeline, options, switches, chaitin,
                !noSreedharCoalescing);
        result.checked().forEach(behaviour -> streams.err().println(file + ": --check: " + (behaviour.outOfSteps()
                ? "main does not finish within " + steps + " steps; every pass printed what the input printed until "
                + "then (" + behaviour.stdout().length() + " bytes)"
                : "every pass kept the behaviour of main (" + behaviour.ended() + ", " + behaviour.stdout().length()
                + " bytes of output)")));
        write(streams, LirPrinter.print(result.output()), target);
        if (snapshots) {
            result.history().log().forEach(entry -> streams.err().println(file + ": snapshot " + entry));
        }
        if (stats) {
            streams.err().println(statsPrefix + statistics(input, result));
        }
    }

    private static void write(Terminal streams, String text, Option<Path> target) {
        if (target.isEmpty()) {
            streams.out().print(text);
            return;
        }
        Path file = target.get();
        try {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputError(file + ": cannot write: " + e.getMessage());
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
        Moves moveTotal = Moves.NONE;
        for (int i = 0; i < in.size(); i++) {
            Module.Function f = in.get(i);
            int b = Cfg.of(f).size();
            int out = result.function(f.name()).map(g -> g.body().size()).getOrElse(0);
            Moves moves = result.function(f.name()).map(Moves::of).getOrElse(Moves.NONE);
            json.append(i == 0 ? "" : ", ").append("{\"name\": ").append(jsonString(f.name()))
                    .append(counts(b, f.body().size(), out, phis.get(i), copies.get(i), moves)).append('}');
            moveTotal = moveTotal.plus(moves);
            blocks += b;
            instructionsIn += f.body().size();
            instructionsOut += out;
            phiTotal += phis.get(i);
            copyTotal = copyTotal.plus(copies.get(i));
        }
        json.append("], \"total\": {")
                .append(counts(blocks, instructionsIn, instructionsOut, phiTotal, copyTotal, moveTotal)
                .substring(2)).append(", \"passMillis\": {");
        json.append(run.passMillis().map(e -> jsonString(e._1) + ": " + String.format(Locale.ROOT, "%.3f", e._2))
                .mkString(", "));
        return json.append("}}, \"passes\": [").append(steps(run.history().log())).append("]}").toString();
    }

    /**
     * Each step of the history from construction to destruction, in order: its time, and the lets, local
     * functions, conditional branches and ψs of the program after it with the change from the step before
     * (negative: removed; if-conversion removes branches and makes ψs).
     */
    private static String steps(Vector<LogEntry> log) {
        return log.zipWithIndex().map(entry -> {
            LogEntry step = entry._1;
            ProgramSize before = entry._2 == 0 ? new ProgramSize(0, 0, 0, 0) : log.get(entry._2 - 1).size();
            return "{\"pass\": " + jsonString(step.step().pass())
                    + ", \"millis\": " + String.format(Locale.ROOT, "%.3f", step.step().elapsed().toNanos() / 1e6)
                    + ", \"lets\": " + step.size().lets()
                    + ", \"letsChange\": " + (step.size().lets() - before.lets())
                    + ", \"localFunctions\": " + step.size().localFunctions()
                    + ", \"localFunctionsChange\": " + (step.size().localFunctions() - before.localFunctions())
                    + ", \"branches\": " + step.size().branches()
                    + ", \"branchesChange\": " + (step.size().branches() - before.branches())
                    + ", \"psis\": " + step.size().psis()
                    + ", \"psisChange\": " + (step.size().psis() - before.psis()) + "}";
        }).mkString(", ");
    }

    /**
     * One function's counts, or the total's: {@code copiesLeft} counts the output's register-to-register
     * {@code SET}s as the corpus's {@code COINS-SSA.tsv} counts COINS's copies, {@code constantMovesLeft} its
     * registers set to constants, {@code predicatedCopiesLeft} its registers set to a select of two registers;
     * {@code copiesInserted} the copies the destruction method inserted in the IR, and out of ψ-SSA (seed 001 §5)
     * {@code psiNormalizeCopies}, {@code psiCongruenceCopies} and {@code phiCongruenceCopies} those each step
     * inserted (the last the method's, as {@code copiesInserted}).
     */
    private static String counts(int blocks, int in, int out, int phis, CopyStats copies, Moves moves) {
        return ", \"blocks\": " + blocks + ", \"instructionsIn\": " + in + ", \"instructionsOut\": " + out
                + ", \"phis\": " + phis + ", \"copiesInserted\": " + copies.inserted()
                + ", \"psiNormalizeCopies\": " + copies.psiNormalize()
                + ", \"psiCongruenceCopies\": " + copies.psiCongruence()
                + ", \"phiCongruenceCopies\": " + copies.phiCongruence()
                + ", \"copiesLeft\": " + moves.copies() + ", \"predicatedCopiesLeft\": " + moves.predicatedCopies()
                + ", \"constantMovesLeft\": " + moves.constants();
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
