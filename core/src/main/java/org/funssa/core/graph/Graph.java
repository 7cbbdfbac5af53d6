package org.funssa.core.graph;

/**
 * A directed graph over the dense node ids {@code 0 .. size()-1} with a distinguished entry node.
 * Successor lists are ordered and may repeat a node: a branch whose two targets are the same block
 * is two edges, told apart by their successor index (see {@link Edge}). Predecessor lists repeat a
 * node just as often as it has edges to the node.
 *
 * <p>Implementations are immutable; algorithms in this package only read them.
 */
public interface Graph {

    /** Number of nodes; node ids are {@code 0 .. size()-1}. */
    int size();

    /** The node every path of interest starts from. */
    int entry();

    /** Targets of the node's out-edges, in edge order. */
    IntSeq successors(int node);

    /** Sources of the node's in-edges, one per edge. */
    IntSeq predecessors(int node);

    /**
     * How many in-edges the node has: {@code predecessors(node).size()}. With {@link #predecessor} it lets a
     * walk that visits every predecessor of every node read them without a sequence made per visit (liveness
     * visits each node again at every round of its solve).
     */
    default int predecessorCount(int node) {
        return predecessors(node).size();
    }

    /** The source of the node's {@code k}-th in-edge: {@code predecessors(node).get(k)}. */
    default int predecessor(int node, int k) {
        return predecessors(node).get(k);
    }

    /** The {@code index}-th out-edge of {@code source}. */
    default Edge edge(int source, int index) {
        return new Edge(source, index, successors(source).get(index));
    }

    /** This graph with every edge turned around, entered at {@code entry}. */
    default Graph reversed(int entry) {
        return new ReverseGraph(this, entry);
    }
}
