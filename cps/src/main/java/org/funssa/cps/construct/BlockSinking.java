package org.funssa.cps.construct;

import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;

/*
 * Seed 003 §6.2.2, block sinking, the first half of λ-dropping: "nest every local function inside its
 * immediate dominator", so that lexical scope becomes dominance. The graph is that of the jumps between
 * local functions, entered at the function's body; its dominator tree (org.funssa.core.graph.Dominators)
 * prescribes the nest (Nesting). Sinking only ever moves a function deeper than where it was defined (a
 * function's definition encloses all its callers, so it dominates them), so whatever was in scope stays
 * in scope. Local functions the body cannot reach have no dominator and are left out.
 */

/** Block sinking: every local function defined in its immediate dominator's body. */
public final class BlockSinking implements Pass {

    /** The pass. */
    public static final BlockSinking PASS = new BlockSinking();

    private BlockSinking() {}

    @Override
    public String name() {
        return "sink";
    }

    /** The function with its local functions nested along its dominator tree. */
    @Override
    public Function apply(Function function) {
        Nest index = Nest.checked(function);
        DominatorTree tree = Dominators.of(index.graph());
        Body body = Nesting.nest(tree, new Nesting.Parts() {
            @Override
            public Fn function(int node, Body nested) {
                return new Fn(index.fn(node).label(), index.fn(node).params(), nested);
            }

            @Override
            public Body body(int node) {
                Body old = index.body(node);
                return Body.of(old.lets(), old.tail());
            }
        });
        return function.withBody(body);
    }
}
