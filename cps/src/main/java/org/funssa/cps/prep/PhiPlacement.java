package org.funssa.cps.prep;

import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.SortedSet;
import io.vavr.collection.TreeSet;
import io.vavr.collection.Vector;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.cfg.RegisterEffects;
import org.funssa.core.graph.DominanceFrontiers;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.lir.Module;

/*
 * Seed 004 Figure 4.1 "Algorithm for inserting φ-functions", the unified algorithm for minimal
 * (§4.1.1), pruned (§4.1.2) and semi-pruned (§4.1.3) SSA, after Cytron et al.: for each variable V,
 * the blocks defining V go on a worklist W (for semi-pruned only when V is non-local); a block X
 * taken from W puts, for each Y in DF(X) without a φ for V yet, "V ← φ(V, …, V)" into Y (pruned: only
 * when V lives in into Y) and puts Y on W once. Inserted(Y) and Work(Y) hold the variable last
 * handled, exactly as in the figure. So a variant places φs for V at the iterated dominance frontier
 * of V's definition blocks (minimal), restricted to non-local V (semi-pruned), or to the blocks where
 * V is live-in (pruned) — note that a pruned-away Y still goes on W.
 *
 * Variables are the function's registers; a block defines V when it writes (REG V) (SET, CALL
 * receiver, PROLOGUE parameter, SUBREG part, CLOBBER). V is non-local (§4.1.3) when some block uses
 * V before defining it there: the upward-exposed uses of org.funssa.core.cfg.RegisterEffects. The entry
 * block defines nothing implicitly: a variable undefined on some path gets ⊥ there (§4.3), which is the
 * renaming's business, not placement's.
 *
 * Pruning needs "V live into Y?" only for the Y the walk reaches, and asks it without live sets, whose
 * size can be quadratic in the function's (L loops counting L counters all set on entry: counter k is
 * live through loops 1..k-1), nor a search of the paths from Y, which can be as long (after loop
 * rotation a counter's loop exit is in its frontier, and the counter is dead there and after). It uses
 * minimal SSA instead (Cytron et al., TOPLAS 1991, §5): with a φ at every Y of the iterated frontier,
 * every point of the function has one reaching definition of V, the nearest definition or φ of V that
 * dominates it. So V is live into a candidate Y exactly when Y's φ is useful: its value reaches an
 * upward-exposed use of V, directly or through the arguments of other useful φs — the marking of dead-φ
 * elimination, over the candidates the walk found (LiveCandidates). Finding the nearest dominating
 * definition or φ of each use and of each candidate's predecessors is one sweep over them in dominator
 * tree pre-order with a stack, so pruning costs what the walk costs, times a logarithm for the sort.
 * Boissinot et al.'s liveness checking (CGO 2008) also answers per question, but needs SSA already and
 * precomputes reachability sets per block whose total size is quadratic in the worst case.
 */

/** Where φ-functions go, for the three variants of seed 004 §4.1. */
public final class PhiPlacement {

    /** The variants of SSA form of seed 004 §4.1. */
    public enum Variant {
        /** §4.1.1: the iterated dominance frontier of every variable's definitions. */
        MINIMAL,
        /** §4.1.3: as minimal, for non-local variables only (used in a block before defined there). */
        SEMI_PRUNED,
        /** §4.1.2: as minimal, where the variable is live on entry. */
        PRUNED
    }

    /**
     * The φs of one function: for each block, by block number, the registers given a φ there, by register number
     * (RegisterEffects') and ordered by name, the order of the block's parameters.
     */
    public static final class Placement {
        private final Variant variant;
        private final Cfg cfg;
        private final Vector<String> registers;
        private final IntSeq[] byNumber;

        private Placement(Variant variant, Cfg cfg, Vector<String> registers, IntSeq[] byNumber) {
            this.variant = variant;
            this.cfg = cfg;
            this.registers = registers;
            this.byNumber = byNumber;
        }

        public Variant variant() {
            return variant;
        }

        /** The registers with a φ at block number {@code block}, by number, ordered by name (empty when none). */
        public IntSeq at(int block) {
            return byNumber[block];
        }

        /** For each block that gets any φ (in block order), by label, the names of its registers with one. */
        public LinkedHashMap<String, SortedSet<String>> byBlock() {
            LinkedHashMap<String, SortedSet<String>> byBlock = LinkedHashMap.empty();
            for (int b = 0; b < byNumber.length; b++) {
                if (!byNumber[b].isEmpty()) {
                    byBlock = byBlock.put(cfg.block(b).label(), TreeSet.ofAll(names(byNumber[b])));
                }
            }
            return byBlock;
        }

