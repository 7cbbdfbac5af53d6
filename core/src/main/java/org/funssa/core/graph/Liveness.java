package org.funssa.core.graph;

import java.util.Arrays;
import java.util.function.IntFunction;

/*
 * Live variables: the backward dataflow LiveIn(b) = Uses(b) ∪ (LiveOut(b) − Defs(b)),
 * LiveOut(b) = ∪ LiveIn(s) over successors s, where Uses(b) are the variables read in b before any
 * write in b. Solved "by variable" rather than by iterating sets: for each variable v, walk
 * backwards from every block using v, marking v live-in there and live-out at each predecessor,
 * and continue through predecessors that do not define v (Appel & Palsberg, "Modern Compiler
 * Implementation", §19.6 "liveness by path exploration"; Boissinot et al., "Fast Liveness
 * Checking for SSA-Form Programs", CGO 2008, §2 — the variable-by-variable path exploration).
 * The cost is proportional to the total size of the live sets, with no dense blocks × variables
 * bit matrix, so it scales to 10^5 blocks.
 */

/** Live-in and live-out sets of every node of a graph, variables being ints {@code 0 .. variables-1}. */
public final class Liveness {

    private final IntSeq[] liveIn;
    private final IntSeq[] liveOut;

    private Liveness(IntSeq[] liveIn, IntSeq[] liveOut) {
        this.liveIn = liveIn;
        this.liveOut = liveOut;
    }

    /**
     * Solves liveness over all nodes of the graph (reachable or not).
     *
     * @param variables number of variables; ids are {@code 0 .. variables-1}
     * @param uses      per node, the variables it reads before writing them (upward-exposed uses)
     * @param defs      per node, the variables it writes
     */
    public static Liveness of(Graph graph, int variables, IntFunction<IntSeq> uses, IntFunction<IntSeq> defs) {
        int n = graph.size();
        int[][] usedAt = invert(n, variables, uses);
        int[][] definedAt = invert(n, variables, defs);
        int[] defStamp = new int[n];
        int[] inStamp = new int[n];
        int[] outStamp = new int[n];
        Arrays.fill(defStamp, -1);
        Arrays.fill(inStamp, -1);
        Arrays.fill(outStamp, -1);
        IntList[] in = new IntList[n];
        IntList[] out = new IntList[n];
        for (int node = 0; node < n; node++) {
            in[node] = new IntList(2);
            out[node] = new IntList(2);
        }
        IntList work = new IntList();
        for (int v = 0; v < variables; v++) {
            for (int node : definedAt[v]) {
                defStamp[node] = v;
            }
            for (int node : usedAt[v]) {
                if (inStamp[node] != v) {
                    inStamp[node] = v;
                    in[node].add(v);
                    work.add(node);
                }
            }
            while (!work.isEmpty()) {
                IntSeq preds = graph.predecessors(work.pop());
                for (int k = 0; k < preds.size(); k++) {
                    int p = preds.get(k);
                    if (outStamp[p] != v) {
                        outStamp[p] = v;
                        out[p].add(v);
                        if (defStamp[p] != v && inStamp[p] != v) {
                            inStamp[p] = v;
                            in[p].add(v);
                            work.add(p);
                        }
                    }
                }
            }
        }
        IntSeq[] liveIn = new IntSeq[n];
        IntSeq[] liveOut = new IntSeq[n];
        for (int node = 0; node < n; node++) {
            liveIn[node] = in[node].freeze(); // variables are visited in increasing order
            liveOut[node] = out[node].freeze();
        }
        return new Liveness(liveIn, liveOut);
    }

    /** For each variable, the nodes whose set (uses or defs) holds it. */
    private static int[][] invert(int n, int variables, IntFunction<IntSeq> sets) {
        int[] count = new int[variables];
        IntSeq[] perNode = new IntSeq[n];
        for (int node = 0; node < n; node++) {
            perNode[node] = sets.apply(node);
            for (int i = 0; i < perNode[node].size(); i++) {
                int v = perNode[node].get(i);
                if (v < 0 || v >= variables) {
                    throw new IllegalArgumentException("variable " + v + " of node " + node + " is not in 0.." + (variables - 1));
                }
                count[v]++;
            }
        }
        int[][] result = new int[variables][];
        for (int v = 0; v < variables; v++) {
            result[v] = new int[count[v]];
        }
        int[] fill = new int[variables];
        for (int node = 0; node < n; node++) {
            for (int i = 0; i < perNode[node].size(); i++) {
                int v = perNode[node].get(i);
                result[v][fill[v]++] = node;
            }
        }
        return result;
    }

    /** Variables live on entry to the node, in increasing order. */
    public IntSeq liveIn(int node) {
        return liveIn[node];
    }

    /** Variables live on exit from the node, in increasing order. */
    public IntSeq liveOut(int node) {
        return liveOut[node];
    }
}
