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

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

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

    /** A queued affinity between the classes rooted at {@code a} and {@code b}, as it weighed when queued. */
    private record Entry(int a, int b, double weight, int first) {}

    private final CongruenceClasses classes;
    private final List<int[]> copies = new ArrayList<>();
    private final List<Double> weights = new ArrayList<>();

    Affinities(CongruenceClasses classes) {
        this.classes = classes;
    }

    /** A copy between the variables numbered {@code a} and {@code b}, weighing {@code weight}. */
    void add(int a, int b, double weight) {
        copies.add(new int[] {a, b});
        weights.add(weight);
    }

    /** Merges classes along the copies given, strongest affinity first, wherever the classes do not interfere. */
    void coalesce() {
        Map<Integer, Map<Integer, Affinity>> graph = new HashMap<>();
        for (int k = 0; k < copies.size(); k++) {
            int a = classes.find(copies.get(k)[0]);
            int b = classes.find(copies.get(k)[1]);
            if (a != b) {
                int rank = k;
                Affinity edge = graph.computeIfAbsent(a, x -> new HashMap<>())
                        .computeIfAbsent(b, x -> new Affinity(rank));
                graph.computeIfAbsent(b, x -> new HashMap<>()).put(a, edge);
                edge.weight += weights.get(k);
            }
        }
        PriorityQueue<Entry> queue = new PriorityQueue<>((x, y) -> x.weight() != y.weight()
                ? Double.compare(y.weight(), x.weight()) : Integer.compare(x.first(), y.first()));
        graph.forEach((a, edges) -> edges.forEach((b, e) -> {
            if (a < b) {
                queue.add(new Entry(a, b, e.weight, e.first));
            }
        }));
        while (!queue.isEmpty()) {
            Entry top = queue.poll();
            int a = top.a();
            int b = top.b();
            Map<Integer, Affinity> edgesOfA = graph.get(a);
            Affinity edge = edgesOfA == null ? null : edgesOfA.get(b);
            if (classes.find(a) != a || classes.find(b) != b || edge == null || edge.weight != top.weight()) {
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
    private static void absorb(Map<Integer, Map<Integer, Affinity>> graph, PriorityQueue<Entry> queue, int root,
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
            queue.add(new Entry(Math.min(root, other), Math.max(root, other), edge.weight, edge.first));
        }
    }
}
