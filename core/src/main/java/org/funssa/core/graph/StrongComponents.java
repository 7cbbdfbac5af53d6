package org.funssa.core.graph;

import java.util.Arrays;

/*
 * Tarjan, "Depth-first search and linear graph algorithms" (SIAM J. Computing 1972), in the form of seed 004
 * §6.5.2, Figure 6.11 (the driver and DFS of operator strength reduction, after Cooper, Simpson and Vick,
 * "Operator strength reduction", TOPLAS 2001): every node is searched from, in increasing order, each node gets
 * a DFS number and a low link, and a node whose low link is its own number pops its component off the stack.
 * The recursion of the figure is an explicit stack of frames (node, next edge), so a path of 10^6 nodes is
 * searched in constant Java stack.
 */

/**
 * The strongly connected components of a whole graph (every node, reachable from the entry or not), numbered in
 * the order Tarjan's search completes them: a component comes after every component its edges lead to, so a walk
 * in increasing number meets the definitions of an SSA graph's operands before their uses.
 */
public final class StrongComponents {

    private final int[] component;
    /** The nodes of component c are {@code members[start[c]] … members[start[c + 1] − 1]}, in pop order. */
    private final int[] members;
    private final int[] start;

    private StrongComponents(int[] component, int[] members, int[] start) {
        this.component = component;
        this.members = members;
        this.start = start;
    }

    /** The components of {@code graph}. */
    public static StrongComponents of(Graph graph) {
        int n = graph.size();
        int[] number = new int[n];
        int[] low = new int[n];
        int[] component = new int[n];
        Arrays.fill(number, -1);
        int[] members = new int[n];
        int[] start = new int[n + 1];
        int components = 0;
        int popped = 0;
        int[] stack = new int[n];
        boolean[] onStack = new boolean[n];
        int top = 0;
        int[] frames = new int[n];
        int[] nextEdge = new int[n];
        int depth = 0;
        int numbered = 0;
        for (int root = 0; root < n; root++) {
            if (number[root] >= 0) {
                continue;
            }
            number[root] = low[root] = numbered++;
            stack[top++] = root;
            onStack[root] = true;
            frames[depth++] = root;
            while (depth > 0) {
                int node = frames[depth - 1];
                IntSeq successors = graph.successors(node);
                if (nextEdge[node] < successors.size()) {
                    int next = successors.get(nextEdge[node]++);
                    if (number[next] < 0) {
                        number[next] = low[next] = numbered++;
                        stack[top++] = next;
                        onStack[next] = true;
                        frames[depth++] = next;
                    } else if (onStack[next]) {
                        low[node] = Math.min(low[node], number[next]);
                    }
                    continue;
                }
                depth--;
                if (depth > 0) {
                    int parent = frames[depth - 1];
                    low[parent] = Math.min(low[parent], low[node]);
                }
                if (low[node] == number[node]) {
                    int x;
                    do {
                        x = stack[--top];
                        onStack[x] = false;
                        component[x] = components;
                        members[popped++] = x;
                    } while (x != node);
                    start[++components] = popped;
                }
            }
        }
        return new StrongComponents(component, members, Arrays.copyOf(start, components + 1));
    }

    /** How many components there are. */
    public int count() {
        return start.length - 1;
    }

    /** The component of {@code node}. */
    public int component(int node) {
        return component[node];
    }

    /** The nodes of component {@code c}. */
    public IntSeq members(int c) {
        return IntSeq.copyOfRange(members, start[c], start[c + 1]);
    }

    /** How many nodes component {@code c} has. */
    public int size(int c) {
        return start[c + 1] - start[c];
    }
}
