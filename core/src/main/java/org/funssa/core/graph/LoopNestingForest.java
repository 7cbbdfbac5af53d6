package org.funssa.core.graph;

import io.vavr.collection.Vector;
import java.util.Arrays;

/*
 * Paul Havlak, "Nesting of Reducible and Irreducible Loops", TOPLAS 19(4), 1997, Figures 3–4
 * (union-find over a depth-first numbering; nodes processed in reverse pre-order; a node w heads a
 * loop when it is the target of a back edge, and its body is collected by following non-back
 * predecessors from the back-edge sources; a predecessor that is not a DFS descendant of w enters
 * the loop elsewhere than w, making it irreducible, and is handed on to w so that enclosing loops
 * see it). Union-find uses path compression without recursion. For reducible graphs the loops are
 * the natural loops of seed 004 §2.2.6 (one per header, merging the back edges that share it) and
 * the forest is the loop nesting forest of seed 002 §4.2. An irreducible loop is reported with
 * all its entries: its header (the first of its nodes in DFS pre-order) and every body node that
 * has a predecessor outside the body.
 */

/**
 * The loops of a graph (among nodes reachable from the entry) and how they nest. Loops are numbered
 * {@code 0 .. loopCount()-1}, outer loops before the loops they contain. A self-loop is a loop of
 * one node.
 */
public final class LoopNestingForest {

    /** "No loop": the parent of an outermost loop and the innermost loop of a node in no loop. */
    public static final int NONE = -1;

    private final int[] headerOf;   // loop -> header node
    private final int[] loopOf;     // node -> loop it heads, or NONE
    private final int[] innermost;  // node -> innermost loop containing it, or NONE
    private final int[] parent;     // loop -> enclosing loop, or NONE
    private final int[] depth;      // loop -> nesting depth, 1 for outermost
    private final int[] childStart;
    private final int[] children;
    private final int[] forestPre;  // loop -> pre-order number in the forest
    private final int[] forestLast; // loop -> last pre-order number in its subtree
    private final int[] bodyStart;  // forest pre-order position -> start in bodyNodes
    private final int[] bodyNodes;
    private final IntSeq[] entries;

