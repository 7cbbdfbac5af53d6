package org.funssa.core.graph;

import io.vavr.collection.Vector;

/*
 * Critical edges (seed 002 §3.2.1): edges (v, w) with |OutEdge(v)| > 1 and |InEdge(w)| > 1. Edges
 * are counted with multiplicity, so both edges of a branch whose two targets are the same join
 * node are critical, and so is a branch to the same node with no other predecessor (two in-edges).
 */

/** Finds the critical edges of a graph. */
public final class CriticalEdges {

    private CriticalEdges() {}

    /** Whether the edge from {@code source} to {@code target} is critical in the graph. */
    public static boolean isCritical(Graph graph, int source, int target) {
        return graph.successors(source).size() > 1 && graph.predecessors(target).size() > 1;
    }

    /** All critical edges, by source then successor index. */
    public static Vector<Edge> of(Graph graph) {
        Vector<Edge> result = Vector.empty();
        for (int source = 0; source < graph.size(); source++) {
            IntSeq succ = graph.successors(source);
            for (int k = 0; k < succ.size(); k++) {
                if (isCritical(graph, source, succ.get(k))) {
                    result = result.append(new Edge(source, k, succ.get(k)));
                }
            }
        }
        return result;
    }
}
