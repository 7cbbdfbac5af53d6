package org.funssa.cps.opt;

import java.util.Arrays;

/*
 * Seed 004 §6.8.2 "Algorithm for Finding Equality of Variables", Figures 6.24–6.27: Alpern, Wegman and Zadeck's
 * partitioning of the SSA graph ("Detecting equality of variables in programs", POPL 1988), which is Hopcroft's
 * minimisation of finite automata with an operand position for each input letter. It starts from the optimistic
 * partition — nodes of one operator in one set B[i] — and refines it to the coarsest partition in which two nodes
 * of one set have, at each position m, operands of one set: with INVERSE the nodes whose m-th operand is in
 * B[i], every B[j] that INVERSE cuts (B[j] ∩ INVERSE ≠ ∅, B[j] ⊄ INVERSE) splits into B[j] ∩ INVERSE, the new set
 * B[q], and the rest. WAITING holds the sets still to split by; of a split set not waiting only the smaller half
 * needs to wait (splitting by the whole set before, and by one half, splits as the other half would), so each
 * node is in O(log n) of the sets split by, and the whole runs in O(E log n) for E edges.
 *
 * As Hopcroft's algorithm is usually written: the sets are ranges of one array of nodes, each node knows its
 * place, and marking a node moves it to the front of its set's range, so INVERSE's part of each set it touches is
 * found and split off in time proportional to INVERSE. The edges of the set split by are gathered by position in
 * buckets, so every position is one INVERSE, and none is visited that no edge has (a φ has an operand per jump to
 * its block, so positions may be many).
 */

/** The congruence classes of an SSA graph's nodes (seed 004 §6.8.2, Figure 6.27). */
final class CongruencePartition {

    /** The class of a node that names no value. */
    static final int NONE = -1;

    private final SsaGraph graph;
    /** The nodes, each class's a range {@code start[c] … end[c] − 1}; {@code place[x]} is x's index. */
    private final int[] nodes;
    private final int[] place;
    private final int[] classOf;
    private final int[] start;
    private final int[] end;
    /** By class: how many of its nodes, at the front of its range, the current INVERSE holds. */
    private final int[] marked;
    private int classes;
    /** WAITING, as a stack of classes, and whether each class is in it. */
    private final int[] waiting;
    private int waitingCount;
    private final boolean[] isWaiting;
    /** The nodes each node is an operand of, and at which position: {@code users[userStart[x]] …}. */
    private final int[] userStart;
    private final int[] users;
    private final int[] positions;
    /** The most operands a node has. */
    private final int maxArity;

    private CongruencePartition(SsaGraph graph) {
        this.graph = graph;
        int n = graph.size();
        nodes = new int[n];
        place = new int[n];
        classOf = new int[n];
        start = new int[n];
        end = new int[n];
        marked = new int[n];
        waiting = new int[n];
        isWaiting = new boolean[n];
        userStart = new int[n + 1];
        int maxArity = 0;
        for (int x = 0; x < n; x++) {
            maxArity = Math.max(maxArity, graph.operandCount(x));
            for (int m = 0; m < graph.operandCount(x); m++) {
                userStart[graph.operand(x, m) + 1]++;
            }
        }
        for (int x = 0; x < n; x++) {
            userStart[x + 1] += userStart[x];
        }
        users = new int[userStart[n]];
        positions = new int[userStart[n]];
        int[] fill = Arrays.copyOf(userStart, n);
        for (int x = 0; x < n; x++) {
            for (int m = 0; m < graph.operandCount(x); m++) {
                int operand = graph.operand(x, m);
                users[fill[operand]] = x;
                positions[fill[operand]++] = m;
            }
        }
        this.maxArity = maxArity;
    }

    /** The coarsest congruence of the graph's nodes that the optimistic partition by operator refines to. */
    static CongruencePartition of(SsaGraph graph) {
        CongruencePartition partition = new CongruencePartition(graph);
        partition.initial();
        partition.refine();
        return partition;
    }

    /** The class of the node, or {@link #NONE} for a node that names no value. */
    int classOf(int node) {
        return classOf[node];
    }

