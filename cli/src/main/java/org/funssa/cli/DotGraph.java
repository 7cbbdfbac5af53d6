package org.funssa.cli;

import io.vavr.collection.Vector;

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

    /** The graph {@code --dot=value} names; an unknown value says which are valid. */
    static DotGraph named(String value) {
        Vector<DotGraph> all = Vector.of(values());
        return all.find(graph -> graph.option.equals(value)).getOrElseThrow(() -> new IllegalArgumentException(
                "expected one of " + all.map(graph -> graph.option).mkString(", ") + ", not \"" + value + "\""));
    }
}
