package org.funssa.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code funssa ppg FILE.lir [--function F] [--dot]}: the Predicate Partition Graphs of each function. */
@Command(name = "ppg", description = "Show the Predicate Partition Graph (seed 002) of each function's CFG,"
        + " one per region of its loop nesting forest.")
final class PpgCommand implements Callable<Integer> {

    private final Terminal terminal;

    @Parameters(paramLabel = "FILE.lir", description = "the LIR module")
    Path file;

    @Option(names = "--function", paramLabel = "F", description = "only this function")
    String function;

    @Option(names = "--dot", description = "Graphviz DOT: one digraph per region, partitions as points")
    boolean dot;

    PpgCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        LirReader.Parsed parsed = Inputs.readWithPositions(file, terminal.err());
        for (Module.Function f : CfgCommand.selected(parsed.module(), function, file)) {
            PpgView view = PpgView.of(f, parsed.positions());
            terminal.out().print(dot ? view.dot() : view.summary());
        }
        return ExitStatus.OK;
    }
}
