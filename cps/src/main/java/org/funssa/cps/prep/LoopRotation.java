package org.funssa.cps.prep;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.Arrays;
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
 * Loops whose bodies are disjoint do not affect each other's chains (a block outside a loop gains an edge
 * into it only towards its header), so each round rotates, at once, every qualifying loop whose body is
 * disjoint from the bodies of the loops chosen before it in block order; rounds repeat on the new graph
 * until no loop qualifies. A round costs one analysis of the graph, and the number of rounds is bounded by
 * the nesting depth of the loops that qualify, not by their number.
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
        int limit = 4 * Cfg.of(function).size() + 4;
        for (int rounds = 0; ; rounds++) {
            if (rounds > limit) {
                throw new IllegalStateException("loop rotation of " + function.name() + " did not settle after "
                        + limit + " rounds");
            }
            Cfg cfg = Cfg.of(current);
            NaturalLoops loops = NaturalLoops.of(cfg);
            int[] seenFrom = new int[cfg.size()];
            int[] owner = new int[cfg.size()];
            Arrays.fill(owner, UNCLAIMED);
            Vector<Chain> chains = Vector.empty();
            for (int h = 0; h < cfg.size(); h++) {
                Option<Chain> chain = chain(loops, h, seenFrom);
                if (chain.isDefined() && unclaimed(chain.get().body(), owner)) {
                    IntSeq body = chain.get().body();
                    for (int i = 0; i < body.size(); i++) {
                        owner[body.get(i)] = chains.size();
                    }
                    chains = chains.append(chain.get());
                }
            }
            if (chains.isEmpty()) {
                return current;
            }
            current = rotate(cfg, chains, owner, names);
        }
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

    /** The owner of a block that no chosen chain's loop contains. */
    private static final int UNCLAIMED = -1;

    /** A loop that qualifies: its blocks and the blocks H0 … Hk-1 to copy, by block id. */
    private record Chain(IntSeq body, int[] headers) {}

    private static boolean unclaimed(IntSeq body, int[] owner) {
        for (int i = 0; i < body.size(); i++) {
            if (owner[body.get(i)] != UNCLAIMED) {
                return false;
            }
        }
        return true;
    }

    /**
     * The chain of the loop headed by h, when the loop qualifies. {@code seenFrom[b] == h + 1} marks the
     * blocks the walk from h has passed; each header walks once per graph, so the marks never need clearing.
     */
    private static Option<Chain> chain(NaturalLoops loops, int h, int[] seenFrom) {
        Cfg cfg = loops.cfg();
        if (h == cfg.entry() || !loops.dominators().contains(h) || !loops.isHeader(h)) {
            return Option.none();
        }
        NaturalLoops.Loop loop = loops.loop(h);
        Vector<Integer> chain = Vector.empty();
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
                return chain.isEmpty() ? Option.none()
                        : Option.of(new Chain(loop.blocks(),
                                chain.toJavaStream().mapToInt(Integer::intValue).toArray()));
            }
            seenFrom[current] = h + 1;
            if (inside != 1 || seenFrom[next] == h + 1) {
                return Option.none();
            }
            chain = chain.append(current);
            current = next;
        }
    }

    /** The function with every chain rotated, each as its k steps would (see the class comment). */
    private static Module.Function rotate(Cfg cfg, Vector<Chain> chains, int[] owner, FreshNames names) {
        Vector<BlockList.Block> original = BlockList.of(cfg).blocks();
        Vector<BlockList.Block> blocks = original;
        Vector<Integer> positions = Vector.empty();
        Vector<BlockList.Block> copies = Vector.empty();
        // the loops are disjoint, so one array tells the chains' headers apart for all of them
        boolean[] onChain = new boolean[cfg.size()];
        for (Chain chain : chains) {
            for (int header : chain.headers()) {
                onChain[header] = true;
            }
        }
        for (int c = 0; c < chains.size(); c++) {
            int[] headers = chains.get(c).headers();
            String[] labels = new String[headers.length];
            for (int i = 0; i < headers.length; i++) {
                labels[i] = names.fresh("_rot", "");
            }
            int last = -1;
            for (int i = 0; i < headers.length; i++) {
                String header = cfg.block(headers[i]).label();
                IntSeq preds = cfg.predecessors(headers[i]);
                for (int j = 0; j < preds.size(); j++) {
                    int p = preds.get(j);
                    if (owner[p] == c && !onChain[p]) {
                        blocks = blocks.update(p, blocks.get(p).retarget(header, labels[i]));
                        last = Math.max(last, p);
                    }
                }
            }
            for (int i = 0; i < headers.length; i++) {
                BlockList.Block copy = original.get(headers[i]).copyAs(labels[i]);
                if (i + 1 < headers.length) {
                    copy = copy.retarget(cfg.block(headers[i + 1]).label(), labels[i + 1]);
                }
                copies = copies.append(copy);
                positions = positions.append(last + 1);
            }
        }
        return new BlockList(cfg.function(), blocks).insertBefore(positions, copies).toFunction();
    }
}
