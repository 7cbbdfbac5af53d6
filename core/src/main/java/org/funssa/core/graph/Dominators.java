package org.funssa.core.graph;

import java.util.Arrays;

/*
 * Keith D. Cooper, Timothy J. Harvey, Ken Kennedy, "A Simple, Fast Dominance Algorithm",
 * Software Practice & Experience 4:1–10, 2001 — Figure 3: iterate over the reachable nodes in
 * reverse post-order, setting each node's immediate dominator to the intersection (nearest common
 * ancestor, found by walking up by post-order number) of its processed predecessors' ones, until
 * nothing changes. Definitions: seed 004 §2.2.3 ("X dominates Y if any path from the entry to Y
 * passes X").
 */

/** Computes the dominator tree of a graph (dominance from its entry). */
public final class Dominators {

    private Dominators() {}

    /** The dominator tree of the nodes reachable from the graph's entry; unreachable nodes are outside it. */
    public static DominatorTree of(Graph graph) {
        return of(graph, DepthFirst.of(graph));
    }

    /** As {@link #of(Graph)}, reusing a depth-first search of the same graph. */
    public static DominatorTree of(Graph graph, DepthFirst dfs) {
        int n = graph.size();
        int entry = graph.entry();
        int[] post = new int[n];
        for (int node = 0; node < n; node++) {
            post[node] = dfs.postNumber(node);
        }
        int[] idom = new int[n];
        Arrays.fill(idom, DominatorTree.NONE);
        idom[entry] = entry;
        IntSeq rpo = dfs.reversePostorder();
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 1; i < rpo.size(); i++) {
                int node = rpo.get(i);
                IntSeq preds = graph.predecessors(node);
                int candidate = DominatorTree.NONE;
                for (int k = 0; k < preds.size(); k++) {
                    int p = preds.get(k);
                    if (idom[p] == DominatorTree.NONE) {
                        continue;
                    }
                    candidate = candidate == DominatorTree.NONE ? p : intersect(p, candidate, idom, post);
                }
                if (idom[node] != candidate) {
                    idom[node] = candidate;
                    changed = true;
                }
            }
        }
        idom[entry] = DominatorTree.NONE;
        return DominatorTree.of(entry, idom);
    }

    private static int intersect(int a, int b, int[] idom, int[] post) {
        while (a != b) {
            while (post[a] < post[b]) {
                a = idom[a];
            }
            while (post[b] < post[a]) {
                b = idom[b];
            }
        }
        return a;
    }
}
