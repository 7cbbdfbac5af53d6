package org.funssa.cli;

import org.funssa.core.cfg.Cfg;
import org.funssa.core.cfg.CfgException;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Positions;
import org.funssa.psi.ppg.Partition;
import org.funssa.psi.ppg.PredicatePartitionForest;
import org.funssa.psi.ppg.PredicatePartitionGraph;

/**
 * The Predicate Partition Graphs of one LIR function (seed 002 §4.2: one per region of the loop nesting forest),
 * as text (each predicate with the blocks it stands for, then each partition) or as Graphviz DOT.
 */
record PpgView(Cfg cfg, PredicatePartitionForest forest) {

    /** The function's forest; an irreducible CFG is an input error at the function. */
    static PpgView of(Module.Function function, Positions positions) {
        Cfg cfg = Cfg.of(function, positions);
        try {
            return new PpgView(cfg, PredicatePartitionForest.of(cfg.graph(), block -> cfg.block(block).label()));
        } catch (IllegalArgumentException e) {
            throw new CfgException(function.name(), positions.of(function), e.getMessage());
        }
    }

    private String regionName(PredicatePartitionForest.Region region) {
        return region.loop() == PredicatePartitionForest.NONE ? "outside loops"
                : "loop " + cfg.block(forest.loops().header(region.loop())).label();
    }

    /** Per region: a line per predicate ("pL1: L1 L7") and a line per partition ("pL1 = pL2 | pL3"). */
    String summary() {
        StringBuilder out = new StringBuilder();
        out.append("function ").append(cfg.function().name()).append(": ").append(cfg.size()).append(" blocks, ")
                .append(count(forest.regions().size(), "region")).append('\n');
        for (PredicatePartitionForest.Region region : forest.regions()) {
            PredicatePartitionGraph ppg = region.ppg();
            out.append("  ").append(regionName(region)).append(": ").append(count(ppg.predicateCount(), "predicate"))
                    .append(", ").append(count(ppg.partitions().size(), "partition")).append('\n');
            for (int p = 0; p < ppg.predicateCount(); p++) {
                out.append("    ").append(ppg.name(p)).append(':');
                IntSeq nodes = ppg.blocks(p);
                for (int i = 0; i < nodes.size(); i++) {
                    out.append(' ').append(ppg.cfg().label(nodes.get(i)));
                }
                out.append('\n');
            }
            for (Partition partition : ppg.partitions()) {
                out.append("    ").append(ppg.describe(partition)).append('\n');
            }
        }
        return out.toString();
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** One digraph per region: predicates as ellipses, each partition a point between a whole and its parts. */
    String dot() {
        StringBuilder out = new StringBuilder();
        String function = escape(cfg.function().name());
        for (PredicatePartitionForest.Region region : forest.regions()) {
            PredicatePartitionGraph ppg = region.ppg();
            out.append("digraph \"ppg ").append(function).append(' ').append(escape(regionName(region)))
                    .append("\" {\n");
            for (int p = 0; p < ppg.predicateCount(); p++) {
                out.append("  p").append(p).append(" [label=\"").append(escape(ppg.name(p))).append("\"];\n");
            }
            for (int i = 0; i < ppg.partitions().size(); i++) {
                Partition partition = ppg.partitions().get(i);
                out.append("  r").append(i).append(" [shape=point];\n");
                out.append("  p").append(partition.whole()).append(" -> r").append(i).append(" [arrowhead=none];\n");
                for (int k = 0; k < partition.parts().size(); k++) {
                    out.append("  r").append(i).append(" -> p").append(partition.parts().get(k)).append(";\n");
                }
            }
            out.append("}\n");
        }
        return out.toString();
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
