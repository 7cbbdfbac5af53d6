package org.funssa.core.graph;

import java.util.Arrays;

/*
 * The dominator tree (seed 004 §2.2.4, Figure 2.3) as parent array plus children lists, numbered
 * in pre-order so that "a dominates b" is the O(1) interval test pre(a) ≤ pre(b) ≤ last(a)
 * (Tarjan's ancestor test on a DFS numbering of the tree). Built with an explicit stack.
 */

/**
 * A tree over some of the nodes of a graph, given by each node's parent (its immediate dominator).
 * Nodes outside the tree (unreachable ones) have no parent, no children and dominate nothing.
 * Also used for post-dominator trees ({@link PostDominators}).
 */
public final class DominatorTree {

    /** The parent of the root, and of nodes outside the tree. */
    public static final int NONE = -1;

    private final int root;
    private final int[] idom;
    private final int[] childStart;
    private final int[] children;
    private final int[] pre;
    private final int[] last;
    private final int[] depth;
    private final IntSeq preorder;

    /**
     * The tree whose root is {@code root} and where {@code idom[n]} is n's parent, or {@link #NONE}
     * for the root and for nodes outside the tree. The array is copied.
     */
    public static DominatorTree of(int root, int[] idom) {
        return new DominatorTree(root, idom.clone());
    }

    private DominatorTree(int root, int[] idom) {
        int n = idom.length;
        if (root < 0 || root >= n || idom[root] != NONE) {
            throw new IllegalArgumentException("root " + root + " must be a node without parent");
        }
        this.root = root;
        this.idom = idom;
        childStart = new int[n + 1];
        for (int node = 0; node < n; node++) {
            if (idom[node] != NONE) {
                childStart[idom[node] + 1]++;
            }
        }
        for (int node = 0; node < n; node++) {
            childStart[node + 1] += childStart[node];
        }
        children = new int[childStart[n]];
        int[] next = Arrays.copyOf(childStart, n);
        for (int node = 0; node < n; node++) {
            if (idom[node] != NONE) {
                children[next[idom[node]]++] = node;
            }
        }
        pre = new int[n];
        last = new int[n];
        depth = new int[n];
        Arrays.fill(pre, NONE);
        Arrays.fill(last, NONE);
        Arrays.fill(depth, NONE);
        int[] order = new int[n];
        int count = 0;
        int[] stack = new int[n];
        int[] nextChild = new int[n];
        int top = 0;
        stack[top++] = root;
        pre[root] = count;
        order[count++] = root;
        depth[root] = 0;
        while (top > 0) {
            int node = stack[top - 1];
            int k = childStart[node] + nextChild[node];
            if (k < childStart[node + 1]) {
                nextChild[node]++;
                int child = children[k];
                if (pre[child] != NONE) {
                    throw new IllegalArgumentException("the parent array has a cycle through node " + child);
                }
                pre[child] = count;
                order[count++] = child;
                depth[child] = depth[node] + 1;
                stack[top++] = child;
            } else {
                last[node] = count - 1;
                top--;
            }
        }
        for (int node = 0; node < n; node++) {
            if (idom[node] != NONE && pre[node] == NONE) {
                throw new IllegalArgumentException("node " + node + " has a parent but is not below the root " + root);
            }
        }
        preorder = IntSeq.wrap(order, 0, count);
    }

    /** Number of node ids (the tree may hold fewer nodes). */
    public int size() {
        return idom.length;
    }

    public int root() {
        return root;
    }

    /** Whether the node is in the tree. */
    public boolean contains(int node) {
        return pre[node] != NONE;
    }

    /** The immediate dominator, or {@link #NONE} for the root and nodes outside the tree. */
    public int idom(int node) {
        return idom[node];
    }

    /** The nodes this node immediately dominates, in increasing id order. */
    public IntSeq children(int node) {
        return IntSeq.wrap(children, childStart[node], childStart[node + 1] - childStart[node]);
    }

    /** Whether a dominates b (reflexive); false when either is outside the tree. */
    public boolean dominates(int a, int b) {
        return pre[a] != NONE && pre[b] != NONE && pre[a] <= pre[b] && pre[b] <= last[a];
    }

    public boolean strictlyDominates(int a, int b) {
        return a != b && dominates(a, b);
    }

    /** Distance to the root (0 for the root), or {@link #NONE} outside the tree. */
    public int depth(int node) {
        return depth[node];
    }

    /** Pre-order number in the tree, or {@link #NONE} outside the tree. */
    public int preNumber(int node) {
        return pre[node];
    }

    /** Nodes of the tree in pre-order (parents before children; children in id order). */
    public IntSeq preorder() {
        return preorder;
    }

    /** What a walk down the tree ({@link #walk}) does at each node of the tree. */
    public interface Walk {
        /** On entering {@code node}: after its ancestors were entered, before any of its descendants. */
        void enter(int node);

        /** On leaving {@code node}: after its descendants were left, before anything outside its subtree. */
        void leave(int node);
    }

    /**
     * Walks the tree depth first from the root, children in id order (the order of {@link #preorder()}):
     * entering a node, then its subtrees, then leaving it. A walk that keeps scoped facts (renaming's stacks of
     * seed 004 Figure 4.3) undoes on leaving a node what it did on entering it. No recursion: the nodes still
     * open are those on the path from the root, kept in an array, left as soon as the next node in preorder is
     * outside their subtrees.
     */
    public void walk(Walk walk) {
        int[] open = new int[preorder.size()];
        int depthOpen = 0;
        for (int i = 0; i < preorder.size(); i++) {
            while (depthOpen > 0 && last[open[depthOpen - 1]] < i) {
                walk.leave(open[--depthOpen]);
            }
            int node = preorder.get(i);
            walk.enter(node);
            open[depthOpen++] = node;
        }
        while (depthOpen > 0) {
            walk.leave(open[--depthOpen]);
        }
    }

    /** The node's dominators from itself up to the root; empty outside the tree. */
    public IntSeq dominators(int node) {
        if (!contains(node)) {
            return IntSeq.empty();
        }
        int[] path = new int[depth[node] + 1];
        for (int i = 0, d = node; d != NONE; d = idom[d]) {
            path[i++] = d;
        }
        return IntSeq.wrap(path);
    }

    /** The nearest common dominator of two nodes of the tree. */
    public int nearestCommonDominator(int a, int b) {
        if (!contains(a) || !contains(b)) {
            throw new IllegalArgumentException("nodes " + a + " and " + b + " must both be in the tree");
        }
        return nearestCommonAncestor(a, b, idom, depth);
    }

    /**
     * The nearest common ancestor of two nodes of a tree given by each node's parent and depth (as this class keeps
     * them), for a pass that builds a tree node by node and asks it before the tree is complete.
     */
    public static int nearestCommonAncestor(int a, int b, int[] parent, int[] depth) {
        while (depth[a] > depth[b]) {
            a = parent[a];
        }
        while (depth[b] > depth[a]) {
            b = parent[b];
        }
        while (a != b) {
            a = parent[a];
            b = parent[b];
        }
        return a;
    }
}
