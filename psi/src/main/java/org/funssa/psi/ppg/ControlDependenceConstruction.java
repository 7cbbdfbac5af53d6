package org.funssa.psi.ppg;

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.Map;
import org.funssa.core.graph.ControlDependence;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.Edge;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;

/*
 * Seed 002 §4.1.3, Algorithm 5: the Predicate Partition Graph from the control dependence graph (Figure 9).
 * A CDG edge x → y is labelled by the CFG edge (x, s) y depends on (org.funssa.core.graph.ControlDependence),
 * and get_predicate_of_cdg_edge gives p_s. get_predicate_of_cdg_node merges blocks (Property 7): a block u
 * whose in-edges carry the labels PDF_succ(u) takes the predicate chosen for that set of labels, choosing p_s
 * when there is one label s and p_u otherwise (the first block in reverse post-order, which dominates the
 * others of its set; START takes the empty set's). Then every block u gives
 *  - a branch partition p_u = the predicates of its out-edges' labels, when it has CDG out-edges;
 *  - a merge partition p_u = the predicates of its in-edges' labels (Property 6), when it has several, and
 *    complete(u, p_u, Idom(u)): with nodesReached the CDG nodes on a path from Idom(u) to u (u excluded),
 *    predicatesVisited the labels of the edges on such paths and predicatesReachable those of every out-edge
 *    of nodesReached, p_Idom(u) = p_u | (predicatesReachable \ predicatesVisited). For node 4 of Figure 9
 *    that is p1 = p4 | p5. Blocks merged into one predicate complete it once, from the block that named it:
 *    another one's immediate dominator may share its predicate.
 * The report gives complete() and the helpers but not the main loop as code; the loop above is its text
 * ("we scan all nodes for potential partitions … when u is a CDG merge … we complete it").
 */

/** Algorithm 5 of seed 002: the precise Predicate Partition Graph of an acyclic CFG, from its CDG. */
public final class ControlDependenceConstruction {

    private final TraceGraph cfg;
    private final DominatorTree dominators;
    private final IntSeq[] labelsIn;   // per block: the targets of the CFG edges it depends on, increasing
    private final IntList[] cdgOut;    // per block: pairs (dependent block, label)
    private final IntList[] cdgIn;     // per block: the blocks it is control dependent on, with repeats
    private final PredicatePartitionGraph.Builder ppg;

    private ControlDependenceConstruction(TraceGraph cfg) {
        cfg.requireAcyclic("Algorithm 5");
        this.cfg = cfg;
        DiGraph graph = cfg.graph();
        int n = graph.size();
        dominators = Dominators.of(graph, cfg.search());
        ControlDependence dependence = ControlDependence.of(graph);
        labelsIn = new IntSeq[n];
        cdgOut = new IntList[n];
        cdgIn = new IntList[n];
        for (int y = 0; y < n; y++) {
            cdgOut[y] = new IntList(2);
            cdgIn[y] = new IntList(2);
        }
        for (int y = 0; y < n; y++) {
            Vector<Edge> edges = dependence.dependencesOf(y);
            IntList labels = new IntList(edges.size());
            for (Edge edge : edges) {
                labels.add(edge.target());
                cdgOut[edge.source()].add(y);
                cdgOut[edge.source()].add(edge.target());
                cdgIn[y].add(edge.source());
            }
            labels.sort();
            labelsIn[y] = labels.toSeq();
        }
        ppg = new PredicatePartitionGraph.Builder(cfg);
    }

    /** The Predicate Partition Graph of an acyclic graph. */
    public static PredicatePartitionGraph of(TraceGraph cfg) {
        return new ControlDependenceConstruction(cfg).build();
    }

    private PredicatePartitionGraph build() {
        IntSeq order = cfg.search().reversePostorder();
        Map<IntSeq, Integer> chosen = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            int u = order.get(i);
            IntSeq pdfSucc = labelsIn[u];
            int named = chosen.computeIfAbsent(pdfSucc, labels -> labels.size() == 1 ? labels.get(0) : u);
            ppg.assign(u, ppg.named(named));
        }
        for (int i = 0; i < order.size(); i++) {
            int u = order.get(i);
            int pu = ppg.predicateOf(u);
            IntList out = cdgOut[u];
            if (!out.isEmpty()) {
                IntList parts = new IntList(out.size() / 2);
                for (int k = 1; k < out.size(); k += 2) {
                    parts.add(ppg.predicateOf(out.get(k)));
                }
                ppg.partition(pu, parts);
            }
            if (labelsIn[u].size() > 1) {
                ppg.partition(pu, ppg.predicatesOf(labelsIn[u]));
                if (ppg.representative(pu) == u) {
                    complete(u, pu, dominators.idom(u));
                }
            }
        }
        return ppg.build();
    }

    /** complete(v, p_v, idom): the partition of p_idom into p_v and the labels leading away from v. */
    private void complete(int v, int pv, int idom) {
        int n = cfg.graph().size();
        boolean[] fromIdom = new boolean[n];
        IntList work = new IntList();
        fromIdom[idom] = true;
        work.add(idom);
        while (!work.isEmpty()) {
            IntList out = cdgOut[work.pop()];
            for (int k = 0; k < out.size(); k += 2) {
                if (!fromIdom[out.get(k)]) {
                    fromIdom[out.get(k)] = true;
                    work.add(out.get(k));
                }
            }
        }
        boolean[] reachesV = new boolean[n]; // by a path of one edge or more, or v itself
        reachesV[v] = true;
        work.add(v);
        while (!work.isEmpty()) {
            IntList in = cdgIn[work.pop()];
            for (int k = 0; k < in.size(); k++) {
                if (!reachesV[in.get(k)]) {
                    reachesV[in.get(k)] = true;
                    work.add(in.get(k));
                }
            }
        }
        if (!reachesV[idom]) {
            throw new IllegalStateException("no CDG path from " + cfg.label(idom) + " to " + cfg.label(v));
        }
        boolean[] visited = new boolean[n];
        IntList reachable = new IntList();
        for (int x = 0; x < n; x++) {
            if (x == v || !fromIdom[x] || !reachesV[x]) {
                continue;
            }
            IntList out = cdgOut[x];
            for (int k = 0; k < out.size(); k += 2) {
                reachable.add(out.get(k + 1));
                if (reachesV[out.get(k)]) {
                    visited[out.get(k + 1)] = true;
                }
            }
        }
        IntList parts = new IntList();
        parts.add(pv);
        for (int k = 0; k < reachable.size(); k++) {
            if (!visited[reachable.get(k)]) {
                parts.add(ppg.predicateOf(reachable.get(k)));
            }
        }
        ppg.partition(ppg.predicateOf(idom), parts);
    }
}
