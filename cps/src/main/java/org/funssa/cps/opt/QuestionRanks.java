package org.funssa.cps.opt;

import java.util.Arrays;
import org.funssa.core.graph.DepthFirst;
import org.funssa.core.graph.IntSeq;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.3.1 "Rank", Definition 1: the CFG's nodes numbered in topological order ignoring the up-edges (those
 * that go from a node to its ancestor in a depth-first spanning tree): rank(start) = 0, and otherwise rank(v) =
 * max{rank(p) | p ∈ pred(v), (p, v) not an up-edge} + 1, the longest path to v in the graph without up-edges.
 * Computed in one pass over a reverse postorder, which is a topological order of that graph. Here the CFG is the
 * graph of jumps between the nest's bodies; a body no jump reaches has no rank.
 *
 * Theorem 1's first condition, for a node v and its dominator d: v is not the destination of an up-edge and no
 * destination u of one has rank(d) < rank(u) < rank(v); then the graph between d and v is a DAG (Lemma 2). The
 * destinations' ranks are kept sorted, so the test is a binary search.
 */

/** The ranks of a function's bodies and the destinations of its up-edges (§6.3.1). */
final class QuestionRanks {

    /** No rank: a body no jump reaches. */
    static final int UNREACHED = Integer.MAX_VALUE;

    private final int[] rank;
    private final boolean[] upEdgeTarget;
    /** The ranks of the destinations of up-edges, sorted. */
    private final int[] upEdgeTargetRanks;

    private QuestionRanks(int[] rank, boolean[] upEdgeTarget, int[] upEdgeTargetRanks) {
        this.rank = rank;
        this.upEdgeTarget = upEdgeTarget;
        this.upEdgeTargetRanks = upEdgeTargetRanks;
    }

    /** Definition 1 on the graph of jumps of the nest. */
    static QuestionRanks of(Nest nest) {
        int n = nest.size();
        DepthFirst search = DepthFirst.of(nest.graph());
        int[] rank = new int[n];
        Arrays.fill(rank, UNREACHED);
        boolean[] upEdgeTarget = new boolean[n];
        rank[Nest.ROOT] = 0;
        IntSeq order = search.reversePostorder();
        for (int i = 0; i < order.size(); i++) {
            int v = order.get(i);
            for (int k = 0; k < nest.jumpCount(v); k++) {
                int s = nest.target(v, k);
                if (s < 0) {
                    continue;
                }
                if (search.isBackEdge(v, s)) {
                    upEdgeTarget[s] = true;
                } else {
                    rank[s] = rank[s] == UNREACHED ? rank[v] + 1 : Math.max(rank[s], rank[v] + 1);
                }
            }
        }
        int targets = 0;
        for (int v = 0; v < n; v++) {
            targets += upEdgeTarget[v] ? 1 : 0;
        }
        int[] targetRanks = new int[targets];
        for (int v = 0, t = 0; v < n; v++) {
            if (upEdgeTarget[v]) {
                targetRanks[t++] = rank[v];
            }
        }
        Arrays.sort(targetRanks);
        return new QuestionRanks(rank, upEdgeTarget, targetRanks);
    }

    /** The rank of a body, or {@link #UNREACHED}. */
    int of(int node) {
        return rank[node];
    }

    /** Whether some jump reaches the body (the root is reached). */
    boolean reached(int node) {
        return rank[node] != UNREACHED;
    }

    /** Whether an up-edge goes to the body: it heads a loop. */
    boolean isUpEdgeTarget(int node) {
        return upEdgeTarget[node];
    }

    /** Theorem 1's first condition for node {@code v} and its dominator {@code d}. */
    boolean acyclicBetween(int d, int v) {
        if (upEdgeTarget[v]) {
            return false;
        }
        int first = firstAbove(upEdgeTargetRanks, upEdgeTargetRanks.length, rank[d]);
        return first == upEdgeTargetRanks.length || upEdgeTargetRanks[first] >= rank[v];
    }

    /** The index of the first of {@code sorted[0 … size − 1]} greater than {@code value}, or {@code size}. */
    static int firstAbove(int[] sorted, int size, int value) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= value) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
