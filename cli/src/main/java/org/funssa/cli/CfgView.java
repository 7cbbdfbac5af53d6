package org.funssa.cli;

import io.vavr.collection.Vector;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.LoopNestingForest;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Positions;

/**
 * The control-flow graph of one LIR function with its dominator tree and loops, rendered as a text
 * summary or as Graphviz DOT.
 */
record CfgView(Cfg cfg, DominatorTree dominators, LoopNestingForest loops) {

    static CfgView of(Module.Function function, Positions positions) {
        Cfg cfg = Cfg.of(function, positions);
        return new CfgView(cfg, Dominators.of(cfg), LoopNestingForest.of(cfg));
    }

    private String name(int block) {
        return cfg.block(block).label();
    }

    private String names(IntSeq blocks) {
        return blocks.stream().mapToObj(this::name).reduce((a, b) -> a + " " + b).orElse("-");
    }

    /** One line per block: label, statements, successors, immediate dominator, loop membership. */
    String summary() {
        StringBuilder out = new StringBuilder();
        String function = cfg.function().name();
        out.append("function ").append(function).append(": ").append(cfg.size()).append(" blocks, ")
                .append(loops.loopCount()).append(loops.loopCount() == 1 ? " loop" : " loops")
                .append(loops.isReducible() ? "" : " (irreducible)").append('\n');
        int width = Vector.range(0, cfg.size()).map(b -> name(b).length()).max().getOrElse(0);
        for (int b = 0; b < cfg.size(); b++) {
            String line = String.format("  %-" + width + "s  %3d stmts  -> %-16s idom %-" + width + "s%s",
                    name(b), cfg.block(b).statements().size(), names(cfg.successors(b)),
                    dominators.contains(b) && dominators.idom(b) != DominatorTree.NONE
                            ? name(dominators.idom(b)) : "-",
                    loopNote(b));
            out.append(line.stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private String loopNote(int block) {
        if (loops.isHeader(block)) {
            int loop = loops.loopHeadedBy(block);
            return "  loop header (depth " + loops.depth(loop) + ", body " + names(loops.body(loop)) + ")";
        }
        return loops.loopDepth(block) > 0 ? "  in loop of " + name(loops.header(loops.innermostLoop(block))) : "";
    }

    /** Two DOT digraphs: the CFG (edges labelled by successor position) and the dominator tree. */
    String dot() {
        String function = cfg.function().name();
        StringBuilder out = new StringBuilder();
        out.append("digraph \"cfg ").append(escape(function)).append("\" {\n  node [shape=box];\n");
        for (int b = 0; b < cfg.size(); b++) {
            out.append("  b").append(b).append(" [label=\"").append(escape(name(b))).append("\\n")
                    .append(cfg.block(b).statements().size()).append(" stmts\"")
                    .append(loops.isHeader(b) ? ", peripheries=2" : "").append("];\n");
        }
        for (int b = 0; b < cfg.size(); b++) {
            IntSeq successors = cfg.successors(b);
            for (int i = 0; i < successors.size(); i++) {
                out.append("  b").append(b).append(" -> b").append(successors.get(i))
                        .append(successors.size() > 1 ? " [label=\"" + i + "\"]" : "").append(";\n");
            }
        }
        out.append("}\n");
        out.append("digraph \"dominator tree ").append(escape(function)).append("\" {\n  node [shape=box];\n");
        for (int b = 0; b < cfg.size(); b++) {
            if (dominators.contains(b)) {
                out.append("  b").append(b).append(" [label=\"").append(escape(name(b))).append("\"];\n");
            }
        }
        for (int b = 0; b < cfg.size(); b++) {
            if (dominators.contains(b) && dominators.idom(b) != DominatorTree.NONE) {
                out.append("  b").append(dominators.idom(b)).append(" -> b").append(b).append(";\n");
            }
        }
        return out.append("}\n").toString();
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
