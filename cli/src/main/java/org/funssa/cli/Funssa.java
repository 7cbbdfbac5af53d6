package org.funssa.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.funssa.core.cfg.CfgException;
import org.funssa.core.lir.LirSyntaxError;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code funssa} command. Without a subcommand it runs the main job on the embedded example; the
 * subcommands work on LIR files. Every failure becomes one line on stderr ({@code FILE:LINE:COL: message}
 * for bad LIR) and an {@link ExitStatus}; {@code --debug} adds the stack trace. {@code -h}/{@code --help}
 * and {@code -V}/{@code --version} are inherited by every subcommand, and {@code funssa help CMD} shows a
 * subcommand's usage.
 */
@Command(name = "funssa", mixinStandardHelpOptions = true, versionProvider = Funssa.Version.class,
        scope = CommandLine.ScopeType.INHERIT,
        description = "Functional SSA for COINS LIR. Without a command: the main job on an embedded example.",
        subcommands = CommandLine.HelpCommand.class)
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
                .addSubcommand(new CommandLine(new RunCommand(terminal, root::report)))
                .addSubcommand(new CommandLine(new PrintCommand(terminal)))
                .addSubcommand(new CommandLine(new CfgCommand(terminal)))
                .addSubcommand(new CommandLine(new PpgCommand(terminal)))
                .addSubcommand(new CommandLine(new SsaCommand(terminal)))
                .addSubcommand(new CommandLine(new OptCommand(terminal, root::report)));
        line.setOut(new PrintWriter(terminal.out(), true));
        line.setErr(new PrintWriter(terminal.err(), true));
        line.setExecutionExceptionHandler((exception, commandLine, parseResult) ->
                root.report(exception, terminal.err()));
        line.setParameterExceptionHandler((exception, args2) -> {
            terminal.err().println("funssa: " + exception.getMessage());
            exception.getCommandLine().usage(terminal.err());
            return ExitStatus.INPUT_ERROR;
        });
        int status;
        try {
            status = line.execute(args);
        } catch (OutOfMemoryError e) {
            status = root.outOfMemory(e, terminal.err());
        }
        terminal.out().flush();
        return status;
    }

    /**
     * An input too large for the heap: one line saying so and how to give Java more, never a JVM trace (with
     * {@code --debug}, the trace too); the status of bad input. What filled the heap is garbage by now.
     */
    private int outOfMemory(OutOfMemoryError e, PrintStream err) {
        long heap = Runtime.getRuntime().maxMemory() / (1 << 20);
        err.println("funssa: out of memory: the input needs more than the " + heap
                + " MB the Java heap may grow to; give Java more, e.g. JDK_JAVA_OPTIONS=-Xmx8g funssa ...");
        if (debug) {
            e.printStackTrace(err);
        }
        return ExitStatus.INPUT_ERROR;
    }

    /** Writes the failure's one line to {@code err}, with its stack trace under {@code --debug}; gives its status. */
    int report(Exception exception, PrintStream err) {
        err.println(describe(exception));
        if (debug) {
            exception.printStackTrace(err);
        }
        return statusOf(exception);
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

    /** The Maven project's version, written into {@code version.properties} when the resources are copied. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws IOException {
            Properties properties = new Properties();
            try (InputStream in = Funssa.class.getResourceAsStream("version.properties")) {
                if (in == null) {
                    throw new IllegalStateException("version.properties is missing from the funssa classes");
                }
                properties.load(in);
            }
            return new String[] {"funssa " + properties.getProperty("version")};
        }
    }
}