    private LoopNestingForest(Graph graph) {
        int n = graph.size();
        DepthFirst dfs = DepthFirst.of(graph);
        Havlak found = havlak(graph, dfs);
        int[] header = found.header();

        // Loops, numbered by the pre-order of their headers: enclosing headers are DFS ancestors.
        loopOf = new int[n];
        Arrays.fill(loopOf, NONE);
        IntSeq preorder = dfs.preorder();
        IntList headers = new IntList();
        for (int i = 0; i < preorder.size(); i++) {
            int node = preorder.get(i);
            if (found.isHeader()[node]) {
                loopOf[node] = headers.size();
                headers.add(node);
            }
        }
        int loops = headers.size();
        headerOf = headers.freeze().toArray();
        parent = new int[loops];
        depth = new int[loops];
        for (int l = 0; l < loops; l++) {
            int enclosing = header[headerOf[l]];
            parent[l] = enclosing < 0 ? NONE : loopOf[enclosing];
            depth[l] = parent[l] == NONE ? 1 : depth[parent[l]] + 1;
        }
        innermost = new int[n];
        for (int node = 0; node < n; node++) {
            innermost[node] = loopOf[node] != NONE ? loopOf[node]
                    : header[node] < 0 ? NONE : loopOf[header[node]];
        }
        childStart = new int[loops + 1];
        for (int l = 0; l < loops; l++) {
            if (parent[l] != NONE) {
                childStart[parent[l] + 1]++;
            }
        }
        for (int l = 0; l < loops; l++) {
            childStart[l + 1] += childStart[l];
        }
        children = new int[childStart[loops]];
        int[] next = Arrays.copyOf(childStart, loops);
        for (int l = 0; l < loops; l++) {
            if (parent[l] != NONE) {
                children[next[parent[l]]++] = l;
            }
        }

        // Forest pre-order, so that a loop's subtree is an interval of positions.
        forestPre = new int[loops];
        forestLast = new int[loops];
        int[] stack = new int[loops];
        int[] nextChild = new int[loops];
        int count = 0;
        for (int root = 0; root < loops; root++) {
            if (parent[root] != NONE) {
                continue;
            }
            int top = 0;
            stack[top++] = root;
            forestPre[root] = count++;
            while (top > 0) {
                int l = stack[top - 1];
                int k = childStart[l] + nextChild[l];
                if (k < childStart[l + 1]) {
                    nextChild[l]++;
                    int child = children[k];
                    forestPre[child] = count++;
                    stack[top++] = child;
                } else {
                    forestLast[l] = count - 1;
                    top--;
                }
            }
        }

        // Nodes grouped by the forest position of their innermost loop: every body is a slice.
        bodyStart = new int[loops + 1];
        for (int node = 0; node < n; node++) {
            if (innermost[node] != NONE) {
                bodyStart[forestPre[innermost[node]] + 1]++;
            }
        }
        for (int p = 0; p < loops; p++) {
            bodyStart[p + 1] += bodyStart[p];
        }
        bodyNodes = new int[bodyStart[loops]];
        int[] fill = Arrays.copyOf(bodyStart, loops);
        for (int node = 0; node < n; node++) {
            if (innermost[node] != NONE) {
                bodyNodes[fill[forestPre[innermost[node]]]++] = node;
            }
        }

        // Entries: the header, and every body node with an in-edge from outside the body.
        IntList[] entryLists = new IntList[loops];
        for (int l = 0; l < loops; l++) {
            entryLists[l] = new IntList(1);
            entryLists[l].add(headerOf[l]);
        }
        for (int x = 0; x < n; x++) {
            if (innermost[x] == NONE) {
                continue;
            }
            IntSeq preds = graph.predecessors(x);
            for (int k = 0; k < preds.size(); k++) {
                int p = preds.get(k);
                if (!dfs.isReachable(p)) {
                    continue;
                }
                for (int l = innermost[x]; l != NONE && !contains(l, p); l = parent[l]) {
                    if (entryLists[l].last() != x) {
                        entryLists[l].add(x);
                    }
                }
            }
        }
        entries = new IntSeq[loops];
        for (int l = 0; l < loops; l++) {
            entries[l] = entryLists[l].freeze().sorted();
        }
    }

    /**
     * What Havlak's pass finds: per node, the header of the innermost loop containing it (for a
     * header: of the loop enclosing its own) or NONE, and which nodes head a loop.
     */
    private record Havlak(int[] header, boolean[] isHeader) {}

    private static Havlak havlak(Graph graph, DepthFirst dfs) {
        int n = graph.size();
        IntSeq preorder = dfs.preorder();
        int count = preorder.size();
        int[] header = new int[n];
        Arrays.fill(header, NONE);
        boolean[] isLoopHeader = new boolean[n];
        int[] union = new int[n];
        for (int node = 0; node < n; node++) {
            union[node] = node;
        }
        // Extra non-back predecessors handed to irreducible headers, as linked lists in arrays.
        int[] extraHead = new int[n];
        Arrays.fill(extraHead, NONE);
        IntList extraNode = new IntList();
        IntList extraNext = new IntList();
        int[] inBody = new int[n];
        Arrays.fill(inBody, NONE);
        IntList body = new IntList();
        for (int i = count - 1; i >= 0; i--) {
            int w = preorder.get(i);
            body.clear();
            IntSeq preds = graph.predecessors(w);
            for (int k = 0; k < preds.size(); k++) {
                int v = preds.get(k);
                if (!dfs.isBackEdge(v, w)) {
                    continue;
                }
                if (v == w) {
                    isLoopHeader[w] = true;
                } else {
                    int x = find(union, v);
                    if (inBody[x] != w) {
                        inBody[x] = w;
                        body.add(x);
                    }
                }
            }
            if (!body.isEmpty()) {
                isLoopHeader[w] = true;
            }
            for (int b = 0; b < body.size(); b++) {
                int x = body.get(b);
                IntSeq xPreds = graph.predecessors(x);
                for (int k = 0; k < xPreds.size(); k++) {
                    int y = xPreds.get(k);
                    if (dfs.isReachable(y) && !dfs.isBackEdge(y, x)) {
                        followNonBack(dfs, union, w, find(union, y), inBody, body, extraHead, extraNode, extraNext);
                    }
                }
                for (int e = extraHead[x]; e != NONE; e = extraNext.get(e)) {
                    followNonBack(dfs, union, w, find(union, extraNode.get(e)), inBody, body, extraHead, extraNode,
                            extraNext);
                }
            }
            for (int b = 0; b < body.size(); b++) {
                int x = body.get(b);
                header[x] = w;
                union[x] = w;
            }
        }
        return new Havlak(header, isLoopHeader);
    }

