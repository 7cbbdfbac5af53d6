package org.funssa.psi.ppg;

import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.PostDominators;

/*
 * Seed 002 §4.1.2, Algorithm 1 (after Gillies et al., MICRO 1996): the Predicate Partition Graph from an acyclic
 * CFG. get_predicate merges equivalent blocks (Definition 8, u ~ v: one dominates the other and is
 * post-dominated by it; Property 4: then their domains are equal), tested "in constant time by using the
 * dominator and post-dominator tree": walking the dominator tree down, a block shares its immediate dominator's
 * predicate when it post-dominates it (in an acyclic graph a block equivalent to a dominator is equivalent to
 * every block between, so to its immediate dominator). Then every branch is partitioned into its successors and
 * every merge into its predecessors (Property 5), and every predicate still without a parent, but the root's,
 * gets one: p_Idom(v) = p_v | p★, with p★ a fresh predicate for the rest of Idom(v)'s traces.
 */

/** Algorithm 1 of seed 002: the Predicate Partition Graph of an acyclic CFG, from branches and merges. */
public final class BranchMergeConstruction {

    private BranchMergeConstruction() {}

    /** The Predicate Partition Graph of an acyclic graph, completed with fresh predicates. */
    public static PredicatePartitionGraph of(TraceGraph cfg) {
        cfg.requireAcyclic("Algorithm 1");
        DiGraph graph = cfg.graph();
        DominatorTree dominators = Dominators.of(graph, cfg.search());
        PostDominators postDominators = PostDominators.of(graph);
        PredicatePartitionGraph.Builder ppg = new PredicatePartitionGraph.Builder(cfg);
        IntSeq preorder = dominators.preorder();
        for (int i = 0; i < preorder.size(); i++) {
            int v = preorder.get(i);
            int idom = dominators.idom(v);
            boolean equivalent = idom != DominatorTree.NONE && postDominators.postDominates(v, idom);
            ppg.assign(v, equivalent ? ppg.predicateOf(idom) : ppg.named(v));
        }
        IntSeq order = cfg.search().reversePostorder();
        for (int i = 0; i < order.size(); i++) {
            int v = order.get(i);
            if (graph.successors(v).size() > 1) {
                ppg.partition(ppg.predicateOf(v), ppg.predicatesOf(graph.successors(v)));
            }
            if (graph.predecessors(v).size() > 1) {
                ppg.partition(ppg.predicateOf(v), ppg.predicatesOf(graph.predecessors(v)));
            }
        }
        int root = ppg.predicateOf(cfg.start());
        for (int i = 1; i < order.size(); i++) {
            int v = order.get(i);
            int pv = ppg.predicateOf(v);
            if (pv != root && !ppg.hasParent(pv)) {
                IntList parts = new IntList(2);
                parts.add(pv);
                parts.add(ppg.fresh());
                ppg.partition(ppg.predicateOf(dominators.idom(v)), parts);
            }
        }
        return ppg.build();
    }
}
