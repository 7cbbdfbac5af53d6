package org.funssa.core.graph;

import io.vavr.collection.Vector;

/*
 * Control dependence: Ferrante, Ottenstein & Warren, "The Program Dependence Graph and Its Use in
 * Optimization", TOPLAS 9(3), 1987, with the edge-labelled form of Cytron et al. (TOPLAS 1991,
 * §6): node y is control dependent on the CFG edge x → s iff y post-dominates s and y does not
 * strictly post-dominate x (seed 004 §2.2.8; seed 002 §3.3: "b is control dependent on a if there
 * is a path from a to b such that b post-dominates every node of the path except a", equivalent
 * to a ∈ PDF(b)). For each edge the dependent nodes are those on the post-dominator tree path from
 * s up to ipdom(x), excluded (FOW §3.1). Post-dominance is that of PostDominators, so the virtual
 * exit edges of seed 004 §2.2.4 never cause a dependence, and nodes that cannot reach the exit are
 * dependent on nothing.
 */

/** For every node, the CFG edges it is control dependent on. */
public final class ControlDependence {

    private final Graph graph;
    private final IntSeq[] edges; // per node: pairs (source, successor index), sorted

    private ControlDependence(Graph graph, IntSeq[] edges) {
        this.graph = graph;
        this.edges = edges;
    }

    public static ControlDependence of(Graph graph) {
        return of(graph, PostDominators.of(graph));
    }

    /** As {@link #of(Graph)}, reusing the post-dominators of the same graph. */
    public static ControlDependence of(Graph graph, PostDominators postDominators) {
        int n = graph.size();
        DominatorTree tree = postDominators.tree();
        IntList[] lists = new IntList[n];
        for (int node = 0; node < n; node++) {
            lists[node] = new IntList(2);
        }
        for (int x = 0; x < n; x++) {
            if (!tree.contains(x)) {
                continue;
            }
            IntSeq succ = graph.successors(x);
            for (int k = 0; k < succ.size(); k++) {
                int stop = tree.idom(x);
                for (int y = succ.get(k); y != stop && tree.contains(y); y = tree.idom(y)) {
                    lists[y].add(x);
                    lists[y].add(k);
                }
            }
        }
        IntSeq[] edges = new IntSeq[n];
        for (int node = 0; node < n; node++) {
            edges[node] = lists[node].freeze(); // x and k increase, so pairs come sorted
        }
        return new ControlDependence(graph, edges);
    }

    /** The edges the node is control dependent on, ordered by source then successor index. */
    public Vector<Edge> dependencesOf(int node) {
        IntSeq pairs = edges[node];
        Vector<Edge> result = Vector.empty();
        for (int i = 0; i < pairs.size(); i += 2) {
            result = result.append(graph.edge(pairs.get(i), pairs.get(i + 1)));
        }
        return result;
    }

    /** The distinct sources of the edges the node depends on (the branches controlling it), in increasing order. */
    public IntSeq controllers(int node) {
        IntSeq pairs = edges[node];
        IntList result = new IntList();
        for (int i = 0; i < pairs.size(); i += 2) {
            if (result.isEmpty() || result.last() != pairs.get(i)) {
                result.add(pairs.get(i));
            }
        }
        return result.freeze();
    }
}
