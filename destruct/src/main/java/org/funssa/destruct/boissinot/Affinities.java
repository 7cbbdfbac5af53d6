package org.funssa.destruct.boissinot;

/*
 * Source: Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon, "Revisiting Out-of-SSA Translation for
 * Correctness, Code Quality, and Efficiency", CGO 2009, §4: copies are coalesced in decreasing order of their
 * affinity (their weight, an estimate of their execution frequency), each merging the congruence classes of
 * its two ends unless the classes interfere. Here an affinity joins two classes and weighs the total weight
 * of the copies between them — the copies that become identities when the two merge — and the weights are
 * updated as classes merge: when the classes X and Y merge, the affinities of X and of Y with a third class
 * add up. The strongest affinity is taken first; equal affinities in the order their first copy was given.
 * A pair that interferes is dropped (a larger class made from it interferes as well).
 */

import java.util.Arrays;

/** Coalescing of congruence classes along weighted copies, strongest class-to-class affinity first. */
final class Affinities {

    /**
     * The queued affinities between the classes rooted at a and b, as they weighed when queued, strongest
     * first and then by first copy: a binary heap (Williams 1964) in parallel arrays, which a function of 10^6
     * instructions fills with 10^5 entries or more; a PriorityQueue of records follows a pointer to each
     * record it compares, where the arrays are compared in place.
     */
    private static final class Queue {
        private int[] as = new int[64];
        private int[] bs = new int[64];
        private double[] weights = new double[64];
        private int[] firsts = new int[64];
        private int size;
        /** The entry {@link #poll} took. */
        int a;
        int b;
        double weight;

        boolean isEmpty() {
            return size == 0;
        }

        void add(int a, int b, double weight, int first) {
            if (size == as.length) {
                as = Arrays.copyOf(as, 2 * size);
                bs = Arrays.copyOf(bs, 2 * size);
                weights = Arrays.copyOf(weights, 2 * size);
                firsts = Arrays.copyOf(firsts, 2 * size);
            }
            int i = size++;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (!before(weight, first, parent)) {
                    break;
                }
                move(parent, i);
                i = parent;
            }
            set(i, a, b, weight, first);
        }

        /** Takes the strongest entry into {@link #a}, {@link #b} and {@link #weight}. */
        void poll() {
            a = as[0];
            b = bs[0];
            weight = weights[0];
            int last = --size;
            int la = as[last];
            int lb = bs[last];
            double lw = weights[last];
            int lf = firsts[last];
            int i = 0;
            for (int child = 1; child < size; child = 2 * i + 1) {
                if (child + 1 < size && before(weights[child + 1], firsts[child + 1], child)) {
                    child++;
                }
                if (!before(weights[child], firsts[child], lw, lf)) {
                    break;
                }
                move(child, i);
                i = child;
            }
            set(i, la, lb, lw, lf);
        }

        /** Whether an entry weighing {@code weight}, first copy {@code first}, comes before entry {@code k}. */
        private boolean before(double weight, int first, int k) {
            return before(weight, first, weights[k], firsts[k]);
        }

        private static boolean before(double weight, int first, double otherWeight, int otherFirst) {
            return weight != otherWeight ? weight > otherWeight : first < otherFirst;
        }

        private void move(int from, int to) {
            set(to, as[from], bs[from], weights[from], firsts[from]);
        }

