package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.BitSet;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.Module;

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
 * no natural loop and are left alone too. Copies are fresh blocks {@code _rotN}, placed after the
 * last latch; after each rotation the graph is analysed afresh, and the function is rotated until no
 * loop qualifies.
 */

/** Turns while-style natural loops into do-while style by copying their exit tests onto the back edge. */
public final class LoopRotation {

    /** The pass as a {@link FunctionPass}. */
    public static final FunctionPass PASS = LoopRotation::apply;

    private LoopRotation() {}

    /** The function with every loop that qualifies (see the class comment) rotated; itself when none does. */
    public static Module.Function apply(Module.Function function) {
        Module.Function current = function;
        FreshNames names = FreshNames.of(function);
        int rounds = 0;
        int limit = 4 * Cfg.of(function).size() + 4;
        for (Option<Vector<String>> chain = nextChain(current); chain.isDefined(); chain = nextChain(current)) {
            for (String header : chain.get()) {
                current = rotateOnce(current, header, names);
            }
            if (++rounds > limit) {
                throw new IllegalStateException("loop rotation of " + function.name() + " did not settle after "
                        + limit + " loops");
            }
        }
        return current;
    }

    /**
     * The headers of the while-style loops this pass would rotate, in block order: empty for every
     * function the pass returns.
     */
    public static Vector<String> rotatableHeaders(Module.Function function) {
        Cfg cfg = Cfg.of(function);
        NaturalLoops loops = NaturalLoops.of(cfg);
        return Vector.range(0, cfg.size()).filter(h -> chain(loops, h).isDefined()).map(h -> cfg.block(h).label());
    }

    /** The chain H0 … Hk-1 of the first loop that qualifies. */
    private static Option<Vector<String>> nextChain(Module.Function function) {
        Cfg cfg = Cfg.of(function);
        NaturalLoops loops = NaturalLoops.of(cfg);
        for (int h = 0; h < cfg.size(); h++) {
            Option<Vector<Integer>> chain = chain(loops, h);
            if (chain.isDefined()) {
                return Option.of(chain.get().map(b -> cfg.block(b).label()));
            }
        }
        return Option.none();
    }

    /** The blocks H0 … Hk-1 to copy in turn, when the loop headed by h qualifies. */
    private static Option<Vector<Integer>> chain(NaturalLoops loops, int h) {
        Cfg cfg = loops.cfg();
        if (h == cfg.entry() || !loops.dominators().contains(h) || !loops.isHeader(h)) {
            return Option.none();
        }
        BitSet body = loops.body(h);
        BitSet seen = new BitSet();
        Vector<Integer> chain = Vector.empty();
        int current = h;
        while (true) {
            IntSeq succ = cfg.successors(current);
            int inside = 0;
            int next = -1;
            boolean exit = false;
            for (int i = 0; i < succ.size(); i++) {
                if (body.get(succ.get(i))) {
                    inside++;
                    next = succ.get(i);
                } else {
                    exit = true;
                }
            }
            if (!exit) {
                return chain.isEmpty() ? Option.none() : Option.of(chain);
            }
            seen.set(current);
            if (inside != 1 || seen.get(next)) {
                return Option.none();
            }
            chain = chain.append(current);
            current = next;
        }
    }

    /** One rotation step: the header's copy C takes the place of the header on every back edge. */
    private static Module.Function rotateOnce(Module.Function function, String header, FreshNames names) {
        Cfg cfg = Cfg.of(function);
        NaturalLoops loops = NaturalLoops.of(cfg);
        int h = cfg.blockOf(header).getOrElseThrow(() -> new IllegalStateException("no block " + header));
        BitSet latches = loops.latches(h);
        if (latches.isEmpty()) {
            throw new IllegalStateException(header + " in " + function.name() + " no longer heads a loop");
        }
        Vector<BlockList.Block> original = BlockList.of(cfg).blocks();
        Vector<BlockList.Block> blocks = original;
        String copy = names.fresh("_rot", "");
        for (int b = latches.nextSetBit(0); b >= 0; b = latches.nextSetBit(b + 1)) {
            blocks = blocks.update(b, blocks.get(b).retarget(header, copy));
        }
        BlockList.Block c = original.get(h).copyAs(copy);
        return new BlockList(function, blocks)
                .insertBefore(Vector.of(latches.previousSetBit(cfg.size()) + 1), Vector.of(c))
                .toFunction();
    }
}
