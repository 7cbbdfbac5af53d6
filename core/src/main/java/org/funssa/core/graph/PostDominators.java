package org.funssa.core.graph;

/*
 * Post-dominance (seed 004 §2.2.3: "X postdominates Y if any path from Y to the exit passes X")
 * computed as dominance on the reverse graph (Cooper–Harvey–Kennedy, see Dominators), rooted at
 * the exit. The exit follows seed 004 §2.2.4: the root of the post-dominator tree is the exit node
 * of the CFG; "some programs may have no exit node …; in this case, the postdominator tree is
 * obtained by adding a virtual directed edge from the entry to the exit". So:
 *  - one exit node (a reachable node without successors): it is the root, nothing is added
 *    (this reproduces Figure 2.4 exactly);
 *  - no exit node: a virtual exit node is added with the virtual edge entry → exit;
 *  - several exit nodes: a virtual exit node is added with an edge from each of them (the seed
 *    speaks of "the exit"; joining several into one is the usual reading, Cooper & Torczon §9.5).
 * Nodes that cannot reach the exit (the body of an infinite loop) are post-dominated by nothing and
 * are outside the tree; so are nodes unreachable from the entry.
 */

/** The post-dominator tree of a graph, with the exit chosen as seed 004 §2.2.4 describes. */
public final class PostDominators {

    private final Graph graph;
    private final DiGraph augmented;
    private final boolean virtualExit;
    private final DominatorTree tree;

    private PostDominators(Graph graph) {
        this.graph = graph;
        int n = graph.size();
        DepthFirst forward = DepthFirst.of(graph);
        IntList exits = new IntList();
        for (int node = 0; node < n; node++) {
            if (forward.isReachable(node) && graph.successors(node).isEmpty()) {
                exits.add(node);
            }
        }
        virtualExit = exits.size() != 1;
        int exit = virtualExit ? n : exits.get(0);
        DiGraph.Builder builder = DiGraph.builder(virtualExit ? n + 1 : n).entry(graph.entry());
        for (int node = 0; node < n; node++) {
            if (forward.isReachable(node)) {
                IntSeq succ = graph.successors(node);
                for (int k = 0; k < succ.size(); k++) {
                    builder.edge(node, succ.get(k));
                }
            }
        }
        if (virtualExit) {
            if (exits.isEmpty()) {
                builder.edge(graph.entry(), exit);
            }
            for (int i = 0; i < exits.size(); i++) {
                builder.edge(exits.get(i), exit);
            }
        }
        augmented = builder.build();
        tree = Dominators.of(augmented.reversed(exit));
    }

    public static PostDominators of(Graph graph) {
        return new PostDominators(graph);
    }

    /** The graph the post-dominators are of. */
    public Graph graph() {
        return graph;
    }

    /**
     * The graph with the exit edges of seed 004 §2.2.4 added and the edges of unreachable nodes
     * dropped; node {@code graph().size()} is the virtual exit when there is one.
     */
    public Graph augmented() {
        return augmented;
    }

    /** The augmented graph reversed and entered at the exit: its dominators are the post-dominators. */
    public Graph reverse() {
        return augmented.reversed(exit());
    }

    /** The root of the post-dominator tree: the real exit node, or the virtual one. */
    public int exit() {
        return tree.root();
    }

    /** Whether a virtual exit node (id {@code graph().size()}) was added. */
    public boolean hasVirtualExit() {
        return virtualExit;
    }

    /** The post-dominator tree over the augmented graph's nodes. */
    public DominatorTree tree() {
        return tree;
    }

    /** The immediate post-dominator (possibly the virtual exit), or {@link DominatorTree#NONE}. */
    public int ipdom(int node) {
        return tree.idom(node);
    }

    /** Whether a post-dominates b (reflexive); false when either cannot reach the exit. */
    public boolean postDominates(int a, int b) {
        return tree.dominates(a, b);
    }

    /** Post-dominance frontiers (seed 004 §2.2.5), indexed like the augmented graph. */
    public DominanceFrontiers frontiers() {
        return DominanceFrontiers.of(reverse(), tree);
    }
}
