package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import org.funssa.core.cfg.Cfg;
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
        return apply(NaturalLoops.of(Cfg.of(function)), supply).function();
    }

    /**
     * As {@link #apply(Module.Function, NameSupply)}, on the natural loops of the function's graph, giving the graph
     * of the result: the loops' own when no header needs a merge.
     */
    static Cfg apply(NaturalLoops loops, NameSupply supply) {
        Cfg cfg = loops.cfg();
        Vector<BlockList.Block> blocks = null; // made on the first header that needs a merge
        Vector<BlockList.Block> added = Vector.empty();
        NameSupply names = supply.restarted();
        Vector<Integer> positions = Vector.empty();
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
        }
        if (added.isEmpty()) {
            return cfg;
        }
        return new BlockList(cfg, blocks).insertBefore(positions, added).toCfg();
    }
}
