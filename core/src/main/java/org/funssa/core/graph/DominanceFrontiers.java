package org.funssa.core.graph;


/*
 * Dominance frontiers (seed 004 §2.2.5; Cytron, Ferrante, Rosen, Wegman, Zadeck, "Efficiently
 * Computing Static Single Assignment Form and the Control Dependence Graph", TOPLAS 13(4), 1991)
 * computed by the frontier algorithm of Cooper, Harvey & Kennedy, "A Simple, Fast Dominance
 * Algorithm" (2001), Figure 5: for each edge p → b, every node from p up the dominator tree to
 * idom(b) (excluded) has b in its frontier. The CHK figure restricts b to join points; we walk for
 * every b, which also covers an entry that has a back edge (for a node with a single predecessor p
 * that is its idom the walk is empty). The cost is that of the result, whose total size is
 * quadratic in the worst case (nested repeat-until loops, Cytron et al. §5.1); for φ placement
 * use IteratedDominanceFrontier, which never builds frontiers.
 */

/**
 * The dominance frontier of every node for a graph and its dominator tree. Applied to a reverse graph and its post-dominator tree it gives post-dominance frontiers.
 */
public final class DominanceFrontiers {

    private final IntSeq[] frontier;

    private DominanceFrontiers(IntSeq[] frontier) {
        this.frontier = frontier;
    }

    /** The frontiers of the nodes of {@code tree}, which must be the dominator tree of {@code graph}. */
    public static DominanceFrontiers of(Graph graph, DominatorTree tree) {
        int n = graph.size();
        IntList[] lists = new IntList[n];
        for (int node = 0; node < n; node++) {
            lists[node] = new IntList(1);
        }
        for (int b = 0; b < n; b++) {
            if (!tree.contains(b)) {
                continue;
            }
            IntSeq preds = graph.predecessors(b);
            for (int k = 0; k < preds.size(); k++) {
                int runner = preds.get(k);
                if (!tree.contains(runner)) {
                    continue;
                }
                while (runner != tree.idom(b) && runner != DominatorTree.NONE) {
                    IntList df = lists[runner];
                    if (!df.isEmpty() && df.last() == b) {
                        break; // this walk was already done from here for b
                    }
                    df.add(b);
                    runner = tree.idom(runner);
                }
            }
        }
        IntSeq[] frontier = new IntSeq[n];
        for (int node = 0; node < n; node++) {
            frontier[node] = lists[node].freeze(); // b increases, so each list is sorted
        }
        return new DominanceFrontiers(frontier);
    }

    /** DF(node), in increasing order. */
    public IntSeq frontier(int node) {
        return frontier[node];
    }

    /** Number of node ids. */
    public int size() {
        return frontier.length;
    }
}
