package org.funssa.cli;

import io.vavr.collection.Vector;
import java.util.Map;
import java.util.Stack;
import picocli.CommandLine;

/** What {@code funssa cfg --dot=GRAPH} draws for each function. */
enum DotGraph {
    /** The control-flow graph: blocks, and edges labelled by successor position where there are several. */
    CFG("cfg", "control-flow graphs"),
    /** The dominator tree of the reachable blocks: an edge from each block's immediate dominator. */
    DOM("dom", "dominator trees"),
    /** The loop nesting forest: each loop under the loop around it, each reachable block under its innermost loop. */
    LOOPS("loops", "loop nesting forests");

    private final String option;
    private final String title;

    DotGraph(String option, String title) {
        this.option = option;
        this.title = title;
    }

    /** What the graphs are, in the document's name. */
    String title() {
        return title;
    }

    /**
     * Lets {@code --dot} take a value only when attached ({@code --dot=dom}): a detached word is the next
     * argument, so that {@code cfg --dot FILE.lir} reads FILE.lir as the file and draws the CFG.
     */
    static final class AttachedOnly implements CommandLine.IParameterPreprocessor {
        @Override
        public boolean preprocess(Stack<String> args, CommandLine.Model.CommandSpec command,
                                  CommandLine.Model.ArgSpec option, Map<String, Object> info) {
            if (!command.parser().separator().equals(info.get("separator"))) {
                args.push(CFG.option);
            }
            return false;
        }
    }

    /** Reads {@code --dot}'s value; an unknown one says which are valid. */
    static final class Converter implements CommandLine.ITypeConverter<DotGraph> {
        @Override
        public DotGraph convert(String value) {
            Vector<DotGraph> all = Vector.of(values());
            return all.find(graph -> graph.option.equals(value)).getOrElseThrow(() ->
                    new CommandLine.TypeConversionException("expected one of "
                            + all.map(graph -> graph.option).mkString(", ") + ", not \"" + value + "\""));
        }
    }
}
