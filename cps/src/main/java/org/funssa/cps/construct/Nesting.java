package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntSeq;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;

/*
 * Seed 003 §6.2.2, "block sinking": each local function is defined in the body of its immediate
 * dominator, so that "lexical scope becomes dominance" and the nest of local functions is the dominator
 * tree. The nest is built bottom-up in reverse preorder of the tree, children before parents, with no
 * recursion: the tree may be 10^5 levels deep.
 */

/** Builds the nest of local functions that a dominator tree prescribes. */
final class Nesting {

    /** What one node of the tree contributes: its label, parameters and body without local functions. */
    interface Parts {
        Fn function(int node, Body body);

        Body body(int node);
    }

    private Nesting() {}

    /**
     * The body of the root: each node's body with its tree children, in increasing node order, as its
     * local functions.
     */
    static Body nest(DominatorTree tree, Parts parts) {
        IntSeq preorder = tree.preorder();
        Body[] bodies = new Body[tree.size()];
        for (int i = preorder.size() - 1; i >= 0; i--) {
            int node = preorder.get(i);
            IntSeq children = tree.children(node);
            Fn[] local = new Fn[children.size()];
            for (int k = 0; k < local.length; k++) {
                int c = children.get(k);
                local[k] = parts.function(c, bodies[c]);
                bodies[c] = null; // built into its parent: let the collector have it early
            }
            Body base = parts.body(node);
            bodies[node] = local.length == 0 ? base : base.withFunctions(Vector.of(local));
        }
        return bodies[tree.root()];
    }
}
