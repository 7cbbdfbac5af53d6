package org.funssa.cli;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.ToIntBiFunction;
import org.funssa.cli.args.Arguments;
import org.funssa.cli.args.CommandSpec;
import org.funssa.cli.args.Conversions;
import org.funssa.cli.args.OptionSpec;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.SourcePos;

/**
 * {@code funssa run FILE.lir}: interprets a module. The program's stdout is ours (or, with {@code -o}, a
 * file's); the exit status is its return value {@code & 0xff}, like a C process; a runtime error is one line on
 * stderr, {@code FILE:LINE:COL: in F: runtime error: message}, and status 3. Since a program may return 3
 * itself, the status alone cannot tell the two apart: the stderr line does, and so does {@code --status-file},
 * which receives one line saying how the run ended ({@link #outcome}). With {@code --stats}, one JSON line on
 * stderr gives the steps and the operations executed (RunResult), however the run ended.
 *
 * <p>Given several files or a directory ({@link Batch}), one process runs them all, one per core at a time:
 * each program's stdout goes to {@code DIR/<name>.out} ({@link #outputName}), even the part written before a
 * runtime error; each file's messages come together and in input order on stderr, {@code --stats} lines
 * starting with the file's name; {@code --status-file} receives one line per file, in input order,
 * {@code FILE<tab>outcome}, the outcome of a file that could not be run being {@code input-error} or
 * {@code internal-error} and its message's first line. A batch's exit status says whether every program ran
 * to its end: 0 if so, whatever the programs returned (the status file has that), else the highest of the
 * failures' statuses (2 for a file that cannot be read, 3 for a runtime error). Corpus programs often return
 * what is left in a register; a status taken from their return values would hide the runtime errors.
 */
final class RunCommand {

    private static final OptionSpec OUTPUT = OptionSpec.value("OUT", "write the program's stdout to this file (or"
            + " into this directory as <name>.out), not to stdout; with several inputs, the directory of their"
            + " outputs", "-o", "--output");
    private static final OptionSpec ENTRY = OptionSpec.value("NAME", "the function to run", "--entry")
            .withDefault("main");
    private static final OptionSpec ARG = OptionSpec.repeated("N", "an integer argument of the entry function;"
            + " repeatable", "--arg");
    private static final OptionSpec STEPS = OptionSpec.value("N", "the step budget of each run: a run that"
            + " executes more operations stops", "--steps").withDefault("1000000000");
    private static final OptionSpec STATS = OptionSpec.flag("print the steps and the operations executed as one"
            + " JSON object on stderr; in a batch, one line per file starting with FILE: ", "--stats");
    private static final OptionSpec STATUS_FILE = OptionSpec.value("FILE", "write how the run ended to FILE, one"
            + " line: returned N, exited N (exit or abort), or runtime-error and the error's line; in a batch, one"
            + " line per file: FILE, a tab, and that (or input-error or internal-error and the message)",
            "--status-file");

    static final CommandSpec SPEC = CommandSpec.of("run",
                    "Interpret a LIR module: its output on stdout, its return value as the exit status.",
                    "Several files or a directory (its *.lir files, at any depth) run in one process, one per core"
                            + " at a time: -o DIR is then required; each program's stdout goes to DIR/<name>.out"
                            + " (NAME.lir gives NAME.out; a directory's files keep their path below it); messages"
                            + " and runtime errors (FILE:LINE:COL: ...) come per file in input order on stderr; a"
                            + " file that cannot be read or fails is reported and the others still run. The exit"
                            + " status is 0 if every program ran to its end, whatever it returned, else the highest"
                            + " of the failures' (2 bad input, 3 runtime error); --status-file has one line per"
                            + " file: FILE, a tab, and how it ended (returned N, ...).")
            .withParameters(OptCommand.FILES)
            .withOptions(OUTPUT, ENTRY, ARG, STEPS, STATS, STATUS_FILE);

    private final Terminal terminal;

    /** Reports a failure the way the command line does, on the stream given, and gives its exit status. */
    private final ToIntBiFunction<Exception, PrintStream> report;

    private final Vector<Path> inputs;
    private final Option<Path> output;
    private final String entry;
    private final Vector<Long> arguments;
    private final long steps;
    private final boolean stats;
    private final Option<Path> statusFile;

    RunCommand(Terminal terminal, ToIntBiFunction<Exception, PrintStream> report, Arguments arguments) {
        this.terminal = terminal;
        this.report = report;
        this.inputs = arguments.parameter(OptCommand.FILES.label(), Conversions.PATH);
        this.output = arguments.value(OUTPUT.name(), Conversions.PATH);
        this.entry = arguments.valueOrDefault(ENTRY.name());
        this.arguments = arguments.values(ARG.name(), Conversions.LONG);
        this.steps = arguments.valueOrDefault(STEPS.name(), Conversions.LONG);
        this.stats = arguments.flag(STATS.name());
        this.statusFile = arguments.value(STATUS_FILE.name(), Conversions.PATH);
    }

    /**
     * How one run ended: the line {@code --status-file} gets, the exit status of {@code run FILE}, and whether
     * the program failed (a runtime error) rather than ran to its end.
     */
    private record Ran(String outcome, int status, boolean failed) {}

