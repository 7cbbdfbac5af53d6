package org.funssa.cli;

import io.vavr.control.Option;
import java.nio.file.Path;
import org.funssa.cli.args.Arguments;
import org.funssa.cli.args.CommandSpec;
import org.funssa.cli.args.Conversions;
import org.funssa.cli.args.OptionSpec;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;

/** {@code funssa ppg FILE.lir [--function F] [--dot]}: the Predicate Partition Graphs of each function. */
final class PpgCommand {

    private static final OptionSpec DOT = OptionSpec.flag("Graphviz DOT: one digraph per region, partitions as"
            + " points", "--dot");

    static final CommandSpec SPEC = CommandSpec.of("ppg", "Show the Predicate Partition Graph (seed 002) of each"
                    + " function's CFG, one per region of its loop nesting forest.")
            .withParameters(PrintCommand.FILE)
            .withOptions(CfgCommand.FUNCTION, DOT);

    private final Terminal terminal;
    private final Path file;
    private final Option<String> function;
    private final boolean dot;

    PpgCommand(Terminal terminal, Arguments arguments) {
        this.terminal = terminal;
        this.file = arguments.parameter(PrintCommand.FILE.label(), Conversions.PATH).head();
        this.function = arguments.value(CfgCommand.FUNCTION.name());
        this.dot = arguments.flag(DOT.name());
    }

    int call() {
        LirReader.Parsed parsed = Inputs.readWithPositions(file, terminal.err());
        for (Module.Function f : CfgCommand.selected(parsed.module(), function, file)) {
            PpgView view = PpgView.of(f, parsed.positions());
            terminal.out().print(dot ? view.dot() : view.summary());
        }
        return ExitStatus.OK;
    }
}
