package org.funssa.cps.opt;

import java.util.Arrays;
import org.funssa.core.graph.DepthFirst;
import org.funssa.core.graph.LoopNestingForest;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 004 §6.3.1 "Rank", Definition 1, and §6.3.2 "Sparse edges", Figure 6.4: the CFG's nodes numbered in
 * topological order ignoring the up-edges (those that go from a node to its ancestor in a depth-first spanning
 * tree): rank(start) = 0, and otherwise rank(v) = max{rank(p) | p ∈ pred(v), (p, v) not an up-edge} + 1, the
 * longest path to v in the graph without up-edges. Here the CFG is the graph of jumps between the nest's bodies; a
 * body no jump reaches has no rank.
 *
 * §6.3.2 adds a virtual edge from every source of an up-edge of a loop to every successor of the loop's exits, so
 * that everything inside a loop ranks below what follows the loop (Figure 6.4: without the virtual edge (9, 14)
 * the latch 9 and the node 14 after the loop both rank 7). A loop's virtual edges go through one virtual node, the
 * pairs are not listed: the latches flow into it with weight 0, it flows into the exit successors with weight 1.
 * The ranks are longest paths in that graph, computed in Kahn's topological order. The seed's sparse edges for
 * irreducible loops (to a child of the entries' common dominator) are not made: a function with an irreducible
 * loop gets no virtual edges, and its sparse edges are the ones Theorem 1 allows without collapsing loops.
 *
 * Theorem 1's first condition, for a node v and its dominator d (the graph between them is a DAG): v is not the
 * destination of an up-edge, and either every loop is reducible and the innermost loop containing v contains d
 * (§6.3.2: the loops between d and v are collapsed, and the virtual edges put their nodes' ranks between d's and
 * v's, where condition 2 sees their occurrences), or no destination u of an up-edge has rank(d) < rank(u) < rank(v)
 * (Lemma 2). The destinations' ranks are kept sorted, so the second test is a binary search.
 */

/** The ranks of a function's bodies and the destinations of its up-edges (§6.3.1, §6.3.2). */
final class QuestionRanks {

    /** No rank: a body no jump reaches. */
    static final int UNREACHED = Integer.MAX_VALUE;

    private final int[] rank;
    /** By loop header, when the loops are collapsed: the largest rank in its loop (its virtual node's); else −1. */
    private final int[] loopEnd;
    private final boolean[] upEdgeTarget;
    /** The ranks of the destinations of up-edges, sorted. */
    private final int[] upEdgeTargetRanks;
    /** The loops, when every loop is reducible and the ranks count the virtual edges; otherwise null. */
    private final LoopNestingForest collapsed;

    private QuestionRanks(int[] rank, int[] loopEnd, boolean[] upEdgeTarget, int[] upEdgeTargetRanks,
            LoopNestingForest collapsed) {
        this.rank = rank;
        this.loopEnd = loopEnd;
        this.upEdgeTarget = upEdgeTarget;
        this.upEdgeTargetRanks = upEdgeTargetRanks;
        this.collapsed = collapsed;
    }

    /** Definition 1 on the graph of jumps of the nest, with §6.3.2's virtual edges when every loop is reducible. */
    static QuestionRanks of(Nest nest) {
        DepthFirst search = DepthFirst.of(nest.graph());
        LoopNestingForest loops = LoopNestingForest.of(nest.graph());
        boolean[] upEdgeTarget = new boolean[nest.size()];
        for (int v = 0; v < nest.size(); v++) {
            for (int k = 0; search.isReachable(v) && k < nest.jumpCount(v); k++) {
                int s = nest.target(v, k);
                if (s >= 0 && search.isBackEdge(v, s)) {
                    upEdgeTarget[s] = true;
                }
            }
        }
        LoopNestingForest collapsed = loops.isReducible() ? loops : null;
        int[] longest = longestPaths(new RankGraph(nest, search, collapsed));
        if (longest == null) {
            collapsed = null;
            longest = longestPaths(new RankGraph(nest, search, null));
        }
        int[] rank = Arrays.copyOf(longest, nest.size());
        int[] loopEnd = new int[nest.size()];
        Arrays.fill(loopEnd, -1);
        for (int l = 0; collapsed != null && l < collapsed.loopCount(); l++) {
            loopEnd[collapsed.header(l)] = longest[nest.size() + l];
        }
        int targets = 0;
        for (boolean target : upEdgeTarget) {
            targets += target ? 1 : 0;
        }
        int[] targetRanks = new int[targets];
        for (int v = 0, t = 0; v < nest.size(); v++) {
            if (upEdgeTarget[v]) {
                targetRanks[t++] = rank[v];
            }
        }
        Arrays.sort(targetRanks);
        return new QuestionRanks(rank, loopEnd, upEdgeTarget, targetRanks, collapsed);
    }

    /**
     * The graph the ranks are longest paths in: the jumps that are not up-edges (weight 1), and, when the loops are
     * given, a virtual node per loop after the bodies' numbers, fed by the loop's latches (weight 0) and feeding
     * the successors of its exits (weight 1).
     */
    private record RankGraph(Nest nest, DepthFirst search, LoopNestingForest loops) {

        /** Receives an edge. */
        interface Sink {
            void edge(int from, int to, int weight);
        }

        int size() {
            return nest.size() + (loops == null ? 0 : loops.loopCount());
        }

        void edges(Sink sink) {
            int n = nest.size();
            for (int v = 0; v < n; v++) {
                for (int k = 0; search.isReachable(v) && k < nest.jumpCount(v); k++) {
                    int s = nest.target(v, k);
                    if (s < 0) {
                        continue;
                    }
                    if (!search.isBackEdge(v, s)) {
                        sink.edge(v, s, 1);
                        for (int l = loops == null ? LoopNestingForest.NONE : loops.innermostLoop(v);
                                l != LoopNestingForest.NONE && !loops.contains(l, s); l = loops.parent(l)) {
                            sink.edge(n + l, s, 1);
                        }
                    } else if (loops != null && loops.isHeader(s)) {
                        sink.edge(v, n + loops.loopHeadedBy(s), 0);
                    }
                }
            }
        }
    }

    /**
     * The longest paths from the root in a graph, in Kahn's order ({@link #UNREACHED} for a body not reached);
     * null when the graph has a cycle (which only virtual edges can make: the jumps that are not up-edges form a DAG
     * whose every reached body a tree edge enters).
     */
    private static int[] longestPaths(RankGraph graph) {
        int size = graph.size();
        int[] start = new int[size + 1];
        graph.edges((from, to, weight) -> start[from + 1]++);
        for (int v = 0; v < size; v++) {
            start[v + 1] += start[v];
        }
        int[] target = new int[start[size]];
        int[] weight = new int[start[size]];
        int[] inDegree = new int[size];
        int[] filled = Arrays.copyOf(start, size);
        graph.edges((from, to, w) -> {
            target[filled[from]] = to;
            weight[filled[from]++] = w;
            inDegree[to]++;
        });
        int bodies = graph.nest().size();
        int[] longest = new int[size];
        int[] queue = new int[size];
        int head = 0;
        int tail = 0;
        queue[tail++] = Nest.ROOT;
        int expected = size - bodies; // the virtual nodes, then every body the search reached
        for (int v = 0; v < bodies; v++) {
            expected += graph.search().isReachable(v) ? 1 : 0;
            longest[v] = graph.search().isReachable(v) ? 0 : UNREACHED;
        }
        while (head < tail) {
            int v = queue[head++];
            for (int e = start[v]; e < start[v + 1]; e++) {
                int s = target[e];
                longest[s] = Math.max(longest[s], longest[v] + weight[e]);
                if (--inDegree[s] == 0) {
                    queue[tail++] = s;
                }
            }
        }
        return tail == expected ? longest : null;
    }

    /** The rank of a body, or {@link #UNREACHED}. */
    int of(int node) {
        return rank[node];
    }

    /** Whether some jump reaches the body (the root is reached). */
    boolean reached(int node) {
        return rank[node] != UNREACHED;
    }

    /**
     * The largest rank in the loop a body heads (§6.3.2: its latches', which every body of the loop reaches without
     * going round it), when the loops are collapsed; −1 otherwise.
     */
    int loopEnd(int header) {
        return loopEnd[header];
    }

    /** Whether an up-edge goes to the body: it heads a loop. */
    boolean isUpEdgeTarget(int node) {
        return upEdgeTarget[node];
    }

    /** Theorem 1's first condition for node {@code v} and its dominator {@code d}, loops collapsed (§6.3.2). */
    boolean acyclicBetween(int d, int v) {
        if (upEdgeTarget[v]) {
            return false;
        }
        if (collapsed != null) {
            int loop = collapsed.innermostLoop(v);
            if (loop == LoopNestingForest.NONE || collapsed.contains(loop, d)) {
                return true;
            }
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
