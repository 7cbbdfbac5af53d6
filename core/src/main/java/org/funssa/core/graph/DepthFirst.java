package org.funssa.core.graph;

import io.vavr.collection.Vector;
import java.util.Arrays;

/*
 * Depth-first search from the entry with an explicit stack (Tarjan, "Depth-first search and linear
 * graph algorithms", 1972; the numbering and edge classification follow Cooper & Torczon,
 * "Engineering a Compiler", §9.2). Successors are visited in edge order, so results are
 * deterministic.
 */

/**
 * A depth-first spanning tree of the nodes reachable from a graph's entry: pre- and post-order
 * numbers, DFS parents, reverse post-order, and the back edges (edges to a DFS ancestor, self-loops
 * included).
 */
public final class DepthFirst {

    /** The number of a node the search did not reach. */
    public static final int NONE = -1;

    private final Graph graph;
    private final int[] pre;
    private final int[] post;
    private final int[] parent;
    private final IntSeq preorder;
    private final IntSeq postorder;

    private DepthFirst(Graph graph) {
        this.graph = graph;
        int n = graph.size();
        pre = new int[n];
        post = new int[n];
        parent = new int[n];
        Arrays.fill(pre, NONE);
        Arrays.fill(post, NONE);
        Arrays.fill(parent, NONE);
        int[] preList = new int[n];
        int[] postList = new int[n];
        int[] stack = new int[n];
        int[] nextEdge = new int[n];
        int preCount = 0;
        int postCount = 0;
        int top = 0;
        int entry = graph.entry();
        stack[top++] = entry;
        pre[entry] = preCount;
        preList[preCount++] = entry;
        while (top > 0) {
            int node = stack[top - 1];
            IntSeq succ = graph.successors(node);
            if (nextEdge[node] < succ.size()) {
                int next = succ.get(nextEdge[node]++);
                if (pre[next] == NONE) {
                    pre[next] = preCount;
                    preList[preCount++] = next;
                    parent[next] = node;
                    stack[top++] = next;
                }
            } else {
                post[node] = postCount;
                postList[postCount++] = node;
                top--;
            }
        }
        preorder = IntSeq.wrap(preList, 0, preCount);
        postorder = IntSeq.wrap(postList, 0, postCount);
    }

    /** Searches the graph from its entry. */
    public static DepthFirst of(Graph graph) {
        return new DepthFirst(graph);
    }

    public Graph graph() {
        return graph;
    }

    public boolean isReachable(int node) {
        return pre[node] != NONE;
    }

    /** Number of nodes reachable from the entry. */
    public int reachableCount() {
        return preorder.size();
    }

    /** Pre-order number (0 for the entry), or {@link #NONE} when unreachable. */
    public int preNumber(int node) {
        return pre[node];
    }

    /** Post-order number, or {@link #NONE} when unreachable. */
    public int postNumber(int node) {
        return post[node];
    }

    /** The DFS tree parent, or {@link #NONE} for the entry and unreachable nodes. */
    public int parent(int node) {
        return parent[node];
    }

    /** Reachable nodes in pre-order. */
    public IntSeq preorder() {
        return preorder;
    }

    /** Reachable nodes in post-order. */
    public IntSeq postorder() {
        return postorder;
    }

    /** Reachable nodes in reverse post-order (a topological order when the graph is acyclic). */
    public IntSeq reversePostorder() {
        int count = postorder.size();
        int[] rpo = new int[count];
        for (int i = 0; i < count; i++) {
            rpo[i] = postorder.get(count - 1 - i);
        }
        return IntSeq.wrap(rpo);
    }

    /** Whether {@code a} is an ancestor of {@code b} in the DFS tree (reflexive); false if either is unreachable. */
    public boolean isAncestor(int a, int b) {
        return pre[a] != NONE && pre[b] != NONE && pre[a] <= pre[b] && post[b] <= post[a];
    }

    /** Whether an edge {@code source → target} between reachable nodes goes to a DFS ancestor (a retreating edge). */
    public boolean isBackEdge(int source, int target) {
        return isAncestor(target, source);
    }

    /** The back edges among edges leaving reachable nodes, in pre-order of their sources. */
    public Vector<Edge> backEdges() {
        Vector<Edge> result = Vector.empty();
        for (int i = 0; i < preorder.size(); i++) {
            int node = preorder.get(i);
            IntSeq succ = graph.successors(node);
            for (int k = 0; k < succ.size(); k++) {
                if (isBackEdge(node, succ.get(k))) {
                    result = result.append(new Edge(node, k, succ.get(k)));
                }
            }
        }
        return result;
    }
}
