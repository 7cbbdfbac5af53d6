package org.funssa.destruct.boissinot;

/*
 * Source: Boissinot, Darte, Rastello, Dupont de Dinechin, Guillon, "Revisiting Out-of-SSA Translation for
 * Correctness, Code Quality, and Efficiency", CGO 2009, §4.2 "Fast interference check between congruence
 * classes" and §4.3 (value-based interference). Each class is kept as the list of its variables sorted in
 * dominance order of their definitions. Two classes are tested by walking the merge of their lists with a
 * stack that holds the dominance path (the implicit dominance forest of Budimlić et al., PLDI 2002): a
 * variable is tested only against its nearest dominating variable, because in strict SSA a variable whose
 * live range meets an earlier dominating one's also meets every variable dominated in between. With values,
 * intersecting variables of one class are allowed when they have the same value; each variable remembers its
 * nearest intersecting same-value dominator in its own class ("equal_anc_in") and, during a test, in the other
 * class ("equal_anc_out"), so that the nearest intersecting variable of the other class is found by following
 * these links up from the stack's top. The test costs time linear in the sizes of the two classes, plus the
 * links followed.
 *
 * Linear in both sizes is too much when a small class meets a large one again and again, as when the class
 * of a register that lives around every loop of a function takes in the copies at each loop header: each of
 * those merges walked the whole large class, so on functions with nested loops coalescing grew faster than
 * the function. So the walk covers only the members of the large class that can matter: those that a
 * member of the small class dominates (a range of numbers per member, as the numbering is a preorder), and
 * the nearest dominating member of the large class of each member of the small one, found by following
 * each class's own dominance forest ("class parents") up from the member just before it. Any other member
 * of the large class is dominated by no member of the small one, so it is never tested and never changes
 * the test of another; its nearest dominating variable in the merged class stays the one it had. The walk
 * is linear in the small class's size, the dominated members and the parents followed. The merged class is
 * the large one with the small one's members added: a class is a SortedInts (sorted blocks), because copying
 * the large class at each merge was quadratic on the same functions (330 million members copied at 10^6).
 */

import java.util.Arrays;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;

/**
 * Congruence classes of the variables of one function: union-find whose roots hold their members in
 * dominance order; two classes merge only when no variable of one interferes with a variable of the other
 * (intersecting live ranges with different values).
 */
final class CongruenceClasses {

    private final LiveRanges ranges;
    private final int[] parent;
    /** Per root: its class's members in dominance order; null for a class of the root alone. */
    private final SortedInts[] members;
    private final int[] equalAncestor;
    /** Per variable: the nearest member of its class whose definition dominates its own, or −1. */
    private final int[] classParent;

