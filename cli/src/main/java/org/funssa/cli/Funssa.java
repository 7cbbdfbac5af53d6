package org.funssa.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import org.funssa.core.cfg.CfgException;
import org.funssa.core.lir.LirSyntaxError;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code funssa} command. Without a subcommand it runs the main job on the embedded example; the
 * subcommands work on LIR files. Every failure becomes one line on stderr ({@code FILE:LINE:COL: message}
 * for bad LIR) and an {@link ExitStatus}; {@code --debug} adds the stack trace.
 */
@Command(name = "funssa", mixinStandardHelpOptions = true, versionProvider = Funssa.Version.class,
        description = "Functional SSA for COINS LIR. Without a command: the main job on an embedded example.",
        subcommandsRepeatable = false)
public final class Funssa implements Callable<Integer> {

    private final Terminal terminal;

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "show stack traces of internal errors")
    boolean debug;

    Funssa(Terminal terminal) {
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        return new MainJob(terminal).run();
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.ISO_8859_1);
        int status = execute(new Terminal(out, System.err), args);
        out.flush();
        System.exit(status);
    }

    /** Runs the command line and returns its exit status; the streams receive all output. */
    static int execute(Terminal terminal, String... args) {
        Funssa root = new Funssa(terminal);
        CommandLine line = new CommandLine(root)
                .addSubcommand(new CommandLine(new RunCommand(terminal)))
                .addSubcommand(new CommandLine(new PrintCommand(terminal)))
                .addSubcommand(new CommandLine(new CfgCommand(terminal)))
                .addSubcommand(new CommandLine(new PpgCommand(terminal)))
                .addSubcommand(new CommandLine(new SsaCommand(terminal)))
                .addSubcommand(new CommandLine(new OptCommand(terminal)));
        line.setOut(new PrintWriter(terminal.out(), true));
        line.setErr(new PrintWriter(terminal.err(), true));
        line.setExecutionExceptionHandler((exception, commandLine, parseResult) -> {
            terminal.err().println(describe(exception));
            if (root.debug) {
                exception.printStackTrace(terminal.err());
            }
            return statusOf(exception);
        });
        line.setParameterExceptionHandler((exception, args2) -> {
            terminal.err().println("funssa: " + exception.getMessage());
            exception.getCommandLine().usage(terminal.err());
            return ExitStatus.INPUT_ERROR;
        });
        int status = line.execute(args);
        terminal.out().flush();
        return status;
    }

    private static String describe(Exception exception) {
        return switch (exception) {
            case LirSyntaxError e -> e.getMessage();
            case InputError e -> e.getMessage();
            case CfgException e -> e.getMessage();
            case Pipeline.CheckFailure e -> e.getMessage();
            case UncheckedIOException e -> "funssa: " + e.getMessage();
            default -> "funssa: internal error: " + exception + " (run with --debug for the stack trace)";
        };
    }

    private static int statusOf(Exception exception) {
        return switch (exception) {
            case LirSyntaxError e -> ExitStatus.INPUT_ERROR;
            case InputError e -> ExitStatus.INPUT_ERROR;
            case CfgException e -> ExitStatus.INPUT_ERROR;
            case Pipeline.CheckFailure e -> ExitStatus.CHECK_FAILED;
            case UncheckedIOException e -> ExitStatus.INPUT_ERROR;
            default -> ExitStatus.INTERNAL_ERROR;
        };
    }

    /** The version from the jar's manifest, or "development" when run from classes. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Funssa.class.getPackage().getImplementationVersion();
            return new String[] {"funssa " + (version == null ? "development" : version)};
        }
    }
}
