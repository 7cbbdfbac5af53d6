package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import java.util.Arrays;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.funssa.core.names.NameSupply;

/*
 * Seed 004 §2.2.7 "Preheader" (and A.2 step 2): when a loop header h can be reached by two or more
 * nodes outside the loop, an empty node p is inserted outside the loop with p → h, and the edges
 * from outside go to p, "to reduce the number of edges from nodes outside the loop to the header to
 * only one". Loops are natural loops (§2.2.6), one per header; irreducible cycles are left alone.
 *
 * A preheader is where code that must run once before the loop goes, so the one entry edge must also
 * come from a block whose only successor is h: a header entered from a single block with several
 * successors (a JUMPC, a JUMPN, or a JUMPC with both targets h) gets a preheader too. A header that
 * is the function's entry block is entered from outside by the call itself: its PROLOGUE moves into a
 * new entry block that jumps to it.
 */

/** Gives every natural-loop header exactly one predecessor outside its loop, whose only successor it is. */
public final class Preheaders {

    /** The pass as a {@link FunctionPass}. */
    public static final FunctionPass PASS = Preheaders::apply;

    private Preheaders() {}

    /**
     * The function with a preheader {@code _preN} (a block that only jumps to the header) before each
     * header that needs one. Returns the function itself when none does.
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
     * loops of the result, on its graph and dominator tree: the given ones when no header needs a preheader.
     */
    static NaturalLoops apply(NaturalLoops loops, NameSupply supply) {
        Cfg cfg = loops.cfg();
        Vector<BlockList.Block> blocks = null; // made on the first header that needs a preheader
        Vector<BlockList.Block> added = Vector.empty();
        Vector<Integer> positions = Vector.empty();
        NameSupply names = supply.restarted();
        for (int h = 0; h < cfg.size(); h++) {
            if (!loops.dominators().contains(h) || !loops.isHeader(h)) {
                continue;
            }
            String header = cfg.block(h).label();
            if (h == cfg.entry()) {
                blocks = blocks != null ? blocks : BlockList.of(cfg).blocks();
                BlockList.Block entry = blocks.get(h);
                Stmt prologue = entry.statements().head();
                blocks = blocks.update(h, new BlockList.Block(header, false, entry.statements().tail()));
                added = added.append(new BlockList.Block(names.fresh("_pre"), true,
                        Vector.of(prologue, BlockList.jump(header))));
                positions = positions.append(h);
                continue;
            }
            IntSeq outside = loops.entries(h);
            if (outside.size() == 1 && cfg.successors(outside.get(0)).size() == 1) {
                continue;
            }
            String pre = names.fresh("_pre");
            blocks = blocks != null ? blocks : BlockList.of(cfg).blocks();
            for (int i = 0; i < outside.size(); i++) {
                int p = outside.get(i);
                blocks = blocks.update(p, blocks.get(p).retarget(header, pre));
            }
            added = added.append(BlockList.Block.jumpTo(pre, header));
            positions = positions.append(h);
        }
        if (added.isEmpty()) {
            return loops;
        }
        BlockList list = new BlockList(cfg, blocks);
        Cfg result = list.insertBefore(positions, added).toCfg();
        return NaturalLoops.of(result,
                withPreheaders(loops.dominators(), positions, list.indicesAfterInserting(positions), result.size()));
    }

    /**
     * The dominator tree of the graph with preheaders, from the tree before them: the preheader p of a header h takes
     * h's immediate dominator and becomes h's, and the entry block's preheader is the root. The edges p receives
     * are those from h's reachable predecessors other than its latches; h dominates the latches, so the nearest
     * common dominator of those edges' sources is that of all h's reachable predecessors, h's old immediate
     * dominator. h is entered from p and its latches, so p is its immediate dominator. Every other block keeps
     * its dominators: a path that reached it through h now passes p just before h, and a path that did not is
     * unchanged. {@code moved[b]} is where block b is now; each preheader is just before its header.
     */
    private static DominatorTree withPreheaders(DominatorTree tree, Vector<Integer> headers, int[] moved, int size) {
        int[] idom = new int[size];
        Arrays.fill(idom, DominatorTree.NONE);
        for (int b = 0; b < moved.length; b++) {
            if (tree.idom(b) != DominatorTree.NONE) {
                idom[moved[b]] = moved[tree.idom(b)];
            }
        }
        int root = moved[tree.root()];
        for (int h : headers) {
            int preheader = moved[h] - 1;
            idom[preheader] = h == tree.root() ? DominatorTree.NONE : moved[tree.idom(h)];
            idom[moved[h]] = preheader;
            root = h == tree.root() ? preheader : root;
        }
        return DominatorTree.of(root, idom);
    }
}
