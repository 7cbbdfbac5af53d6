package org.funssa.cli;

import io.vavr.collection.Vector;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code funssa cfg FILE.lir [--function F] [--dot[=cfg|dom|loops]]}: control-flow graphs, dominator trees and
 * loops, as a text summary or as one Graphviz DOT document for all the functions.
 */
@Command(name = "cfg", description = {
        "Show the control-flow graph, dominator tree and loops of each function.",
        "With --dot, one Graphviz DOT document with a cluster per function, e.g."
                + " funssa cfg FILE.lir --dot=dom | dot -Tsvg > dom.svg"})
final class CfgCommand implements Callable<Integer> {

    private final Terminal terminal;

    @Parameters(paramLabel = "FILE.lir", description = "the LIR module")
    Path file;

    @Option(names = "--function", paramLabel = "F", description = "only this function")
    String function;

    @Option(names = "--dot", arity = "0..1", paramLabel = "GRAPH", preprocessor = DotGraph.AttachedOnly.class,
            converter = DotGraph.Converter.class,
            description = "write DOT instead of the summary: cfg (the default), dom (dominator trees) or loops"
                    + " (loop nesting forests)")
    DotGraph dot;

    CfgCommand(Terminal terminal) {
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        LirReader.Parsed parsed = Inputs.readWithPositions(file, terminal.err());
        Vector<CfgView> views = selected(parsed.module(), function, file)
                .map(f -> CfgView.of(f, parsed.positions()));
        terminal.out().print(dot == null
                ? views.map(CfgView::summary).mkString()
                : DotDocument.of(parsed.module().name(), dot, views));
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
