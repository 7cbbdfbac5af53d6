package org.funssa.psi.ppg;

import java.util.BitSet;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.IntSeq;

/**
 * Seed 002 Definitions 12–14 by brute force: every START-to-END path of an acyclic trace graph, and for each
 * block the set of paths passing it (its predicate's domain), paths numbered in the order they are found.
 */
final class Traces {

    private final BitSet[] domain;
    private final int count;

    private Traces(BitSet[] domain, int count) {
        this.domain = domain;
        this.count = count;
    }

    /** Enumerates the paths with an explicit stack of (node, next successor index). */
    static Traces of(TraceGraph cfg) {
        DiGraph g = cfg.graph();
        BitSet[] domain = new BitSet[g.size()];
        for (int x = 0; x < g.size(); x++) {
            domain[x] = new BitSet();
        }
        int[] path = new int[g.size() + 1];
        int[] next = new int[g.size() + 1];
        int depth = 0;
        int count = 0;
        path[0] = cfg.start();
        next[0] = 0;
        while (depth >= 0) {
            int x = path[depth];
            IntSeq succ = g.successors(x);
            if (succ.isEmpty()) {
                for (int i = 0; i <= depth; i++) {
                    domain[path[i]].set(count);
                }
                count++;
                depth--;
            } else if (next[depth] < succ.size()) {
                int target = succ.get(next[depth]++);
                depth++;
                path[depth] = target;
                next[depth] = 0;
            } else {
                depth--;
            }
        }
        return new Traces(domain, count);
    }

    int count() {
        return count;
    }

    /** The traces through the block (a copy). */
    BitSet domain(int block) {
        return (BitSet) domain[block].clone();
    }
}
