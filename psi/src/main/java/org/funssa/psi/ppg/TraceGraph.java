package org.funssa.psi.ppg;

import io.vavr.collection.Vector;
import java.util.function.IntFunction;
import org.funssa.core.graph.CriticalEdges;
import org.funssa.core.graph.DepthFirst;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.Edge;
import org.funssa.core.graph.Graph;
import org.funssa.core.graph.IntSeq;

/*
 * Seed 002 §4.1 works on "a reachable CFG G = (V, E), where all critical edges have been split" (§3.2.1), with a
 * START and an END node, so that a trace (Definition 12) is one START-to-END path and every edge has a node
 * standing for it. This graph is that CFG made from any graph: the nodes reachable from the entry keep their
 * numbers (the others stay, isolated, and have no predicate); a critical edge x → t gets a new node between x and
 * t, named "x->t"; and when the reachable part has no single exit, a new END node follows every exit. The edge
 * START → END that §3.2 adds "for convenience" is not added: it would make the empty trace a trace, and
 * org.funssa.core.graph.ControlDependence needs no such edge.
 */

/** A control-flow graph prepared as seed 002 §4.1 assumes: critical edges split, one END. */
public final class TraceGraph {

    /** The original node of a node added here (a split edge or the END): none. */
    public static final int NONE = -1;

    private final DiGraph graph;
    private final int originalSize;
    private final int end;
    private final DepthFirst search;

    private TraceGraph(DiGraph graph, int originalSize, int end) {
        this.graph = graph;
        this.originalSize = originalSize;
        this.end = end;
        this.search = DepthFirst.of(graph);
    }

    /** The graph's traces graph, its nodes named by their labels. */
    public static TraceGraph of(DiGraph cfg) {
        return of(cfg, cfg::label);
    }

    /** The graph's traces graph, node {@code n} named {@code names.apply(n)}. */
    public static TraceGraph of(Graph cfg, IntFunction<String> names) {
        int n = cfg.size();
        DepthFirst reach = DepthFirst.of(cfg);
        Vector<Edge> critical = CriticalEdges.of(reachablePart(cfg, reach));
        int exits = 0;
        int exit = NONE;
        for (int node = 0; node < n; node++) {
            if (reach.isReachable(node) && cfg.successors(node).isEmpty()) {
                exits++;
                exit = node;
            }
        }
        int size = n + critical.size() + (exits == 1 ? 0 : 1);
        int end = exits == 1 ? exit : size - 1;
        String[] labels = new String[size];
        for (int node = 0; node < n; node++) {
            labels[node] = names.apply(node);
        }
        DiGraph.Builder builder = DiGraph.builder(size).entry(cfg.entry());
        int next = n;
        int c = 0;
        for (int x = 0; x < n; x++) {
            if (!reach.isReachable(x)) {
                continue;
            }
            IntSeq succ = cfg.successors(x);
            for (int k = 0; k < succ.size(); k++) {
                int t = succ.get(k);
                if (c < critical.size() && critical.get(c).source() == x && critical.get(c).index() == k) {
                    labels[next] = labels[x] + "->" + labels[t];
                    builder.edge(x, next).edge(next, t);
                    next++;
                    c++;
                } else {
                    builder.edge(x, t);
                }
            }
            if (exits != 1 && succ.isEmpty()) {
                builder.edge(x, end);
            }
        }
        if (exits != 1) {
            labels[end] = "END";
        }
        if (exits == 0) {
            throw new IllegalArgumentException("the graph has no exit: every trace runs forever");
        }
        return new TraceGraph(builder.labels(Vector.of(labels)).build(), n, end);
    }

    /** The graph without the edges of unreachable nodes, so that they count in no node's predecessors. */
    private static Graph reachablePart(Graph cfg, DepthFirst reach) {
        DiGraph.Builder builder = DiGraph.builder(cfg.size()).entry(cfg.entry());
        for (int x = 0; x < cfg.size(); x++) {
            if (reach.isReachable(x)) {
                IntSeq succ = cfg.successors(x);
                for (int k = 0; k < succ.size(); k++) {
                    builder.edge(x, succ.get(k));
                }
            }
        }
        return builder.build();
    }

    /** The prepared graph: the original nodes first, then the split edges, then the END if one was added. */
    public DiGraph graph() {
        return graph;
    }

    public int start() {
        return graph.entry();
    }

    public int end() {
        return end;
    }

    /** Whether the node is on a trace (reachable from START; in an acyclic graph it then reaches END). */
    public boolean isReachable(int node) {
        return search.isReachable(node);
    }

    /** The depth-first search of the prepared graph from START. */
    public DepthFirst search() {
        return search;
    }

    /** The node of the original graph, or {@link #NONE} for a node added here. */
    public int original(int node) {
        return node < originalSize ? node : NONE;
    }

    /** The node's name: its original's, "x->t" for the split edge x → t, "END" for an added END. */
    public String label(int node) {
        return graph.label(node);
    }

    /** Refuses a graph with a cycle, naming a node on it: Algorithms 1 and 5 are for acyclic graphs. */
    public void requireAcyclic(String construction) {
        Vector<Edge> back = search.backEdges();
        if (!back.isEmpty()) {
            throw new IllegalArgumentException(construction + " needs an acyclic graph, and the edge "
                    + label(back.head().source()) + " → " + label(back.head().target())
                    + " closes a cycle (seed 002 §4.2: use the loop nesting forest)");
        }
    }

    @Override
    public String toString() {
        return graph.toString();
    }
}
