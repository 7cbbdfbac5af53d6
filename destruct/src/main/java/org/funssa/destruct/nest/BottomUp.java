package org.funssa.destruct.nest;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
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

    /** The rewritten nest. */
    public static Body rewrite(Body root, UnaryOperator<Body> rewrite) {
        return rewriteIndexed(root, (i, body) -> rewrite.apply(body));
    }

    /**
     * The bodies of a nest, root first, numbered as {@link #rewriteIndexed(Body, BiFunction)} numbers them: a body's
     * local functions come after it.
     */
    public static List<Body> nodes(Body root) {
        List<Body> nodes = new ArrayList<>();
        number(root, nodes, new ArrayList<>());
        return nodes;
    }

    /** The rewritten nest; the rewrite is also given the body's position in {@link #nodes(Body)}. */
    public static Body rewriteIndexed(Body root, BiFunction<Integer, Body, Body> rewrite) {
        List<Body> nodes = new ArrayList<>();
        List<int[]> children = new ArrayList<>();
        number(root, nodes, children);
        Body[] done = new Body[nodes.size()];
        for (int i = nodes.size() - 1; i >= 0; i--) {
            Body body = nodes.get(i);
            int[] kids = children.get(i);
            Vector<Fn> functions = body.functions();
            Vector<Fn> rebuilt = Vector.empty();
            boolean changed = false;
            for (int k = 0; k < kids.length; k++) {
                Fn fn = functions.get(k);
                Body newBody = done[kids[k]];
                changed |= newBody != fn.body();
                rebuilt = rebuilt.append(newBody == fn.body() ? fn : fn.withBody(newBody));
            }
            done[i] = rewrite.apply(i, changed ? body.withFunctions(rebuilt) : body);
        }
        return done[0];
    }

    private static void number(Body root, List<Body> nodes, List<int[]> children) {
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        nodes.add(root);
        stack.push(0);
        while (!stack.isEmpty()) {
            int i = stack.pop();
            Vector<Fn> functions = nodes.get(i).functions();
            int[] kids = new int[functions.size()];
            for (int k = 0; k < kids.length; k++) {
                kids[k] = nodes.size();
                nodes.add(functions.get(k).body());
                stack.push(kids[k]);
            }
            while (children.size() <= i) {
                children.add(null);
            }
            children.set(i, kids);
        }
    }
}
