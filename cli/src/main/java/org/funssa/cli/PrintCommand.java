package org.funssa.cli;

import java.nio.file.Path;
import org.funssa.cli.args.Arguments;
import org.funssa.cli.args.CommandSpec;
import org.funssa.cli.args.Conversions;
import org.funssa.cli.args.ParameterSpec;
import org.funssa.core.lir.LirPrinter;

/** {@code funssa print FILE.lir}: the module in canonical LIR layout. */
final class PrintCommand {

    /** The parameter naming the LIR module, shared by the commands that read one. */
    static final ParameterSpec FILE = ParameterSpec.one("FILE.lir", "the LIR module");

    static final CommandSpec SPEC = CommandSpec.of("print",
                    "Print a LIR module in canonical layout (reading it back gives the same module).")
            .withParameters(FILE);

    private final Terminal terminal;
    private final Path file;

    PrintCommand(Terminal terminal, Arguments arguments) {
        this.terminal = terminal;
        this.file = arguments.parameter(FILE.label(), Conversions.PATH).head();
    }

    int call() {
        terminal.out().print(LirPrinter.print(Inputs.read(file, terminal.err())));
        return ExitStatus.OK;
    }
}