    CongruenceClasses(LiveRanges ranges) {
        this.ranges = ranges;
        int n = ranges.size();
        parent = new int[n];
        members = new SortedInts[n];
        equalAncestor = new int[n];
        classParent = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
            equalAncestor[v] = -1;
            classParent[v] = -1;
        }
    }

    /** The representative of {@code v}'s class. */
    int find(int v) {
        int r = v;
        while (parent[r] != r) {
            r = parent[r];
        }
        int x = v;
        while (parent[x] != r) {
            int next = parent[x];
            parent[x] = r;
            x = next;
        }
        return r;
    }

    /**
     * The variable that names each variable's class, by number, as the classes are now: a table made once for
     * renaming every occurrence after the last merge (finding the root of each occurrence in turn was, at 10^6
     * instructions, a cache miss or two for every occurrence of the function).
     */
    Atom.Var[] finalNames() {
        Atom.Var[] names = new Atom.Var[parent.length];
        for (int v = 0; v < names.length; v++) {
            names[v] = name(v);
        }
        return names;
    }

    /**
     * The number of the variable that names each variable's class, as the classes are now: where it is the
     * variable's own, a renaming keeps the occurrence as it is without reading the name.
     */
    int[] finalNameNumbers() {
        int[] numbers = new int[parent.length];
        for (int v = 0; v < numbers.length; v++) {
            numbers[v] = nameNumber(v);
        }
        return numbers;
    }

    /** The variable that names {@code v}'s class: its first member in dominance order. */
    Atom.Var name(int v) {
        return ranges.var(nameNumber(v));
    }

    private int nameNumber(int v) {
        int root = find(v);
        return members[root] == null ? root : members[root].first();
    }

    private int size(int root) {
        return members[root] == null ? 1 : members[root].size();
    }

    private SortedInts members(int root) {
        return members[root] == null ? SortedInts.of(new int[] {root}) : members[root];
    }

    /** Merges the classes of {@code a} and {@code b} unless they interfere; whether they are now one class. */
    boolean merge(int a, int b) {
        int ra = find(a);
        int rb = find(b);
        if (ra == rb) {
            return true;
        }
        boolean xSmall = size(ra) <= size(rb);
        int[] small = members(xSmall ? ra : rb).toArray();
        SortedInts large = members(xSmall ? rb : ra);
        Met walked = met(small, large);
        int[] met = walked.members();
        boolean[] dominated = walked.dominated();
        int n = small.length + met.length;
        int[] merged = new int[n];
        boolean[] fromSmall = new boolean[n];
        boolean[] settled = new boolean[n];
        int[] nearest = new int[n];
        int[] equalOut = new int[n];
        int[] stack = new int[n];
        int top = 0;
        int i = 0;
        int j = 0;
        for (int k = 0; k < n; k++) {
            boolean takeSmall = j == met.length || i < small.length && small[i] < met[j];
            int current;
            if (takeSmall) {
                current = small[i++];
                settled[k] = true;
            } else {
                settled[k] = dominated[j];
                current = met[j++];
            }
            merged[k] = current;
            fromSmall[k] = takeSmall;
            equalOut[k] = -1;
            while (top > 0 && !ranges.dominates(merged[stack[top - 1]], current)) {
                top--;
            }
            nearest[k] = top > 0 ? merged[stack[top - 1]] : -1;
            if (top > 0) {
                int p = stack[top - 1];
                // the nearest variable of the other class that may intersect current: the parent itself, or
                // the parent's nearest intersecting same-value variable of the other class
                int t = fromSmall[p] != takeSmall ? merged[p] : equalOut[p];
                while (t >= 0 && !ranges.intersect(t, current)) {
                    t = equalAncestor[t];
                }
                if (t >= 0) {
                    if (ranges.value(t) != ranges.value(current)) {
                        return false;
                    }
                    equalOut[k] = t;
                }
            }
            stack[top++] = k;
        }
        for (int k = 0; k < n; k++) {
            // both dominate the variable: the later in dominance order is the nearer
            equalAncestor[merged[k]] = Math.max(equalAncestor[merged[k]], equalOut[k]);
            if (settled[k]) {
                classParent[merged[k]] = nearest[k];
            }
        }
        int root = xSmall ? rb : ra; // the large class's root stays the root
        int other = xSmall ? ra : rb;
        parent[other] = root;
        members[other] = null;
        large.addAll(small);
        members[root] = large;
        return true;
    }

    /** Members of a large class in order, and which of them a member of the small class dominates. */
    private record Met(int[] members, boolean[] dominated) {}

    /**
     * The members of {@code large} the walk needs: those a member of {@code small} dominates, and the nearest
     * dominating member of each member of {@code small}. Its cost does not depend on the size of {@code large}
     * but through the binary searches.
     */
    private Met met(int[] small, SortedInts large) {
        IntList dominatedBySmall = new IntList();
        int covered = 0;
        int[] parents = new int[small.length];
        int parentCount = 0;
        for (int s : small) {
            int until = ranges.dominatedUntil(s);
            large.copyRange(Math.max(covered, s + 1), until, dominatedBySmall);
            covered = Math.max(covered, until);
            int v = large.below(s);
            while (v >= 0 && !ranges.dominates(v, s)) {
                v = classParent[v];
            }
            if (v >= 0) {
                parents[parentCount++] = v;
            }
        }
        Arrays.sort(parents, 0, parentCount);
        int[] picked = dominatedBySmall.toArray();
        int count = picked.length;
        int[] met = new int[count + parentCount];
        boolean[] dominated = new boolean[count + parentCount];
        int m = 0;
        int p = 0;
        for (int k = 0; k < count || p < parentCount; ) {
            if (p == parentCount || k < count && picked[k] <= parents[p]) {
                if (p < parentCount && picked[k] == parents[p]) {
                    p++;
                    continue;
                }
                dominated[m] = true;
                met[m++] = picked[k++];
            } else if (m > 0 && met[m - 1] == parents[p]) {
                p++;
            } else {
                met[m++] = parents[p++];
            }
        }
        return new Met(Arrays.copyOf(met, m), Arrays.copyOf(dominated, m));
    }
}