    int call() {
        if (steps <= 0) {
            throw new InputError("funssa run: --steps must be positive, got " + steps);
        }
        if (!Batch.isBatch(inputs)) {
            Path file = inputs.get(0);
            Option<Path> target = output
                    .map(o -> Files.isDirectory(o) ? o.resolve(outputName(file.getFileName().toString())) : o);
            Ran ran = run(file, target, terminal.err(), "");
            statusFile.forEach(f -> write(f, ran.outcome() + "\n"));
            return ran.status();
        }
        if (output.isEmpty()) {
            throw new InputError("funssa run: several inputs need -o DIR, the directory for their outputs");
        }
        Vector<Batch.Done<Ran>> done = Batch.of("run", inputs, output.get(), RunCommand::outputName)
                .run(terminal.err(), report, (job, err) -> run(job.input(), Option.of(job.output()), err,
                        job.input() + ": "));
        statusFile.forEach(f -> write(f, done.map(d -> d.job().input() + "\t"
                + d.ending().fold(RunCommand::notRun, Ran::outcome) + "\n").mkString()));
        return Batch.worst(done, ran -> ran.failed() ? ExitStatus.RUNTIME_ERROR : ExitStatus.OK);
    }

    /** Where a batch writes the stdout of {@code NAME.lir} (or of any other name): {@code NAME.out}. */
    static String outputName(String input) {
        return (input.endsWith(".lir") ? input.substring(0, input.length() - ".lir".length()) : input) + ".out";
    }

    /**
     * Reads and interprets a module: its stdout to the file {@code target} (whole, however the run ended) or to
     * ours as it is written; its messages (the reader's warnings, a runtime error's line, the {@code --stats}
     * line starting with {@code statsPrefix}) to {@code err}. A module that cannot be read writes no file.
     */
    private Ran run(Path file, Option<Path> target, PrintStream err, String statsPrefix) {
        LirReader.Parsed parsed = Inputs.readWithPositions(file, err);
        if (target.isEmpty()) {
            return interpret(file, parsed, terminal.out(), err, statsPrefix);
        }
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(createParent(target.get())))) {
            return interpret(file, parsed, out, err, statsPrefix);
        } catch (IOException e) {
            throw new InputError(target.get() + ": cannot write: " + e.getMessage());
        }
    }

    private Ran interpret(Path file, LirReader.Parsed parsed, OutputStream out, PrintStream err, String statsPrefix) {
        RunOptions options = RunOptions.defaults().withStepBudget(steps).withStdout(out);
        options = arguments.isEmpty() && entry.equals("main")
                ? options
                : options.withEntry(entry, arguments.toJavaStream().mapToLong(Long::longValue).toArray());
        RunResult result = LirInterpreter.run(parsed.module(), options);
        try {
            out.flush();
        } catch (IOException e) {
            throw new InputError(file + ": cannot write the program's output: " + e.getMessage());
        }
        if (result instanceof RunResult.Failed f) {
            err.println(failure(file, parsed, f));
        }
        if (stats) {
            err.println(statsPrefix + "{\"steps\": " + result.steps() + ", \"operations\": " + result.operations()
                    + "}");
        }
        return new Ran(outcome(file, parsed, result), switch (result) {
            case RunResult.Returned r -> r.exitStatus();
            case RunResult.Exited e -> e.status();
            case RunResult.Failed f -> ExitStatus.RUNTIME_ERROR;
        }, result instanceof RunResult.Failed);
    }

    /**
     * How the run ended, as {@code --status-file} gets it: {@code returned N} (the exit status the return
     * value gives), {@code exited N} (the status {@code exit} or {@code abort} gave), or {@code runtime-error}
     * and the line stderr got.
     */
    private static String outcome(Path file, LirReader.Parsed parsed, RunResult result) {
        return switch (result) {
            case RunResult.Returned r -> "returned " + r.exitStatus();
            case RunResult.Exited e -> "exited " + e.status();
            case RunResult.Failed f -> "runtime-error " + failure(file, parsed, f);
        };
    }

    /** The outcome of a file of a batch that could not be run: why, in the first line of its report. */
    private static String notRun(Batch.Failure failure) {
        return (failure.status() == ExitStatus.INPUT_ERROR ? "input-error " : "internal-error ")
                + failure.message().lines().findFirst().orElse("");
    }

    private static String failure(Path file, LirReader.Parsed parsed, RunResult.Failed f) {
        return place(file, parsed, f.error()) + ": runtime error: " + f.error().message();
    }

    private static Path createParent(Path file) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        return file;
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputError(file + ": cannot write the status file: " + e.getMessage());
        }
    }

    /** {@code FILE:LINE:COL} of the statement that failed, or the file name alone. */
    private static String place(Path file, LirReader.Parsed parsed, RuntimeError error) {
        Option<SourcePos> position = error.where().flatMap(where -> parsed.module().function(where.function())
                .filter(f -> where.statement() >= 0 && where.statement() < f.body().size())
                .flatMap(f -> parsed.positions().of(f.body().get(where.statement()))));
        return position.map(SourcePos::toString).getOrElse(file.toString())
                + error.where().map(w -> ": in " + w.function()).getOrElse("");
    }
}
