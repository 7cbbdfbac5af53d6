package org.funssa.core.graph;

/*
 * Vugranam C. Sreedhar and Guang R. Gao, "A Linear Time Algorithm for Placing φ-Nodes", POPL 1995,
 * §4 (Figure 4): iterated dominance frontiers from the DJ-graph (dominator tree plus "join" edges,
 * the CFG edges y → z with y ≠ idom(z)) without building any frontier. Nodes wait in a "piggybank"
 * bucketed by dominator-tree level; the deepest is taken as the current root, its dominator subtree
 * is walked (each node at most once over the whole query), and every join edge y → z leaving it with
 * level(z) ≤ level(root) puts z in DF+ (and in the piggybank). The walk is iterative.
 *
 * Unlike materialized frontiers (whose total size is quadratic on nested loops, Cytron et al. 1991
 * §5.1), a query costs O(nodes + edges) of the explored region.
 */

/**
 * Computes iterated dominance frontiers DF+(S) of a graph for any number of node sets S. Holds
 * scratch arrays reused across queries (cleared by epoch), so a query costs what it explores;
 * queries on one instance are serialized.
 */
public final class IteratedDominanceFrontier {

    private final Graph graph;
    private final DominatorTree tree;
    private final int[] bucketHead;   // per level: first node waiting, valid when bucketEpoch matches
    private final int[] bucketEpoch;
    private final int[] nextInBucket; // per node
    private final int[] queuedEpoch;  // per node: put in the piggybank in this query
    private final int[] visitedEpoch; // per node: walked in this query
    private final int[] resultEpoch;  // per node: in DF+ in this query
    private int epoch;

    /** For the graph and its dominator tree. */
    public IteratedDominanceFrontier(Graph graph, DominatorTree tree) {
        this.graph = graph;
        this.tree = tree;
        int n = graph.size();
        int levels = 0;
        for (int node = 0; node < n; node++) {
            levels = Math.max(levels, tree.depth(node) + 1);
        }
        bucketHead = new int[levels];
        bucketEpoch = new int[levels];
        nextInBucket = new int[n];
        queuedEpoch = new int[n];
        visitedEpoch = new int[n];
        resultEpoch = new int[n];
    }

    /** DF+(nodes): the limit of DF(S), DF(S ∪ DF(S)), …, in increasing order. Nodes outside the tree are ignored. */
    public synchronized IntSeq of(IntSeq nodes) {
        epoch++;
        int top = -1;
        for (int i = 0; i < nodes.size(); i++) {
            int node = nodes.get(i);
            if (tree.contains(node) && queuedEpoch[node] != epoch) {
                top = Math.max(top, enqueue(node));
            }
        }
        IntList result = new IntList();
        IntList stack = new IntList();
        while (top >= 0) {
            if (bucketEpoch[top] != epoch || bucketHead[top] == DominatorTree.NONE) {
                top--;
                continue;
            }
            int root = bucketHead[top];
            bucketHead[top] = nextInBucket[root];
            int rootLevel = top;
            visitedEpoch[root] = epoch;
            stack.add(root);
            while (!stack.isEmpty()) {
                int y = stack.pop();
                IntSeq succ = graph.successors(y);
                for (int k = 0; k < succ.size(); k++) {
                    int z = succ.get(k);
                    if (tree.idom(z) == y || !tree.contains(z) || tree.depth(z) > rootLevel) {
                        continue; // a dominator-tree edge, or a join edge staying below the root
                    }
                    if (resultEpoch[z] != epoch) {
                        resultEpoch[z] = epoch;
                        result.add(z);
                        if (queuedEpoch[z] != epoch) {
                            enqueue(z);
                        }
                    }
                }
                IntSeq children = tree.children(y);
                for (int k = 0; k < children.size(); k++) {
                    int child = children.get(k);
                    if (visitedEpoch[child] != epoch) {
                        visitedEpoch[child] = epoch;
                        stack.add(child);
                    }
                }
            }
        }
        return result.freeze().sorted();
    }

    private int enqueue(int node) {
        queuedEpoch[node] = epoch;
        int level = tree.depth(node);
        if (bucketEpoch[level] != epoch) {
            bucketEpoch[level] = epoch;
            bucketHead[level] = DominatorTree.NONE;
        }
        nextInBucket[node] = bucketHead[level];
        bucketHead[level] = node;
        return level;
    }
}
