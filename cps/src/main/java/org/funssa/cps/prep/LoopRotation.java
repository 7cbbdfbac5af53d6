package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.Module;
import org.funssa.core.names.NameSupply;

/*
 * Seed 004 §3.1.2 "Translation from while style loop to do-while style loop" (and A.2 step 3): a loop
 * is while-style when its header is also an exit block (it has a successor outside the loop). The
 * translation is "1. copy the header block H to create block C; 2. insert block C into the back edge
 * of the loop", repeated until the header is no longer an exit (Figures 3.4–3.6: L1 is copied to L1'
 * on the back edge, which makes L2 the header; L2 is copied to L2'; the header L3 is not an exit).
 *
 * When the repetition stops is not said; the rule here: starting at the header H0 of a natural loop
 * L (§2.2.6), follow H0, H1, … where each Hi is an exit of L with exactly one edge to a block of L,
 * the edge to Hi+1. If this chain reaches a block Hk (k ≥ 1) that is not an exit, the loop is
 * rotated k times (after step i the header is Hi+1) and becomes do-while-style with header Hk. The
 * loop is left alone when the chain instead comes back to a block already on it (every block of the
 * cycle is an exit, so rotation would never end), when some Hi has several edges into L (copying it
 * would give the loop several entries, making it irreducible), or when H0 is the function's entry
 * block (its copy would repeat the PROLOGUE; Preheaders removes that case). Irreducible cycles have
 * no natural loop and are left alone too. Copies are fresh blocks {@code _rotN}.
 *
 * Rotating a chain H0 … Hk-1 step by step would analyse the graph afresh after each step; the steps are
 * done at once instead, by what each step's analysis would find. Only H0 enters the loop and each Hi has
 * one edge into it, so after step i the block Hi+1 dominates the rest of the loop: its latches are the
 * blocks of the loop, apart from H0 … Hi, with an edge to Hi+1, which are the copy Ci and the other blocks
 * of the original loop that jump to Hi+1. Hence: every edge from a block of the loop outside the chain to
 * Hi goes to Ci; each Ci is a copy of Hi whose edge to Hi+1 goes to Ci+1 (the last one keeps its edge to
 * Hk). The copies are placed, in order, after the last block whose edges changed.
 *
 * One round rotates many loops at once, as if one after the other, each with its own chain as found
 * before any of them. Two natural loops with different headers are disjoint or one lies inside the
 * other. Rotating a loop changes only edges from its own blocks to its own chain and adds copies of its
 * chain, so a loop disjoint from it keeps its blocks and its chain. So does a loop nested inside it, as
 * long as the nested loop holds none of the outer chain's blocks: the outer rotation then only retargets
 * edges that leave the nested loop, which still leave it, and the copies it adds reach the nested
 * loop's latches only through its header, so they are not in it. The other way round, the nested
 * rotation touches only blocks of the nested loop, and the outer chain has none. Done together, each
 * edge is retargeted by every loop whose rule applies to it, and each copy is taken from its block with
 * every other loop's retargeting applied, which is what the copy would be in either order. A round
 * visits the headers in dominator-tree preorder (an enclosing loop's header dominates the loops inside
 * it, so it comes first) and takes each qualifying loop that lies wholly inside the innermost loop taken
 * so far around it (or outside every loop taken) and holds no block of a chain taken; the loops left
 * out wait for the next round, on the new graph. Rounds repeat until no loop qualifies; a function's
 * loops usually all go in the first, and the second finds nothing left to do.
 */

/** Turns while-style natural loops into do-while style by copying their exit tests onto the back edge. */
public final class LoopRotation {

    /** The pass as a {@link FunctionPass}. */
    public static final FunctionPass PASS = LoopRotation::apply;

    private LoopRotation() {}

    /** The function with every loop that qualifies (see the class comment) rotated; itself when none does. */
    public static Module.Function apply(Module.Function function) {
        return apply(function, LirNames.supply(function));
    }

    /** As {@link #apply(Module.Function)}, taking new names from a supply shared with the passes run before. */
    public static Module.Function apply(Module.Function function, NameSupply supply) {
        return apply(NaturalLoops.of(Cfg.of(function)), supply);
    }

    /** As {@link #apply(Module.Function, NameSupply)}, on the natural loops of the function's graph. */
    static Module.Function apply(NaturalLoops loopsOfFunction, NameSupply supply) {
        return rotated(loopsOfFunction, supply).cfg().function();
    }

