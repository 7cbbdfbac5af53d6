package org.funssa.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.funssa.core.lir.LirPrinter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code funssa print FILE.lir}: the module in canonical LIR layout. */
@Command(name = "print", description = "Print a LIR module in canonical layout (reading it back gives the same module).")
final class PrintCommand implements Callable<Integer> {

    private final Terminal terminal;

    @Parameters(paramLabel = "FILE.lir", description = "the LIR module")
    Path file;

    PrintCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        terminal.out().print(LirPrinter.print(Inputs.read(file, terminal.err())));
        return ExitStatus.OK;
    }
}