    /** How many classes there are: each node's is one of {@code 0 … classCount() − 1} (or NONE). */
    int classCount() {
        return classes;
    }

    /** B[1] … B[p]: a class per operator, in the order of the operators' numbers; all of them waiting. */
    private void initial() {
        int[] count = new int[graph.operatorCount() + 1];
        for (int x = 0; x < graph.size(); x++) {
            if (graph.operator(x) != SsaGraph.NONE) {
                count[graph.operator(x) + 1]++;
            }
        }
        for (int op = 0; op < graph.operatorCount(); op++) {
            count[op + 1] += count[op];
        }
        for (int op = 0; op < graph.operatorCount(); op++) {
            if (count[op + 1] > count[op]) {
                start[classes] = count[op];
                end[classes] = count[op + 1];
                count[op] = classes; // from here on, the operator's class
                push(classes++);
            } else {
                count[op] = NONE;
            }
        }
        int[] fill = Arrays.copyOf(start, classes);
        for (int x = 0; x < graph.size(); x++) {
            int op = graph.operator(x);
            if (op == SsaGraph.NONE) {
                classOf[x] = NONE;
                continue;
            }
            int c = count[op];
            classOf[x] = c;
            place[x] = fill[c];
            nodes[fill[c]++] = x;
        }
    }

    /** Figure 6.27's loop: split by each waiting class until none waits. */
    private void refine() {
        int[] splitter = new int[graph.size()];
        int[] bucket = new int[maxArity];
        Arrays.fill(bucket, -1);
        int[] next = new int[users.length];
        int[] edgeUser = new int[users.length];
        int[] used = new int[maxArity];
        int[] touched = new int[graph.size()];
        while (waitingCount > 0) {
            int i = waiting[--waitingCount];
            isWaiting[i] = false;
            int size = end[i] - start[i];
            System.arraycopy(nodes, start[i], splitter, 0, size);
            // The edges into B[i], by position: F⁻¹[m, x] for every x in B[i], gathered for each m.
            int edges = 0;
            int positionsUsed = 0;
            for (int s = 0; s < size; s++) {
                int x = splitter[s];
                for (int u = userStart[x]; u < userStart[x + 1]; u++) {
                    int m = positions[u];
                    if (bucket[m] < 0) {
                        used[positionsUsed++] = m;
                    }
                    edgeUser[edges] = users[u];
                    next[edges] = bucket[m];
                    bucket[m] = edges++;
                }
            }
            for (int p = 0; p < positionsUsed; p++) {
                int m = used[p];
                int touchedCount = 0;
                for (int e = bucket[m]; e >= 0; e = next[e]) {
                    int c = mark(edgeUser[e]);
                    if (c != NONE) {
                        touched[touchedCount++] = c;
                    }
                }
                bucket[m] = -1;
                for (int t = 0; t < touchedCount; t++) {
                    split(touched[t]);
                }
            }
        }
    }

    /**
     * Puts the node among the marked ones at the front of its class; returns its class if it is the first one
     * marked there, else {@link #NONE}.
     */
    private int mark(int x) {
        int c = classOf[x];
        int front = start[c] + marked[c];
        if (place[x] < front) {
            return NONE; // marked already: INVERSE met it by another edge
        }
        int other = nodes[front];
        nodes[front] = x;
        nodes[place[x]] = other;
        place[other] = place[x];
        place[x] = front;
        return marked[c]++ == 0 ? c : NONE;
    }

    /** B[q] ← B[j] ∩ INVERSE (the marked nodes), B[j] ← B[j] − B[q], and which of the two waits. */
    private void split(int j) {
        int k = marked[j];
        marked[j] = 0;
        if (k == end[j] - start[j]) {
            return; // B[j] ⊆ INVERSE
        }
        int q = classes++;
        start[q] = start[j];
        end[q] = start[j] + k;
        start[j] += k;
        for (int s = start[q]; s < end[q]; s++) {
            classOf[nodes[s]] = q;
        }
        if (isWaiting[j] || end[j] - start[j] > k) {
            push(q);
        } else {
            push(j);
        }
    }

    private void push(int c) {
        isWaiting[c] = true;
        waiting[waitingCount++] = c;
    }
}