        private void set(int k, int a, int b, double weight, int first) {
            as[k] = a;
            bs[k] = b;
            weights[k] = weight;
            firsts[k] = first;
        }
    }

    private final CongruenceClasses classes;
    /** The copies given, k-th between {@code from[k]} and {@code to[k]}, weighing {@code weights[k]}. */
    private int[] from = new int[64];
    private int[] to = new int[64];
    private double[] weights = new double[64];
    private int copies;

    Affinities(CongruenceClasses classes) {
        this.classes = classes;
    }

    /** A copy between the variables numbered {@code a} and {@code b}, weighing {@code weight}. */
    void add(int a, int b, double weight) {
        if (copies == from.length) {
            from = Arrays.copyOf(from, 2 * copies);
            to = Arrays.copyOf(to, 2 * copies);
            weights = Arrays.copyOf(weights, 2 * copies);
        }
        from[copies] = a;
        to[copies] = b;
        weights[copies++] = weight;
    }

    /** Merges classes along the copies given, strongest affinity first, wherever the classes do not interfere. */
    void coalesce() {
        Graph graph = new Graph();
        for (int k = 0; k < copies; k++) {
            int a = classes.find(from[k]);
            int b = classes.find(to[k]);
            if (a != b) {
                int edge = graph.edge(a, b);
                if (edge < 0) {
                    edge = graph.add(a, b, k);
                }
                graph.weight[edge] += weights[k];
            }
        }
        Queue queue = new Queue();
        for (int e = 0; e < graph.count; e++) {
            queue.add(Math.min(graph.end1[e], graph.end2[e]), Math.max(graph.end1[e], graph.end2[e]),
                    graph.weight[e], graph.first[e]);
        }
        while (!queue.isEmpty()) {
            queue.poll();
            int a = queue.a;
            int b = queue.b;
            int edge = graph.edge(a, b);
            if (classes.find(a) != a || classes.find(b) != b || edge < 0 || graph.weight[edge] != queue.weight) {
                continue; // stale: a class was merged away, or the affinity has grown and was queued again
            }
            graph.remove(edge);
            if (classes.merge(a, b)) {
                int root = classes.find(a);
                graph.absorb(root, root == a ? b : a, queue);
            }
        }
    }

    /**
     * The affinities between classes, by root: edge e joins {@code end1[e]} and {@code end2[e]}, weighs
     * {@code weight[e]}, and its first copy is the {@code first[e]}-th given. Each root lists its edges, removed
     * ones included until it is absorbed; {@link #edges} finds the edge of a pair.
     */
    private static final class Graph {
        private final PairMap edges = new PairMap();
        private int[] end1 = new int[64];
        private int[] end2 = new int[64];
        private double[] weight = new double[64];
        private int[] first = new int[64];
        private boolean[] removed = new boolean[64];
        private int count;
        /** Per root (by variable number, grown on demand): its edges, {@code incident[v][0 .. degree[v])}. */
        private int[][] incident = new int[64][];
        private int[] degree = new int[64];

        /** The edge between the classes rooted at a and b, or −1. */
        int edge(int a, int b) {
            return edges.get(a, b);
        }

        /** A new edge between the classes rooted at a and b, weighing nothing yet, its first copy the given one. */
        int add(int a, int b, int firstCopy) {
            if (count == end1.length) {
                end1 = Arrays.copyOf(end1, 2 * count);
                end2 = Arrays.copyOf(end2, 2 * count);
                weight = Arrays.copyOf(weight, 2 * count);
                first = Arrays.copyOf(first, 2 * count);
                removed = Arrays.copyOf(removed, 2 * count);
            }
            int e = count++;
            end1[e] = a;
            end2[e] = b;
            first[e] = firstCopy;
            edges.put(a, b, e);
            attach(a, e);
            attach(b, e);
            return e;
        }

        void remove(int e) {
            removed[e] = true;
            edges.remove(end1[e], end2[e]);
        }

        /** The edges of the class {@code gone}, merged into {@code root}, become {@code root}'s, and are queued. */
        void absorb(int root, int gone, Queue queue) {
            int[] moved = gone < incident.length ? incident[gone] : null;
            if (moved == null) {
                return;
            }
            int n = degree[gone];
            incident[gone] = null;
            degree[gone] = 0;
            for (int k = 0; k < n; k++) {
                int old = moved[k];
                if (removed[old]) {
                    continue;
                }
                int other = end1[old] == gone ? end2[old] : end1[old];
                edges.remove(gone, other);
                int e = edges.get(root, other);
                if (e < 0) {
                    e = old;
                    end1[e] = root;
                    end2[e] = other;
                    edges.put(root, other, e);
                    attach(root, e);
                } else {
                    weight[e] += weight[old];
                    first[e] = Math.min(first[e], first[old]);
                    removed[old] = true;
                }
                queue.add(Math.min(root, other), Math.max(root, other), weight[e], first[e]);
            }
        }

        private void attach(int v, int e) {
            if (v >= incident.length) {
                int length = Math.max(v + 1, 2 * incident.length);
                incident = Arrays.copyOf(incident, length);
                degree = Arrays.copyOf(degree, length);
            }
            int[] list = incident[v];
            if (list == null) {
                list = incident[v] = new int[2];
            } else if (degree[v] == list.length) {
                list = incident[v] = Arrays.copyOf(list, 2 * list.length);
            }
            list[degree[v]++] = e;
        }
    }
}