        /** The names of the registers with a φ at the block (empty when none). */
        public SortedSet<String> at(String block) {
            return TreeSet.ofAll(cfg.blockOf(block).map(b -> names(byNumber[b])).getOrElse(Vector.empty()));
        }

        /** Every φ as (register, block). */
        public Vector<Tuple2<String, String>> sites() {
            return byBlock().toVector().flatMap(entry -> entry._2.toVector().map(reg -> Tuple.of(reg, entry._1)));
        }

        /** The number of φs. */
        public int count() {
            return Vector.of(byNumber).map(IntSeq::size).sum().intValue();
        }

        private Vector<String> names(IntSeq numbers) {
            return Vector.range(0, numbers.size()).map(i -> registers.get(numbers.get(i)));
        }
    }

    private PhiPlacement() {}

    /** The φs the variant places in the function. */
    public static Placement place(Module.Function function, Variant variant) {
        Cfg cfg = Cfg.of(function);
        DominatorTree tree = Dominators.of(cfg);
        return place(RegisterEffects.of(cfg), tree, DominanceFrontiers.of(cfg, tree), variant);
    }

    /**
     * The φs the variant places, given what the function's blocks do to its registers, its dominator tree and
     * its dominance frontiers.
     */
    public static Placement place(RegisterEffects effects, DominatorTree tree, DominanceFrontiers frontiers,
                                  Variant variant) {
        Cfg cfg = effects.cfg();
        int blocks = cfg.size();
        int variables = effects.registers().size();
        IntList definedVariables = new IntList();
        IntList definingBlocks = new IntList();
        IntList usedVariables = new IntList();
        IntList usingBlocks = new IntList();
        boolean[] nonLocal = new boolean[variables];
        for (int b = 0; b < blocks; b++) {
            IntSeq defs = effects.defs(b);
            for (int i = 0; i < defs.size(); i++) {
                definedVariables.add(defs.get(i));
                definingBlocks.add(b);
            }
            IntSeq uses = effects.uses(b);
            for (int i = 0; i < uses.size(); i++) {
                nonLocal[uses.get(i)] = true;
                usedVariables.add(uses.get(i));
                usingBlocks.add(b);
            }
        }
        IntSeq[] definedAt = IntSeq.grouped(variables, definedVariables, definingBlocks); // in block order
        IntSeq[] usedAt = IntSeq.grouped(variables, usedVariables, usingBlocks);
        LiveCandidates live = new LiveCandidates(cfg, tree);
        IntList candidates = new IntList();
        int[] inserted = new int[blocks];
        int[] work = new int[blocks];
        Arrays.fill(inserted, -1);
        Arrays.fill(work, -1);
        IntList[] phis = new IntList[blocks];
        // W as a stack: the blocks a variable needs φs in are the same whichever order W is worked in
        IntList w = new IntList();
        // variables in the order of their names, so that each block's φs come out in that order
        int[] byName = IntStream.range(0, variables).boxed()
                .sorted(Comparator.comparing(effects.registers()::get)).mapToInt(Integer::intValue).toArray();
        for (int v : byName) {
            // a variable no block uses before defining it is live into no block: pruned SSA gives it no φ
            // either, and skipping it spares the walk over its definitions' frontiers (in divided LIR the
            // temporaries that dividing trees makes are most of a function's registers)
            if (variant != Variant.MINIMAL && !nonLocal[v]) {
                continue;
            }
            for (int d = 0; d < definedAt[v].size(); d++) {
                int x = definedAt[v].get(d);
                w.add(x);
                work[x] = v;
            }
            candidates.clear();
            while (!w.isEmpty()) {
                IntSeq frontier = frontiers.frontier(w.pop());
                for (int i = 0; i < frontier.size(); i++) {
                    int y = frontier.get(i);
                    if (inserted[y] == v) {
                        continue;
                    }
                    // pruned: Y is a candidate, kept below if V lives into it
                    candidates.add(y);
                    inserted[y] = v;
                    if (work[y] != v) {
                        w.add(y);
                        work[y] = v;
                    }
                }
            }
            IntSeq placed = variant == Variant.PRUNED
                    ? live.of(v, candidates, definedAt[v], usedAt[v]) : candidates.toSeq();
            for (int i = 0; i < placed.size(); i++) {
                int y = placed.get(i);
                if (phis[y] == null) {
                    phis[y] = new IntList(2);
                }
                phis[y].add(v);
            }
        }
        IntSeq[] byBlock = new IntSeq[blocks];
        for (int b = 0; b < blocks; b++) {
            byBlock[b] = phis[b] == null ? IntSeq.empty() : phis[b].toSeq();
        }
        return new Placement(variant, cfg, effects.registers(), byBlock);
    }

