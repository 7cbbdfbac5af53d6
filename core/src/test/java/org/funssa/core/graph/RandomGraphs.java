package org.funssa.core.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Seeded generator of small graphs of every kind the algorithms must handle. */
final class RandomGraphs {

    /** The shapes generated, in turn. */
    enum Kind {
        /** Any edges: usually irreducible, with unreachable nodes, exits or none, multi-edges. */
        ARBITRARY,
        /** A DAG plus back edges to dominators: reducible, possibly several exits. */
        REDUCIBLE,
        /** Every node has a successor: no exit node at all (infinite loops). */
        NO_EXIT,
        /** Two entries into a cycle somewhere: irreducible. */
        IRREDUCIBLE
    }

    private final Random random;

    RandomGraphs(long seed) {
        this.random = new Random(seed);
    }

    DiGraph next(Kind kind) {
        int n = 1 + random.nextInt(12);
        return switch (kind) {
            case ARBITRARY -> arbitrary(n, false);
            case NO_EXIT -> arbitrary(n, true);
            case REDUCIBLE -> reducible(n);
            case IRREDUCIBLE -> irreducible(n);
        };
    }

    private DiGraph arbitrary(int n, boolean everyNodeHasSuccessor) {
        DiGraph.Builder b = DiGraph.builder(n).entry(random.nextInt(n));
        double density = 0.5 + random.nextDouble() * 2;
        for (int x = 0; x < n; x++) {
            int out = (int) Math.round(random.nextDouble() * density * 1.5);
            if (everyNodeHasSuccessor) {
                out = Math.max(out, 1);
            }
            for (int k = 0; k < out; k++) {
                int target = random.nextInt(n);
                b.edge(x, target);
                if (random.nextInt(8) == 0) {
                    b.edge(x, target); // multi-edge
                }
            }
        }
        return b.build();
    }

    /** A random DAG over 0..n-1 (entry 0), then back edges t → h with h a dominator of t. */
    private DiGraph reducible(int n) {
        List<int[]> edges = new ArrayList<>();
        for (int x = 0; x < n; x++) {
            int out = random.nextInt(3);
            for (int k = 0; k < out && x + 1 < n; k++) {
                int target = x + 1 + random.nextInt(n - x - 1);
                edges.add(new int[] {x, target});
                if (random.nextInt(10) == 0) {
                    edges.add(new int[] {x, target});
                }
            }
            if (random.nextInt(4) == 0 && x > 0) {
                edges.add(new int[] {random.nextInt(x), x}); // make more nodes reachable
            }
        }
        DiGraph dag = build(n, 0, edges);
        DominatorTree dom = Dominators.of(dag);
        int backEdges = random.nextInt(4);
        for (int i = 0; i < backEdges; i++) {
            int t = random.nextInt(n);
            if (!dom.contains(t)) {
                continue;
            }
            IntSeq doms = dom.dominators(t);
            edges.add(new int[] {t, doms.get(random.nextInt(doms.size()))});
        }
        return build(n, 0, edges);
    }

    /** A random graph with a cycle a ↔ b entered at both a and b from the entry's side. */
    private DiGraph irreducible(int n) {
        if (n < 3) {
            return DiGraph.of(3, 0, 0, 1, 0, 2, 1, 2, 2, 1);
        }
        DiGraph base = arbitrary(n, false);
        DiGraph.Builder b = DiGraph.builder(n).entry(base.entry());
        for (int x = 0; x < n; x++) {
            for (int k = 0; k < base.successors(x).size(); k++) {
                b.edge(x, base.successors(x).get(k));
            }
        }
        int e = base.entry();
        int a = (e + 1) % n;
        int c = (e + 2) % n;
        b.edge(e, a).edge(e, c).edge(a, c).edge(c, a);
        return b.build();
    }

    private static DiGraph build(int n, int entry, List<int[]> edges) {
        DiGraph.Builder b = DiGraph.builder(n).entry(entry);
        for (int[] edge : edges) {
            b.edge(edge[0], edge[1]);
        }
        return b.build();
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }
}
