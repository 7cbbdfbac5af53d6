package org.funssa.cli;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.nio.file.Path;
import org.funssa.cli.args.Arguments;
import org.funssa.cli.args.CommandSpec;
import org.funssa.cli.args.Conversions;
import org.funssa.cli.args.OptionSpec;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;

/**
 * {@code funssa cfg FILE.lir [--function F] [--dot[=cfg|dom|loops]]}: control-flow graphs, dominator trees and
 * loops, as a text summary or as one Graphviz DOT document for all the functions.
 */
final class CfgCommand {

    /** The option that picks one function, shared by the commands that show functions. */
    static final OptionSpec FUNCTION = OptionSpec.value("F", "only this function", "--function");

    /**
     * {@code --dot} takes a value only when attached ({@code --dot=dom}): a detached word is the next argument,
     * so that {@code cfg --dot FILE.lir} reads FILE.lir as the file and draws the CFG.
     */
    private static final OptionSpec DOT = OptionSpec.attached("GRAPH", "cfg", "write DOT instead of the summary:"
            + " cfg (the default), dom (dominator trees) or loops (loop nesting forests)", "--dot");

    static final CommandSpec SPEC = CommandSpec.of("cfg",
                    "Show the control-flow graph, dominator tree and loops of each function.",
                    "With --dot, one Graphviz DOT document with a cluster per function, e.g."
                            + " funssa cfg FILE.lir --dot=dom | dot -Tsvg > dom.svg")
            .withParameters(PrintCommand.FILE)
            .withOptions(FUNCTION, DOT);

    private final Terminal terminal;
    private final Path file;
    private final Option<String> function;
    private final Option<DotGraph> dot;

    CfgCommand(Terminal terminal, Arguments arguments) {
        this.terminal = terminal;
        this.file = arguments.parameter(PrintCommand.FILE.label(), Conversions.PATH).head();
        this.function = arguments.value(FUNCTION.name());
        this.dot = arguments.value(DOT.name(), DotGraph::named);
    }

    int call() {
        LirReader.Parsed parsed = Inputs.readWithPositions(file, terminal.err());
        Vector<CfgView> views = selected(parsed.module(), function, file)
                .map(f -> CfgView.of(f, parsed.positions()));
        terminal.out().print(dot.isEmpty()
                ? views.map(CfgView::summary).mkString()
                : DotDocument.of(parsed.module().name(), dot.get(), views));
        return ExitStatus.OK;
    }

    /** The named function, or all of them; an unknown name is an input error listing the known ones. */
    static Vector<Module.Function> selected(Module module, Option<String> name, Path file) {
        if (name.isEmpty()) {
            return module.functions();
        }
        return module.function(name.get()).map(Vector::of).getOrElseThrow(() -> new InputError(
                file + ": no function \"" + name.get() + "\"; the module defines "
                        + module.functions().map(Module.Function::name).mkString(", ")));
    }
}
