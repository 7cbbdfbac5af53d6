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
import java.util.HashMap;
import java.util.Map;

/** Coalescing of congruence classes along weighted copies, strongest class-to-class affinity first. */
final class Affinities {

    /** The copies between two classes: their total weight, and the rank of the first one given. */
    private static final class Affinity {
        double weight;
        int first;

        Affinity(int first) {
            this.first = first;
        }
    }

    /**
     * The queued affinities between the classes rooted at a and b, as they weighed when queued, strongest
     * first and then by first copy: a binary heap (Williams 1964) in parallel arrays, which a function of 10^6
     * instructions fills with 10^5 entries or more; a PriorityQueue of records spent most of its time
     * following pointers to compare them.
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
        Map<Integer, Map<Integer, Affinity>> graph = new HashMap<>();
        for (int k = 0; k < copies; k++) {
            int a = classes.find(from[k]);
            int b = classes.find(to[k]);
            if (a != b) {
                int rank = k;
                Affinity edge = graph.computeIfAbsent(a, x -> new HashMap<>())
                        .computeIfAbsent(b, x -> new Affinity(rank));
                graph.computeIfAbsent(b, x -> new HashMap<>()).put(a, edge);
                edge.weight += weights[k];
            }
        }
        Queue queue = new Queue();
        graph.forEach((a, edges) -> edges.forEach((b, e) -> {
            if (a < b) {
                queue.add(a, b, e.weight, e.first);
            }
        }));
        while (!queue.isEmpty()) {
            queue.poll();
            int a = queue.a;
            int b = queue.b;
            Map<Integer, Affinity> edgesOfA = graph.get(a);
            Affinity edge = edgesOfA == null ? null : edgesOfA.get(b);
            if (classes.find(a) != a || classes.find(b) != b || edge == null || edge.weight != queue.weight) {
                continue; // stale: a class was merged away, or the affinity has grown and was queued again
            }
            edgesOfA.remove(b);
            graph.get(b).remove(a);
            if (classes.merge(a, b)) {
                int root = classes.find(a);
                absorb(graph, queue, root, root == a ? b : a);
            }
        }
    }

    /** The affinities of the class {@code gone}, merged into {@code root}, become {@code root}'s. */
    private static void absorb(Map<Integer, Map<Integer, Affinity>> graph, Queue queue, int root,
                               int gone) {
        Map<Integer, Affinity> moved = graph.remove(gone);
        if (moved == null) {
            return;
        }
        Map<Integer, Affinity> edgesOfRoot = graph.computeIfAbsent(root, x -> new HashMap<>());
        for (Map.Entry<Integer, Affinity> m : moved.entrySet()) {
            int other = m.getKey();
            Affinity old = m.getValue();
            Map<Integer, Affinity> edgesOfOther = graph.get(other);
            edgesOfOther.remove(gone);
            Affinity edge = edgesOfRoot.get(other);
            if (edge == null) {
                edge = old;
                edgesOfRoot.put(other, edge);
                edgesOfOther.put(root, edge);
            } else {
                edge.weight += old.weight;
                edge.first = Math.min(edge.first, old.first);
            }
            queue.add(Math.min(root, other), Math.max(root, other), edge.weight, edge.first);
        }
    }
}
