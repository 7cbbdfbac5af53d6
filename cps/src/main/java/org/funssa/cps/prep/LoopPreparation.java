package org.funssa.cps.prep;

import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.lir.Module;
import org.funssa.core.names.NameSupply;

/*
 * Seed 004 appendix A.2: the loop changes before construction run in the order merge shared headers (§3.1.1),
 * insert preheaders (§2.2.7), rotate while loops into do-while loops (§3.1.2), each switchable. Each pass reads
 * the function's control-flow graph and natural loops; a pass that changes nothing returns the graph it was given,
 * and then the next one reads the same analyses instead of computing them again. On a function without loops
 * none of the three changes anything, and the graph and the dominator tree are computed once instead of three
 * times. A pass that changes the function hands on the graph of the result made from its block list
 * (Cfg.withBlocks: the blocks it kept, the statement vectors shared, and the blocks it added), so the function's
 * body is split into blocks once, here, and written out only when construction asks for it. The dominator tree
 * is computed once, on the function as given; each pass that changes the graph updates it: a merge block goes below
 * the nearest common dominator of its latches (MergeSharedHeaders), a preheader above its header (Preheaders), a
 * rotated copy below the nearest common dominator of its predecessors (LoopRotation). The graph and dominator tree of
 * the result are handed on (rotation has them to find that nothing more rotates), so construction does not compute
 * them again.
 */

/** The loop changes of seed 004 A.2 in their order, as switched, sharing their analyses while nothing changes. */
public final class LoopPreparation {

    /** A prepared function's control-flow graph (whose {@code function()} it is) and dominator tree. */
    public record Prepared(Cfg cfg, DominatorTree dominators) {}

    private LoopPreparation() {}

    /**
     * The function after {@link MergeSharedHeaders} (when {@code merge}), {@link Preheaders} (when
     * {@code preheaders}) and {@link LoopRotation} (when {@code rotate}), in that order: the same result as
     * applying them one after the other with the same name supply.
     */
    public static Module.Function apply(Module.Function function, boolean merge, boolean preheaders, boolean rotate,
                                        NameSupply supply) {
        return prepare(function, merge, preheaders, rotate, supply).cfg().function();
    }

    /** {@link #apply}'s function with its graph and dominator tree. */
    public static Prepared prepare(Module.Function function, boolean merge, boolean preheaders, boolean rotate,
                                   NameSupply supply) {
        NaturalLoops loops = NaturalLoops.of(Cfg.of(function));
        if (merge) {
            loops = MergeSharedHeaders.apply(loops, supply);
        }
        if (preheaders) {
            loops = Preheaders.apply(loops, supply);
        }
        if (rotate) {
            loops = LoopRotation.rotated(loops, supply);
        }
        return new Prepared(loops.cfg(), loops.dominators());
    }
}
