package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.funssa.core.graph.IntList;
import org.funssa.core.names.NameSet;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;

/*
 * The nest of a function's local functions as numbered nodes: node 0 is the function's body, nodes 1…n
 * its local functions in preorder. Each node's number is its place in the preorder of an iterative depth-first
 * walk: the subtree of node a is the range a…last(a), so "a encloses b" is the O(1) test
 * a < b ≤ last(a) (as in org.funssa.core.graph.DominatorTree), whatever the depth of the nest.
 */

/** The local functions of one function, numbered, with their nesting. */
final class NestIndex {

    /** The root's number. */
    static final int ROOT = 0;

    private final Function function;
    private final List<Body> bodies = new ArrayList<>();
    private final List<Fn> functions = new ArrayList<>();
    private final List<int[]> children = new ArrayList<>();
    /** The labels, numbered as they come; a label's node is {@code nodeOf[its number]} (the last one so named). */
    private final NameSet labels = new NameSet();
    private final IntList nodeOf = new IntList();
    private int[] last;

    private NestIndex(Function function) {
        this.function = function;
    }

    static NestIndex of(Function function) {
        NestIndex index = new NestIndex(function);
        index.build();
        return index;
    }

    private void build() {
        ArrayDeque<Object[]> work = new ArrayDeque<>();
        work.push(new Object[] {function.body(), null, -1});
        IntList parents = new IntList();
        while (!work.isEmpty()) {
            Object[] top = work.pop();
            int node = bodies.size();
            bodies.add((Body) top[0]);
            functions.add((Fn) top[1]);
            parents.add((Integer) top[2]);
            if (top[1] instanceof Fn fn) {
                int label = labels.number(fn.label().name());
                if (label == nodeOf.size()) {
                    nodeOf.add(node);
                } else {
                    nodeOf.set(label, node);
                }
            }
            Vector<Fn> local = ((Body) top[0]).functions();
            for (int i = local.size() - 1; i >= 0; i--) {
                work.push(new Object[] {local.get(i).body(), local.get(i), node});
            }
        }
        int n = bodies.size();
        int[] count = new int[n];
        for (int node = 1; node < n; node++) {
            count[parents.get(node)]++;
        }
        for (int node = 0; node < n; node++) {
            children.add(new int[count[node]]);
            count[node] = 0;
        }
        for (int node = 1; node < n; node++) {
            int p = parents.get(node);
            children.get(p)[count[p]++] = node;
        }
        // Nodes are numbered in preorder, so a subtree is the range [node, last[node]].
        last = new int[n];
        for (int node = n - 1; node >= 0; node--) {
            last[node] = Math.max(last[node], node);
            if (node > 0) {
                int p = parents.get(node);
                last[p] = Math.max(last[p], last[node]);
            }
        }
    }

    /** The number of nodes: the function's body and its local functions. */
    int size() {
        return bodies.size();
    }

    Function function() {
        return function;
    }

    /** The body of a node. */
    Body body(int node) {
        return bodies.get(node);
    }

    /** The local function of a node other than the root. */
    Fn fn(int node) {
        return functions.get(node);
    }

    /** The nodes defined in the node's body, in order. */
    int[] children(int node) {
        return children.get(node);
    }

    /** The node of a label, or -1 when no local function has it. */
    int node(String label) {
        int number = labels.numberOrMinus(label);
        return number < 0 ? -1 : nodeOf.get(number);
    }

    /** Whether {@code inner} is nested, at any depth, inside {@code outer}'s body. */
    boolean strictlyEncloses(int outer, int inner) {
        return outer < inner && inner <= last[outer];
    }
}
