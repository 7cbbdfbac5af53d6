package org.funssa.cli;

import io.vavr.collection.Vector;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code funssa cfg FILE.lir [--function F] [--dot]}: control-flow graphs, dominator trees and loops. */
@Command(name = "cfg", description = "Show the control-flow graph, dominator tree and loops of each function.")
final class CfgCommand implements Callable<Integer> {

    private final Terminal terminal;

    @Parameters(paramLabel = "FILE.lir", description = "the LIR module")
    Path file;

    @Option(names = "--function", paramLabel = "F", description = "only this function")
    String function;

    @Option(names = "--dot", description = "Graphviz DOT: the CFG and the dominator tree of each function")
    boolean dot;

    CfgCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        LirReader.Parsed parsed = Inputs.readWithPositions(file, terminal.err());
        for (Module.Function f : selected(parsed.module(), function, file)) {
            CfgView view = CfgView.of(f, parsed.positions());
            terminal.out().print(dot ? view.dot() : view.summary());
        }
        return ExitStatus.OK;
    }

    /** The named function, or all of them; an unknown name is an input error listing the known ones. */
    static Vector<Module.Function> selected(Module module, String name, Path file) {
        if (name == null) {
            return module.functions();
        }
        return module.function(name).map(Vector::of).getOrElseThrow(() -> new InputError(
                file + ": no function \"" + name + "\"; the module defines "
                        + module.functions().map(Module.Function::name).mkString(", ")));
    }
}
