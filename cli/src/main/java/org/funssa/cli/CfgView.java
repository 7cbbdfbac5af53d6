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
 * summary here and as Graphviz DOT by {@link DotDocument}.
 */
record CfgView(Cfg cfg, DominatorTree dominators, LoopNestingForest loops) {

    static CfgView of(Module.Function function, Positions positions) {
        Cfg cfg = Cfg.of(function, positions);
        return new CfgView(cfg, Dominators.of(cfg), LoopNestingForest.of(cfg));
    }

    /** The block's label. */
    String name(int block) {
        return cfg.block(block).label();
    }

    /** The blocks' labels separated by spaces, or "-" for none. */
    String names(IntSeq blocks) {
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
}
