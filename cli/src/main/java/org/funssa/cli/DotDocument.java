package org.funssa.cli;

import io.vavr.collection.Vector;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.LoopNestingForest;

/**
 * One Graphviz DOT document for several functions: a single {@code digraph} with a {@code cluster_<n>}
 * subgraph per function, so that {@code dot -Tsvg} draws them all in one picture. A node's id carries its
 * function's number ({@code f1_b0} is block 0 of the second function), which keeps ids unique in the
 * document; labels carry the names.
 */
final class DotDocument {

    private final StringBuilder out = new StringBuilder();

    private DotDocument() {}

    /** The document named {@code "<name>: <graphs>"} drawing {@code graph} for each view, in order. */
    static String of(String name, DotGraph graph, Vector<CfgView> views) {
        DotDocument document = new DotDocument();
        document.line(0, "digraph " + quote(name + ": " + graph.title()) + " {");
        document.line(1, "node [shape=box];");
        for (int f = 0; f < views.size(); f++) {
            CfgView view = views.get(f);
            String prefix = "f" + f + "_";
            document.line(1, "subgraph cluster_" + f + " {");
            document.line(2, "label=" + quote(view.cfg().function().name()) + ";");
            switch (graph) {
                case CFG -> document.cfg(view, prefix);
                case DOM -> document.dominatorTree(view, prefix);
                case LOOPS -> document.loopForest(view, prefix);
            }
            document.line(1, "}");
        }
        document.line(0, "}");
        return document.out.toString();
    }

    /** Every block with its statement count, loop headers drawn double; edges labelled 0, 1, … at branches. */
    private void cfg(CfgView view, String prefix) {
        LoopNestingForest loops = view.loops();
        for (int b = 0; b < view.cfg().size(); b++) {
            line(2, prefix + "b" + b + " [label=" + quote(view.name(b) + "\n"
                    + view.cfg().block(b).statements().size() + " stmts")
                    + (loops.isHeader(b) ? ", peripheries=2" : "") + "];");
        }
        for (int b = 0; b < view.cfg().size(); b++) {
            IntSeq successors = view.cfg().successors(b);
            for (int i = 0; i < successors.size(); i++) {
                line(2, prefix + "b" + b + " -> " + prefix + "b" + successors.get(i)
                        + (successors.size() > 1 ? " [label=\"" + i + "\"]" : "") + ";");
            }
        }
    }

    /** The reachable blocks, each under its immediate dominator. */
    private void dominatorTree(CfgView view, String prefix) {
        DominatorTree dominators = view.dominators();
        for (int b = 0; b < view.cfg().size(); b++) {
            if (dominators.contains(b)) {
                line(2, prefix + "b" + b + " [label=" + quote(view.name(b)) + "];");
            }
        }
        for (int b = 0; b < view.cfg().size(); b++) {
            if (dominators.contains(b) && dominators.idom(b) != DominatorTree.NONE) {
                line(2, prefix + "b" + dominators.idom(b) + " -> " + prefix + "b" + b + ";");
            }
        }
    }

    /**
     * The forest under a root standing for the whole function: each loop (ellipse; an irreducible one lists
     * its entries) under the loop containing it, each reachable block under its innermost loop.
     */
    private void loopForest(CfgView view, String prefix) {
        LoopNestingForest loops = view.loops();
        String root = prefix + "function";
        line(2, root + " [label=" + quote(view.cfg().function().name()) + ", shape=plaintext];");
        for (int loop = 0; loop < loops.loopCount(); loop++) {
            String entries = loops.isIrreducible(loop)
                    ? "\nirreducible, entries " + view.names(loops.entries(loop)) : "";
            line(2, prefix + "l" + loop + " [label=" + quote("loop " + view.name(loops.header(loop))
                    + "\ndepth " + loops.depth(loop) + entries) + ", shape=ellipse];");
            int parent = loops.parent(loop);
            line(2, (parent == LoopNestingForest.NONE ? root : prefix + "l" + parent) + " -> " + prefix + "l"
                    + loop + ";");
        }
        for (int b = 0; b < view.cfg().size(); b++) {
            if (view.dominators().contains(b)) {
                int loop = loops.innermostLoop(b);
                line(2, prefix + "b" + b + " [label=" + quote(view.name(b)) + "];");
                line(2, (loop == LoopNestingForest.NONE ? root : prefix + "l" + loop) + " -> " + prefix + "b" + b
                        + ";");
            }
        }
    }

    private void line(int depth, String text) {
        out.append("  ".repeat(depth)).append(text).append('\n');
    }

    /** A DOT string: quotes and backslashes escaped, line breaks as DOT's centred {@code \n}. */
    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }
}
