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
 */

import org.funssa.cps.ir.Atom;

/**
 * Congruence classes of the variables of one function: union-find whose roots hold their members in
 * dominance order; two classes merge only when no variable of one interferes with a variable of the other
 * (intersecting live ranges with different values).
 */
final class CongruenceClasses {

    private final LiveRanges ranges;
    private final int[] parent;
    private final int[][] members;
    private final int[] equalAncestor;

    CongruenceClasses(LiveRanges ranges) {
        this.ranges = ranges;
        int n = ranges.size();
        parent = new int[n];
        members = new int[n][];
        equalAncestor = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
            equalAncestor[v] = -1;
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

    /** The variable that names {@code v}'s class: its first member in dominance order. */
    Atom.Var name(int v) {
        return ranges.var(members(find(v))[0]);
    }

    private int[] members(int root) {
        return members[root] == null ? new int[] {root} : members[root];
    }

    /** Merges the classes of {@code a} and {@code b} unless they interfere; whether they are now one class. */
    boolean merge(int a, int b) {
        int ra = find(a);
        int rb = find(b);
        if (ra == rb) {
            return true;
        }
        int[] x = members(ra);
        int[] y = members(rb);
        int n = x.length + y.length;
        int[] merged = new int[n];
        boolean[] fromY = new boolean[n];
        int[] equalOut = new int[n];
        int[] stack = new int[n];
        int top = 0;
        int i = 0;
        int j = 0;
        for (int k = 0; k < n; k++) {
            boolean takeY = i == x.length || j < y.length && y[j] < x[i];
            int current = takeY ? y[j++] : x[i++];
            merged[k] = current;
            fromY[k] = takeY;
            equalOut[k] = -1;
            while (top > 0 && !ranges.dominates(merged[stack[top - 1]], current)) {
                top--;
            }
            if (top > 0) {
                int p = stack[top - 1];
                // the nearest variable of the other class that may intersect current: the parent itself, or
                // the parent's nearest intersecting same-value variable of the other class
                int t = fromY[p] != takeY ? merged[p] : equalOut[p];
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
        }
        int root = x.length >= y.length ? ra : rb;
        int other = root == ra ? rb : ra;
        parent[other] = root;
        members[other] = null;
        members[root] = merged;
        return true;
    }
}