    private static void followNonBack(DepthFirst dfs, int[] union, int w, int y, int[] inBody, IntList body,
                                      int[] extraHead, IntList extraNode, IntList extraNext) {
        if (!dfs.isAncestor(w, y)) {
            // y enters w's loop elsewhere than at w: hand it to w for the enclosing loops.
            extraNode.add(y);
            extraNext.add(extraHead[w]);
            extraHead[w] = extraNode.size() - 1;
        } else if (y != w && inBody[y] != w) {
            inBody[y] = w;
            body.add(y);
        }
    }

    private static int find(int[] union, int node) {
        int root = node;
        while (union[root] != root) {
            root = union[root];
        }
        while (union[node] != root) {
            int next = union[node];
            union[node] = root;
            node = next;
        }
        return root;
    }

    /** The loops of the graph's reachable part. */
    public static LoopNestingForest of(Graph graph) {
        return new LoopNestingForest(graph);
    }

    public int loopCount() {
        return headerOf.length;
    }

    public int header(int loop) {
        return headerOf[loop];
    }

    /** The loop the node heads, or {@link #NONE}. */
    public int loopHeadedBy(int node) {
        return loopOf[node];
    }

    public boolean isHeader(int node) {
        return loopOf[node] != NONE;
    }

    /** The enclosing loop, or {@link #NONE} for an outermost loop. */
    public int parent(int loop) {
        return parent[loop];
    }

    /** Loops directly inside this one, in increasing order. */
    public IntSeq children(int loop) {
        return IntSeq.wrap(children, childStart[loop], childStart[loop + 1] - childStart[loop]);
    }

    /** Nesting depth: 1 for an outermost loop. */
    public int depth(int loop) {
        return depth[loop];
    }

    /** The innermost loop containing the node, or {@link #NONE}. */
    public int innermostLoop(int node) {
        return innermost[node];
    }

    /** Number of loops containing the node (0 outside every loop). */
    public int loopDepth(int node) {
        return innermost[node] == NONE ? 0 : depth[innermost[node]];
    }

    /** Whether the node belongs to the loop (inner loops included). */
    public boolean contains(int loop, int node) {
        int l = innermost[node];
        return l != NONE && forestPre[loop] <= forestPre[l] && forestPre[l] <= forestLast[loop];
    }

    /** The loop's nodes, header and inner loops included, grouped by innermost loop (in forest pre-order). */
    public IntSeq body(int loop) {
        int from = bodyStart[forestPre[loop]];
        return IntSeq.wrap(bodyNodes, from, bodyStart[forestLast[loop] + 1] - from);
    }

    /** The header and every body node with a predecessor outside the body, in increasing order. */
    public IntSeq entries(int loop) {
        return entries[loop];
    }

    /** Whether the loop can be entered elsewhere than at its header. */
    public boolean isIrreducible(int loop) {
        return entries[loop].size() > 1;
    }

    /** The irreducible loops, in increasing order. */
    public Vector<Integer> irreducibleLoops() {
        return Vector.range(0, loopCount()).filter(this::isIrreducible);
    }

    /** Whether no loop is irreducible (the reachable part of the graph is reducible). */
    public boolean isReducible() {
        return irreducibleLoops().isEmpty();
    }
}
