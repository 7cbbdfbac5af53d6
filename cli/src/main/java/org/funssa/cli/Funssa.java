package org.funssa.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.funssa.cli.args.ArgumentParser;
import org.funssa.cli.args.Arguments;
import org.funssa.cli.args.CommandSpec;
import org.funssa.cli.args.HelpText;
import org.funssa.cli.args.OptionSpec;
import org.funssa.cli.args.ParameterSpec;
import org.funssa.cli.args.UsageError;
import org.funssa.core.cfg.CfgException;
import org.funssa.core.lir.LirSyntaxError;

/**
 * The {@code funssa} command. Without a subcommand it runs the main job on the embedded example; the
 * subcommands work on LIR files. Every failure becomes one line on stderr ({@code FILE:LINE:COL: message}
 * for bad LIR) and an {@link ExitStatus}; {@code --debug} adds the stack trace. A command line that does not
 * fit the command ({@link UsageError}) is one line naming the bad word, then the command's usage, and status
 * 2. {@code -h}/{@code --help} and {@code -V}/{@code --version} are inherited by every subcommand, and
 * {@code funssa help CMD} shows a subcommand's usage.
 */
public final class Funssa {

    private static final OptionSpec DEBUG = OptionSpec.flag("show stack traces of internal errors", "--debug")
            .asInherited();
    private static final OptionSpec HELP = OptionSpec.flag("Show this help message and exit.", "-h", "--help")
            .asInherited().asStandalone();
    private static final OptionSpec VERSION = OptionSpec.flag("Print version information and exit.", "-V",
            "--version").asInherited().asStandalone();
    private static final CommandSpec HELP_COMMAND = CommandSpec.of("help",
                    "Display help information about the specified command.")
            .withParameters(ParameterSpec.optional("COMMAND", "the command to show the help of"));

    /** The command line funssa understands. */
    static final CommandSpec SPEC = CommandSpec.of("funssa",
                    "Functional SSA for COINS LIR. Without a command: the main job on an embedded example.")
            .withOptions(DEBUG, HELP, VERSION)
            .withSubcommands(HELP_COMMAND, RunCommand.SPEC, PrintCommand.SPEC, CfgCommand.SPEC, PpgCommand.SPEC,
                    SsaCommand.SPEC, OptCommand.SPEC);

    private final Terminal terminal;

    private boolean debug;

    private Funssa(Terminal terminal) {
        this.terminal = terminal;
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
        Funssa funssa = new Funssa(terminal);
        int status;
        try {
            status = funssa.dispatch(ArgumentParser.parse(SPEC, args));
        } catch (UsageError e) {
            terminal.err().println("funssa: " + e.getMessage());
            terminal.err().print(HelpText.of(e.command()));
            status = ExitStatus.INPUT_ERROR;
        } catch (OutOfMemoryError e) {
            status = funssa.outOfMemory(e, terminal.err());
        } catch (Exception e) {
            status = funssa.report(e, terminal.err());
        }
        terminal.out().flush();
        return status;
    }

    /**
     * Answers {@code --help} and {@code --version} (given before a subcommand's name, they are the top
     * command's), else runs the command named.
     */
    private int dispatch(Arguments arguments) {
        debug = arguments.flag(DEBUG.name());
        Arguments asked = arguments.caller().filter(caller -> caller.options().containsKey(HELP.name())
                || caller.options().containsKey(VERSION.name())).getOrElse(arguments);
        if (asked.flag(HELP.name())) {
            return help(asked.command());
        }
        if (asked.flag(VERSION.name())) {
            terminal.out().println(version());
            return ExitStatus.OK;
        }
        return switch (arguments.command().name()) {
            case "funssa" -> new MainJob(terminal).run();
            case "help" -> help(arguments.parameter("COMMAND", word -> word).headOption()
                    .map(SPEC::requireSubcommand)
                    .getOrElse(SPEC));
            case "run" -> new RunCommand(terminal, this::report, arguments).call();
            case "print" -> new PrintCommand(terminal, arguments).call();
            case "cfg" -> new CfgCommand(terminal, arguments).call();
            case "ppg" -> new PpgCommand(terminal, arguments).call();
            case "ssa" -> new SsaCommand(terminal, arguments).call();
            case "opt" -> new OptCommand(terminal, this::report, arguments).call();
            default -> throw new IllegalStateException("no command " + arguments.command().name());
        };
    }

    /** The help of {@code command} on stdout, in UTF-8 whatever the program output's encoding. */
    private int help(CommandSpec command) {
        terminal.out().writeBytes(HelpText.of(command).getBytes(StandardCharsets.UTF_8));
        return ExitStatus.OK;
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

    /** {@code funssa} and the Maven project's version, written into {@code version.properties} at build time. */
    private static String version() {
        Properties properties = new Properties();
        try (InputStream in = Funssa.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("version.properties is missing from the funssa classes");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "funssa " + properties.getProperty("version");
    }
}