    /**
     * Which candidate blocks of one variable at a time its φ is useful in (see the header comment): arrays over
     * the blocks, stamped with the variable so that nothing is cleared between variables.
     */
    private static final class LiveCandidates {
        /** What a sweep event asks or records at a block, in the order they happen at one block. */
        private static final int USE_AT_ENTRY = 0;
        private static final int DEFINITION = 1;
        private static final int VALUE_AT_EXIT = 2;

        private final Cfg cfg;
        private final DominatorTree tree;
        private final int[] candidate;
        private final int[] defined;
        private final int[] useful;
        private final int[] asked;
        /** The φ block whose value V has at the block's exit, or -1 for a definition or none; valid where asked. */
        private final int[] valueAtExit;
        private long[] events = new long[16];
        private final IntList stack = new IntList();
        private final IntList work = new IntList();

        LiveCandidates(Cfg cfg, DominatorTree tree) {
            this.cfg = cfg;
            this.tree = tree;
            int n = cfg.size();
            candidate = stamps(n);
            defined = stamps(n);
            useful = stamps(n);
            asked = stamps(n);
            valueAtExit = new int[n];
        }

        private static int[] stamps(int n) {
            int[] stamps = new int[n];
            Arrays.fill(stamps, -1);
            return stamps;
        }

        /** The candidates whose φ for v is useful, given v's defining blocks and blocks with upward-exposed uses. */
        IntSeq of(int v, IntList candidates, IntSeq definedAt, IntSeq usedAt) {
            if (candidates.isEmpty()) {
                return IntSeq.empty();
            }
            int count = 0;
            for (int i = 0; i < definedAt.size(); i++) {
                int d = definedAt.get(i);
                defined[d] = v;
                if (tree.contains(d)) {
                    count = event(count, d, DEFINITION);
                }
            }
            for (int i = 0; i < candidates.size(); i++) {
                int y = candidates.get(i);
                candidate[y] = v;
                if (defined[y] != v) {
                    count = event(count, y, DEFINITION);
                }
                IntSeq preds = cfg.predecessors(y);
                for (int k = 0; k < preds.size(); k++) {
                    int p = preds.get(k);
                    if (asked[p] != v && tree.contains(p)) {
                        asked[p] = v;
                        count = event(count, p, VALUE_AT_EXIT);
                    }
                }
            }
            for (int i = 0; i < usedAt.size(); i++) {
                if (tree.contains(usedAt.get(i))) {
                    count = event(count, usedAt.get(i), USE_AT_ENTRY);
                }
            }
            Arrays.sort(events, 0, count);
            // the sweep: the stack holds the definitions and φs of v that dominate the block at hand
            IntSeq preorder = tree.preorder();
            stack.clear();
            work.clear();
            for (int e = 0; e < count; e++) {
                int block = preorder.get((int) (events[e] >>> 2));
                while (!stack.isEmpty() && !tree.dominates(stack.last(), block)) {
                    stack.pop();
                }
                switch ((int) (events[e] & 3)) {
                    case USE_AT_ENTRY -> mark(v, candidate[block] == v ? block : exitValue(v));
                    case DEFINITION -> stack.add(block);
                    default -> valueAtExit[block] = exitValue(v);
                }
            }
            // the marking: a useful φ makes useful the φs whose values its arguments are
            IntList kept = new IntList();
            while (!work.isEmpty()) {
                int y = work.pop();
                kept.add(y);
                IntSeq preds = cfg.predecessors(y);
                for (int k = 0; k < preds.size(); k++) {
                    if (tree.contains(preds.get(k))) {
                        mark(v, valueAtExit[preds.get(k)]);
                    }
                }
            }
            kept.sort();
            return kept.toSeq();
        }

        /** The φ block whose value v has below the innermost definition or φ on the stack, or -1. */
        private int exitValue(int v) {
            if (stack.isEmpty()) {
                return -1;
            }
            int top = stack.last();
            return defined[top] == v ? -1 : top;
        }

        private void mark(int v, int y) {
            if (y >= 0 && useful[y] != v) {
                useful[y] = v;
                work.add(y);
            }
        }

        private int event(int count, int block, int kind) {
            if (count == events.length) {
                events = Arrays.copyOf(events, 2 * count);
            }
            events[count] = ((long) tree.preNumber(block) << 2) | kind;
            return count + 1;
        }
    }
}