    /**
     * The natural loops of the function {@link #apply(NaturalLoops, NameSupply)} returns, on its graph: the
     * analyses of the last round, which found nothing more to rotate (the given ones when none did).
     */
    static NaturalLoops rotated(NaturalLoops loopsOfFunction, NameSupply supply) {
        NameSupply names = supply.restarted();
        NaturalLoops loops = loopsOfFunction;
        int limit = 4 * loops.cfg().size() + 4;
        for (int rounds = 0; ; rounds++) {
            if (rounds > limit) {
                throw new IllegalStateException("loop rotation of " + loops.cfg().name() + " did not settle after "
                        + limit + " rounds");
            }
            List<Chain> chains = round(loops);
            if (chains.isEmpty()) {
                return loops;
            }
            loops = rotate(loops, chains, names);
        }
    }

    /** The chains one round rotates: in dominator-tree preorder, each qualifying loop that fits the others. */
    private static List<Chain> round(NaturalLoops loops) {
        Cfg cfg = loops.cfg();
        int[] seenFrom = new int[cfg.size()];
        // innermost[b]: the last chain taken whose loop holds b (the innermost, as outer loops come first)
        int[] innermost = new int[cfg.size()];
        Arrays.fill(innermost, NONE);
        boolean[] onChain = new boolean[cfg.size()];
        List<Chain> chains = new ArrayList<>();
        IntSeq order = loops.dominators().preorder();
        for (int i = 0; i < order.size(); i++) {
            Option<Chain> found = chain(loops, order.get(i), seenFrom);
            if (found.isDefined() && fits(found.get().body(), innermost, onChain)) {
                Chain chain = found.get();
                IntSeq body = chain.body();
                for (int j = 0; j < body.size(); j++) {
                    innermost[body.get(j)] = chains.size();
                }
                for (int header : chain.headers()) {
                    onChain[header] = true;
                }
                chains.add(chain);
            }
        }
        return chains;
    }

