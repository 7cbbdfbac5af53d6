package org.funssa.cli;

import io.vavr.control.Option;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.SourcePos;
import picocli.CommandLine.Command;
import picocli.CommandLine;
import picocli.CommandLine.Parameters;

/**
 * {@code funssa run FILE.lir}: interprets a module. The program's stdout is ours; the exit status is its
 * return value {@code & 0xff}, like a C process; a runtime error is one line on stderr,
 * {@code FILE:LINE:COL: in F: runtime error: message}, and status 3. Since a program may return 3 itself, the
 * status alone cannot tell the two apart: the stderr line does, and so does {@code --status-file}, which
 * receives one line saying how the run ended ({@link #outcome}). With {@code --stats}, one JSON line on stderr
 * gives the steps and the operations executed (RunResult), however the run ended.
 */
@Command(name = "run", description = "Interpret a LIR module: its output on stdout, its return value as the exit status.")
final class RunCommand implements Callable<Integer> {

    private final Terminal terminal;

    @Parameters(paramLabel = "FILE.lir", description = "the LIR module")
    Path file;

    @CommandLine.Option(names = "--entry", paramLabel = "NAME", defaultValue = "main",
            description = "the function to run (default: ${DEFAULT-VALUE})")
    String entry;

    @CommandLine.Option(names = "--arg", paramLabel = "N", description = "an integer argument of the entry function; repeatable")
    List<Long> arguments = List.of();

    @CommandLine.Option(names = "--steps", paramLabel = "N", defaultValue = "1000000000",
            description = "the step budget: a run that executes more operations stops (default: ${DEFAULT-VALUE})")
    long steps;

    @CommandLine.Option(names = "--stats",
            description = "print the steps and the operations executed as one JSON object on stderr")
    boolean stats;

    @CommandLine.Option(names = "--status-file", paramLabel = "FILE",
            description = "write how the run ended to FILE, one line: returned N, exited N (exit or abort), "
                    + "or runtime-error and the error's line")
    Path statusFile;

    RunCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        if (steps <= 0) {
            throw new InputError("funssa run: --steps must be positive, got " + steps);
        }
        LirReader.Parsed parsed = Inputs.readWithPositions(file, terminal.err());
        RunOptions options = RunOptions.defaults().withStepBudget(steps).withStdout(terminal.out());
        options = arguments.isEmpty() && entry.equals("main")
                ? options
                : options.withEntry(entry, arguments.stream().mapToLong(Long::longValue).toArray());
        RunResult result = LirInterpreter.run(parsed.module(), options);
        terminal.out().flush();
        if (result instanceof RunResult.Failed f) {
            terminal.err().println(failure(parsed, f));
        }
        Option.of(statusFile).forEach(f -> write(f, outcome(parsed, result) + "\n"));
        if (stats) {
            terminal.err().println("{\"steps\": " + result.steps() + ", \"operations\": " + result.operations() + "}");
        }
        return switch (result) {
            case RunResult.Returned r -> r.exitStatus();
            case RunResult.Exited e -> e.status();
            case RunResult.Failed f -> ExitStatus.RUNTIME_ERROR;
        };
    }

    /**
     * How the run ended, as {@code --status-file} gets it: {@code returned N} (the exit status the return
     * value gives), {@code exited N} (the status {@code exit} or {@code abort} gave), or {@code runtime-error}
     * and the line stderr got.
     */
    private String outcome(LirReader.Parsed parsed, RunResult result) {
        return switch (result) {
            case RunResult.Returned r -> "returned " + r.exitStatus();
            case RunResult.Exited e -> "exited " + e.status();
            case RunResult.Failed f -> "runtime-error " + failure(parsed, f);
        };
    }

    private String failure(LirReader.Parsed parsed, RunResult.Failed f) {
        return place(parsed, f.error()) + ": runtime error: " + f.error().message();
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InputError(file + ": cannot write the status file: " + e.getMessage());
        }
    }

    /** {@code FILE:LINE:COL} of the statement that failed, or the file name alone. */
    private String place(LirReader.Parsed parsed, RuntimeError error) {
        Option<SourcePos> position = error.where().flatMap(where -> parsed.module().function(where.function())
                .filter(f -> where.statement() >= 0 && where.statement() < f.body().size())
                .flatMap(f -> parsed.positions().of(f.body().get(where.statement()))));
        return position.map(SourcePos::toString).getOrElse(file.toString())
                + error.where().map(w -> ": in " + w.function()).getOrElse("");
    }
}
