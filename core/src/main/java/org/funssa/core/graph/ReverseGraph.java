package org.funssa.core.graph;

/** A view of a graph with every edge reversed, entered at a given node. */
public record ReverseGraph(Graph forward, int entry) implements Graph {

    public ReverseGraph {
        if (entry < 0 || entry >= forward.size()) {
            throw new IllegalArgumentException("entry " + entry + " is not a node of a graph of " + forward.size());
        }
    }

    @Override
    public int size() {
        return forward.size();
    }

    @Override
    public IntSeq successors(int node) {
        return forward.predecessors(node);
    }

    @Override
    public IntSeq predecessors(int node) {
        return forward.successors(node);
    }
}
