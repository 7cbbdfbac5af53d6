package org.funssa.core.graph;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.Arrays;

/**
 * An immutable {@link Graph} built from an edge list, stored as compressed adjacency arrays.
 * Nodes may carry labels (for printing and tests). Edges keep the order they were added in, per
 * source, and may repeat.
 */
public final class DiGraph implements Graph {

    private final int entry;
    private final int[] succStart;
    private final int[] succ;
    private final int[] predStart;
    private final int[] pred;
    private final Option<Vector<String>> labels;

    private DiGraph(int size, int entry, int[] sources, int[] targets, int edges, Option<Vector<String>> labels) {
        this.entry = entry;
        this.labels = labels;
        this.succStart = new int[size + 1];
        this.predStart = new int[size + 1];
        for (int e = 0; e < edges; e++) {
            succStart[sources[e] + 1]++;
            predStart[targets[e] + 1]++;
        }
        for (int n = 0; n < size; n++) {
            succStart[n + 1] += succStart[n];
            predStart[n + 1] += predStart[n];
        }
        this.succ = new int[edges];
        this.pred = new int[edges];
        int[] nextSucc = Arrays.copyOf(succStart, size);
        for (int e = 0; e < edges; e++) {
            succ[nextSucc[sources[e]]++] = targets[e];
        }
        // Predecessors in order of (source, successor index), so that the order is deterministic.
        int[] nextPred = Arrays.copyOf(predStart, size);
        for (int n = 0; n < size; n++) {
            for (int i = succStart[n]; i < succStart[n + 1]; i++) {
                pred[nextPred[succ[i]]++] = n;
            }
        }
    }

    /** A graph of {@code size} nodes with the given edges, as pairs {@code from, to, from, to, …}. */
    public static DiGraph of(int size, int entry, int... edgePairs) {
        if (edgePairs.length % 2 != 0) {
            throw new IllegalArgumentException("edge list has an odd number of ends: " + edgePairs.length);
        }
        Builder builder = builder(size).entry(entry);
        for (int i = 0; i < edgePairs.length; i += 2) {
            builder.edge(edgePairs[i], edgePairs[i + 1]);
        }
        return builder.build();
    }

    public static Builder builder(int size) {
        return new Builder(size);
    }

    /** Collects edges; {@link #build()} freezes them. Entry defaults to node 0. */
    public static final class Builder {
        private final int size;
        private int entry;
        private int[] sources = new int[8];
        private int[] targets = new int[8];
        private int edges;
        private Option<Vector<String>> labels = Option.none();

        private Builder(int size) {
            if (size < 1) {
                throw new IllegalArgumentException("a graph needs at least one node, got " + size);
            }
            this.size = size;
        }

        public Builder entry(int node) {
            this.entry = check(node);
            return this;
        }

        /** Adds the edge {@code from → to} as the next out-edge of {@code from}. */
        public Builder edge(int from, int to) {
            check(from);
            check(to);
            if (edges == sources.length) {
                sources = Arrays.copyOf(sources, edges * 2);
                targets = Arrays.copyOf(targets, edges * 2);
            }
            sources[edges] = from;
            targets[edges] = to;
            edges++;
            return this;
        }

        /** Names the nodes, one label per node. */
        public Builder labels(Vector<String> names) {
            if (names.size() != size) {
                throw new IllegalArgumentException(names.size() + " labels for " + size + " nodes");
            }
            this.labels = Option.of(names);
            return this;
        }

        public DiGraph build() {
            return new DiGraph(size, entry, sources, targets, edges, labels);
        }

        private int check(int node) {
            if (node < 0 || node >= size) {
                throw new IllegalArgumentException("node " + node + " is not in 0.." + (size - 1));
            }
            return node;
        }
    }

    @Override
    public int size() {
        return succStart.length - 1;
    }

    @Override
    public int entry() {
        return entry;
    }

    @Override
    public IntSeq successors(int node) {
        return IntSeq.wrap(succ, succStart[node], succStart[node + 1] - succStart[node]);
    }

    @Override
    public IntSeq predecessors(int node) {
        return IntSeq.wrap(pred, predStart[node], predStart[node + 1] - predStart[node]);
    }

    @Override
    public int predecessorCount(int node) {
        return predStart[node + 1] - predStart[node];
    }

    @Override
    public int predecessor(int node, int k) {
        if (k < 0 || k >= predecessorCount(node)) {
            throw new IndexOutOfBoundsException("node " + node + " has " + predecessorCount(node)
                    + " predecessors, not a " + k + "th");
        }
        return pred[predStart[node] + k];
    }

    /** Total number of edges. */
    public int edgeCount() {
        return succ.length;
    }

    /** The node's label, or its number when the graph has no labels. */
    public String label(int node) {
        return labels.map(names -> names.get(node)).getOrElse(() -> Integer.toString(node));
    }

    /** The node carrying the label, if any. */
    public Option<Integer> node(String label) {
        return labels.flatMap(names -> {
            int index = names.indexOf(label);
            return index < 0 ? Option.none() : Option.of(index);
        });
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("DiGraph(entry ").append(label(entry));
        for (int n = 0; n < size(); n++) {
            text.append("; ").append(label(n)).append(" ->");
            for (int i = succStart[n]; i < succStart[n + 1]; i++) {
                text.append(' ').append(label(succ[i]));
            }
        }
        return text.append(')').toString();
    }
}