    /**
     * Whether a loop may rotate along with the chains taken: all its blocks lie in the same innermost loop
     * taken (or in none), so it is inside that loop and disjoint from the others, and none is on a chain.
     */
    private static boolean fits(IntSeq body, int[] innermost, boolean[] onChain) {
        int around = innermost[body.get(0)];
        for (int i = 0; i < body.size(); i++) {
            int b = body.get(i);
            if (innermost[b] != around || onChain[b]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The headers of the while-style loops this pass would rotate, in block order: empty for every
     * function the pass returns.
     */
    public static Vector<String> rotatableHeaders(Module.Function function) {
        Cfg cfg = Cfg.of(function);
        NaturalLoops loops = NaturalLoops.of(cfg);
        int[] seenFrom = new int[cfg.size()];
        return Vector.range(0, cfg.size()).filter(h -> chain(loops, h, seenFrom).isDefined())
                .map(h -> cfg.block(h).label());
    }

    /** No block: outside every loop taken, or on no chain. */
    private static final int NONE = -1;

    /** A loop that qualifies: its blocks in increasing order and the blocks H0 … Hk-1 to copy, by block id. */
    private record Chain(IntSeq body, int[] headers) {}

    /**
     * The chain of the loop headed by h, when the loop qualifies. {@code seenFrom[b] == h + 1} marks the
     * blocks the walk from h has passed; each header walks once per graph, so the marks never need clearing.
     */
    private static Option<Chain> chain(NaturalLoops loops, int h, int[] seenFrom) {
        Cfg cfg = loops.cfg();
        if (h == cfg.entry() || !loops.dominators().contains(h) || !loops.isHeader(h)) {
            return Option.none();
        }
        if (cfg.successors(h).size() == 1) {
            // not an exit: a back edge l → h means a path h → … → l, whose part after its last h starts at h's one
            // successor and reaches the latch l without h, so that successor is in the loop
            return Option.none();
        }
        NaturalLoops.Loop loop = loops.loop(h);
        IntList chain = new IntList(4);
        int current = h;
        while (true) {
            IntSeq succ = cfg.successors(current);
            int inside = 0;
            int next = -1;
            boolean exit = false;
            for (int i = 0; i < succ.size(); i++) {
                if (loop.contains(succ.get(i))) {
                    inside++;
                    next = succ.get(i);
                } else {
                    exit = true;
                }
            }
            if (!exit) {
                return chain.isEmpty() ? Option.none() : Option.of(new Chain(loop.blocks().sorted(), chain.toArray()));
            }
            seenFrom[current] = h + 1;
            if (inside != 1 || seenFrom[next] == h + 1) {
                return Option.none();
            }
            chain.add(current);
            current = next;
        }
    }

    /**
     * The natural loops of the graph with every chain rotated, each as its k steps would (see the class comment).
     * The copies are taken once every edge is retargeted, so each carries the retargeting of the loops around its own.
     */
    private static NaturalLoops rotate(NaturalLoops loops, List<Chain> chains, NameSupply names) {
        Cfg cfg = loops.cfg();
        BlockList.Block[] blocks = BlockList.of(cfg).blocks().toJavaArray(BlockList.Block[]::new);
        int[] chainOf = new int[cfg.size()];
        Arrays.fill(chainOf, NONE);
        String[][] labels = new String[chains.size()][];
        for (int c = 0; c < chains.size(); c++) {
            int[] headers = chains.get(c).headers();
            labels[c] = new String[headers.length];
            for (int i = 0; i < headers.length; i++) {
                chainOf[headers[i]] = c;
                labels[c][i] = names.fresh("_rot");
            }
        }
        int[] last = new int[chains.size()];
        for (int c = 0; c < chains.size(); c++) {
            Chain chain = chains.get(c);
            last[c] = NONE;
            for (int i = 0; i < chain.headers().length; i++) {
                int header = chain.headers()[i];
                IntSeq preds = cfg.predecessors(header);
                for (int j = 0; j < preds.size(); j++) {
                    int p = preds.get(j);
                    if (chainOf[p] != c && chain.body().containsSorted(p)) {
                        blocks[p] = blocks[p].retarget(cfg.block(header).label(), labels[c][i]);
                        last[c] = Math.max(last[c], p);
                    }
                }
            }
        }
        Vector<Integer> positions = Vector.empty();
        Vector<BlockList.Block> copies = Vector.empty();
        for (int c = 0; c < chains.size(); c++) {
            int[] headers = chains.get(c).headers();
            for (int i = 0; i < headers.length; i++) {
                BlockList.Block copy = blocks[headers[i]].copyAs(labels[c][i]);
                if (i + 1 < headers.length) {
                    copy = copy.retarget(cfg.block(headers[i + 1]).label(), labels[c][i + 1]);
                }
                copies = copies.append(copy);
                positions = positions.append(last[c] + 1);
            }
        }
        BlockList list = new BlockList(cfg, Vector.of(blocks));
        Cfg result = list.insertBefore(positions, copies).toCfg();
        DominatorTree tree = withCopies(loops.dominators(), chains, result, list.indicesAfterInserting(positions),
                list.indicesOfInserted(positions));
        return NaturalLoops.of(result, tree);
    }

    /**
     * The dominator tree of the rotated graph, from the tree before: every block keeps its immediate dominator, and a
     * copy's is the nearest common dominator of its predecessors. A path to a copy Ci passes a block of the loop
     * outside the chain, so it has gone H0 … Hk first: replacing each copy on a path by its original gives a path of
     * the graph before, which passes the same other blocks, and a path without a repeated block uses no edge that
     * now goes to a copy. So the dominators of a block that is no copy are those it had, and no copy is among them.
     * {@code moved[b]} is where block b is now and {@code copies[i]} where the i-th copy made is, chain by chain and
     * along each chain. A copy's predecessors are the copy before it on its chain and blocks of its loop; among
     * those, copies only of chains taken later (of loops nested in its own), so the chains are visited last first.
     */
    private static DominatorTree withCopies(DominatorTree tree, List<Chain> chains, Cfg result, int[] moved,
                                            int[] copies) {
        int[] idom = new int[result.size()];
        int[] depth = new int[result.size()];
        Arrays.fill(idom, DominatorTree.NONE);
        Arrays.fill(depth, DominatorTree.NONE);
        for (int b = 0; b < moved.length; b++) {
            idom[moved[b]] = tree.idom(b) == DominatorTree.NONE ? DominatorTree.NONE : moved[tree.idom(b)];
            depth[moved[b]] = tree.depth(b);
        }
        int end = copies.length;
        for (int c = chains.size() - 1; c >= 0; c--) {
            int start = end - chains.get(c).headers().length;
            for (int j = start; j < end; j++) {
                int copy = copies[j];
                IntSeq preds = result.predecessors(copy);
                int nearest = DominatorTree.NONE;
                for (int k = 0; k < preds.size(); k++) {
                    int p = preds.get(k);
                    if (depth[p] == DominatorTree.NONE) {
                        throw new IllegalStateException("a predecessor of copy " + copy + " has no dominator yet");
                    }
                    nearest = nearest == DominatorTree.NONE ? p
                            : DominatorTree.nearestCommonAncestor(nearest, p, idom, depth);
                }
                idom[copy] = nearest;
                depth[copy] = depth[nearest] + 1;
            }
            end = start;
        }
        return DominatorTree.of(moved[tree.root()], idom);
    }
}
