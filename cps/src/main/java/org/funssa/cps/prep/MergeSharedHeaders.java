package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import java.util.Arrays;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.Module;
import org.funssa.core.names.NameSupply;

/*
 * Seed 004 §3.1.1, "Merging non-nested loops that have a common header" (and A.2 step 1): when back
 * edges from several blocks B3, B4 enter the same header B1, a new empty block Bt is created, the back
 * edges become B3 → Bt and B4 → Bt, and Bt → B1 is the one back edge left: LOOP(B1,B3) and
 * LOOP(B1,B4) become the single loop LOOP(B1,Bt). Each Bt is placed after the last of its latches.
 * Back edges are those of natural loops (§2.2.6): irreducible cycles have none and are left alone. A
 * block with two edges to the header (a JUMPC whose targets are both the header) is one latch, so it
 * alone does not call for a merge.
 */

/** Gives every natural-loop header at most one latch block. */
public final class MergeSharedHeaders {

    private MergeSharedHeaders() {}

    /** The pass as a {@link FunctionPass}. */
    public static final FunctionPass PASS = MergeSharedHeaders::apply;

    /**
     * The function where each header with back edges from two or more blocks has them go through one new
     * block {@code _mergeN} that jumps to the header. Returns the function itself when no header needs it.
     */
    public static Module.Function apply(Module.Function function) {
        return apply(function, LirNames.supply(function));
    }

    /** As {@link #apply(Module.Function)}, taking new names from a supply shared with the passes run before. */
    public static Module.Function apply(Module.Function function, NameSupply supply) {
        return apply(NaturalLoops.of(Cfg.of(function)), supply).cfg().function();
    }

    /**
     * As {@link #apply(Module.Function, NameSupply)}, on the natural loops of the function's graph, giving the natural
     * loops of the result, on its graph and dominator tree: the given ones when no header needs a merge.
     */
    static NaturalLoops apply(NaturalLoops loops, NameSupply supply) {
        Cfg cfg = loops.cfg();
        Vector<BlockList.Block> blocks = null; // made on the first header that needs a merge
        Vector<BlockList.Block> added = Vector.empty();
        NameSupply names = supply.restarted();
        Vector<Integer> positions = Vector.empty();
        Vector<IntSeq> merged = Vector.empty();
        for (int h = 0; h < cfg.size(); h++) {
            if (!loops.isHeader(h)) {
                continue;
            }
            IntSeq latches = loops.latches(h);
            if (latches.size() < 2) {
                continue;
            }
            String header = cfg.block(h).label();
            String merge = names.fresh("_merge");
            blocks = blocks != null ? blocks : BlockList.of(cfg).blocks();
            for (int i = 0; i < latches.size(); i++) {
                blocks = blocks.update(latches.get(i), blocks.get(latches.get(i)).retarget(header, merge));
            }
            added = added.append(BlockList.Block.jumpTo(merge, header));
            positions = positions.append(latches.get(latches.size() - 1) + 1);
            merged = merged.append(latches);
        }
        if (added.isEmpty()) {
            return loops;
        }
        BlockList list = new BlockList(cfg, blocks);
        Cfg result = list.insertBefore(positions, added).toCfg();
        return NaturalLoops.of(result, withMergeBlocks(loops.dominators(), merged,
                list.indicesAfterInserting(positions), list.indicesOfInserted(positions), result.size()));
    }

    /**
     * The dominator tree of the graph with merge blocks, from the tree before them: the merge block of a header takes
     * the nearest common dominator of the latches it now enters from as its immediate dominator, and every other
     * block keeps its own. The header's latches are dominated by it, so the header's immediate dominator is still the
     * nearest common dominator of its other predecessors; and a path through a merge block is a path of the graph
     * before with the merge block left out, so no other block gains or loses a dominator, and the merge block, whose
     * one successor is the header, dominates none. {@code moved[b]} is where block b is now, {@code at[i]} where the
     * merge block of the latches {@code merged.get(i)} is.
     */
    private static DominatorTree withMergeBlocks(DominatorTree tree, Vector<IntSeq> merged, int[] moved, int[] at,
                                                 int size) {
        int[] idom = new int[size];
        Arrays.fill(idom, DominatorTree.NONE);
        for (int b = 0; b < moved.length; b++) {
            if (tree.idom(b) != DominatorTree.NONE) {
                idom[moved[b]] = moved[tree.idom(b)];
            }
        }
        for (int i = 0; i < at.length; i++) {
            IntSeq latches = merged.get(i);
            int nearest = latches.get(0);
            for (int j = 1; j < latches.size(); j++) {
                nearest = tree.nearestCommonDominator(nearest, latches.get(j));
            }
            idom[at[i]] = moved[nearest];
        }
        return DominatorTree.of(moved[tree.root()], idom);
    }
}
