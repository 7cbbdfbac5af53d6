package org.funssa.destruct.nest;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;

/**
 * Rebuilds a nest of bodies from the leaves up without recursion (nests are as deep as the dominator tree,
 * 10⁵ levels and more): each body is given to the rewrite with its local functions already rewritten.
 * Bodies are taken by position, so a body object shared by two places is rewritten once per place.
 */
public final class BottomUp {

    private BottomUp() {}

    /** A rewrite of one body that is also given the body's position in {@link #nodes(Body)}. */
    @FunctionalInterface
    public interface IndexedRewrite {
        Body apply(int index, Body body);
    }

    /** The rewritten nest. */
    public static Body rewrite(Body root, UnaryOperator<Body> rewrite) {
        return rewriteIndexed(root, (i, body) -> rewrite.apply(body));
    }

    /**
     * Calls {@code action} with every local function of the nest, at any depth, each once: a function before
     * those it defines, the order otherwise unspecified. An explicit stack, as everywhere here.
     */
    public static void forEachFunction(Body root, Consumer<Fn> action) {
        ArrayDeque<Body> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            Vector<Fn> functions = stack.pop().functions();
            for (int i = 0, n = functions.size(); i < n; i++) {
                Fn fn = functions.get(i);
                action.accept(fn);
                stack.push(fn.body());
            }
        }
    }

    /**
     * The bodies of a nest, root first, numbered as {@link #rewriteIndexed(Body, IndexedRewrite)} numbers them: a
     * body's local functions come after it.
     */
    public static List<Body> nodes(Body root) {
        List<Body> nodes = new ArrayList<>();
        number(root, nodes, new ArrayList<>());
        return nodes;
    }

    /**
     * The rewritten nest; the rewrite is also given the body's position in {@link #nodes(Body)}. A body whose
     * local functions changed gets its new functions as one vector made from an array: appending them one by
     * one copied a leaf per function, and a boxed position per body was garbage too.
     */
    public static Body rewriteIndexed(Body root, IndexedRewrite rewrite) {
        List<Body> nodes = new ArrayList<>();
        List<int[]> children = new ArrayList<>();
        number(root, nodes, children);
        Body[] done = new Body[nodes.size()];
        for (int i = nodes.size() - 1; i >= 0; i--) {
            Body body = nodes.get(i);
            int[] kids = children.get(i);
            Vector<Fn> functions = body.functions();
            Fn[] rebuilt = null;
            for (int k = 0; k < kids.length; k++) {
                Fn fn = functions.get(k);
                Body newBody = done[kids[k]];
                if (newBody != fn.body()) {
                    if (rebuilt == null) {
                        rebuilt = functions.toJavaArray(Fn[]::new);
                    }
                    rebuilt[k] = fn.withBody(newBody);
                }
                done[kids[k]] = null; // the rewritten body lives on in its parent; let the array not keep it
            }
            done[i] = rewrite.apply(i, rebuilt == null ? body : body.withFunctions(Vector.of(rebuilt)));
        }
        return done[0];
    }

    /** Numbers the bodies of a nest as {@link #nodes(Body)} does, with the numbers of each body's local functions. */
    static void number(Body root, List<Body> nodes, List<int[]> children) {
        int[] stack = new int[16];
        int top = 0;
        nodes.add(root);
        stack[top++] = 0;
        while (top > 0) {
            int i = stack[--top];
            Vector<Fn> functions = nodes.get(i).functions();
            int[] kids = new int[functions.size()];
            for (int k = 0; k < kids.length; k++) {
                kids[k] = nodes.size();
                nodes.add(functions.get(k).body());
                if (top == stack.length) {
                    stack = Arrays.copyOf(stack, 2 * top);
                }
                stack[top++] = kids[k];
            }
            while (children.size() <= i) {
                children.add(null);
            }
            children.set(i, kids);
        }
    }
}
