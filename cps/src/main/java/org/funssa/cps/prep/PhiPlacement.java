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
 * elimination, over the candidates the walk found (Candidates.useful). The reaching definitions come from
 * one walk down the dominator tree for all variables at once, as renaming's (seed 004 Figure 4.3): each
 * variable's current value is the φ or definition met last on the path from the root, restored on the way
 * back up; a block's upward-exposed uses read it, and so do the arguments its jumps pass to the candidates
 * in its successors. So pruning costs what the walk costs plus the function's uses and definitions, and holds
 * the candidates of all variables at once (the φs of minimal SSA, with their arguments), no sort and no
 * dominance query per variable.
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
        int definitions = 0;
        for (int b = 0; b < blocks; b++) {
            definitions += effects.defs(b).size();
        }
        IntList definedVariables = new IntList(definitions);
        IntList definingBlocks = new IntList(definitions);
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
            }
        }
        IntSeq[] definedAt = IntSeq.grouped(variables, definedVariables, definingBlocks); // in block order
        Candidates candidates = new Candidates(blocks);
        int[] inserted = new int[blocks];
        int[] work = new int[blocks];
        Arrays.fill(inserted, -1);
        Arrays.fill(work, -1);
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
            while (!w.isEmpty()) {
                IntSeq frontier = frontiers.frontier(w.pop());
                for (int i = 0; i < frontier.size(); i++) {
                    int y = frontier.get(i);
                    if (inserted[y] == v) {
                        continue;
                    }
                    // pruned: Y is a candidate, kept below if V lives into it
                    candidates.add(y, v);
                    inserted[y] = v;
                    if (work[y] != v) {
                        w.add(y);
                        work[y] = v;
                    }
                }
            }
        }
        IntSeq[] atBlock = candidates.byBlock(blocks);
        boolean[] kept = variant == Variant.PRUNED ? candidates.useful(effects, tree, atBlock) : null;
        IntSeq[] byBlock = new IntSeq[blocks];
        IntList phis = new IntList();
        for (int b = 0; b < blocks; b++) {
            phis.clear();
            for (int i = 0; i < atBlock[b].size(); i++) {
                int c = atBlock[b].get(i);
                if (kept == null || kept[c]) {
                    phis.add(candidates.variable(c));
                }
            }
            byBlock[b] = phis.toSeq();
        }
        return new Placement(variant, cfg, effects.registers(), byBlock);
    }

    /**
     * The φs of minimal SSA the frontier walk finds, numbered in the order found (so at each block in the order of
     * their variables' names), with the variable and block of each.
     */
    private static final class Candidates {
        private final IntList variables;
        private final IntList blocks;

        /** Room for as many candidates as the function has blocks before the lists grow. */
        Candidates(int expected) {
            variables = new IntList(expected);
            blocks = new IntList(expected);
        }

        void add(int block, int variable) {
            blocks.add(block);
            variables.add(variable);
        }

        int variable(int candidate) {
            return variables.get(candidate);
        }

        /** For each block, its candidates in the order found. */
        IntSeq[] byBlock(int blockCount) {
            IntList numbers = new IntList(variables.size());
            for (int c = 0; c < variables.size(); c++) {
                numbers.add(c);
            }
            return IntSeq.grouped(blockCount, blocks, numbers);
        }

        /**
         * Which candidates are useful (see the header comment), by candidate number. The walk down the dominator
         * tree keeps, per variable, the candidate whose value the variable has at the current point, or -1 after a
         * definition (or before any); an undo log of (variable, earlier value) pairs restores it on the way up.
         */
        boolean[] useful(RegisterEffects effects, DominatorTree tree, IntSeq[] atBlock) {
            Cfg cfg = effects.cfg();
            int count = variables.size();
            if (count == 0) {
                return new boolean[0];
            }
            int registers = effects.registers().size();
            int[] current = new int[registers];
            Arrays.fill(current, -1);
            int[] phiHere = new int[registers];
            int[] phiStamp = new int[registers];
            Arrays.fill(phiStamp, -1);
            // a variable without candidates has no φ value anywhere: its definitions need no entry in the log
            boolean[] hasCandidates = new boolean[registers];
            for (int c = 0; c < count; c++) {
                hasCandidates[variable(c)] = true;
            }
            boolean[] useful = new boolean[count];
            IntList marked = new IntList(count);
            IntList argumentOf = new IntList(2 * count);
            IntList argument = new IntList(2 * count);
            IntList undo = new IntList(2 * count);
            IntList marks = new IntList(); // the undo log's length on entering each block not left yet
            tree.walk(new DominatorTree.Walk() {
                @Override
                public void enter(int b) {
                    marks.add(undo.size());
                    IntSeq here = atBlock[b];
                    for (int i = 0; i < here.size(); i++) {
                        int c = here.get(i);
                        phiHere[variable(c)] = c;
                        phiStamp[variable(c)] = b;
                    }
                    // an upward-exposed use reads the φ here, or the value that reaches the block
                    IntSeq uses = effects.uses(b);
                    for (int i = 0; i < uses.size(); i++) {
                        int v = uses.get(i);
                        int c = phiStamp[v] == b ? phiHere[v] : current[v];
                        if (c >= 0 && !useful[c]) {
                            useful[c] = true;
                            marked.add(c);
                        }
                    }
                    // at the exit, a variable has the φ here unless the block defines it
                    for (int i = 0; i < here.size(); i++) {
                        int c = here.get(i);
                        undo.add(variable(c));
                        undo.add(current[variable(c)]);
                        current[variable(c)] = c;
                    }
                    IntSeq defs = effects.defs(b);
                    for (int i = 0; i < defs.size(); i++) {
                        int v = defs.get(i);
                        if (hasCandidates[v]) {
                            undo.add(v);
                            undo.add(current[v]);
                            current[v] = -1;
                        }
                    }
                    // the arguments the block's jumps pass to the candidates of its successors
                    IntSeq successors = cfg.successors(b);
                    for (int k = 0; k < successors.size(); k++) {
                        IntSeq there = atBlock[successors.get(k)];
                        for (int i = 0; i < there.size(); i++) {
                            int value = current[variable(there.get(i))];
                            if (value >= 0) {
                                argumentOf.add(there.get(i));
                                argument.add(value);
                            }
                        }
                    }
                }

                @Override
                public void leave(int b) {
                    int entered = marks.pop();
                    while (undo.size() > entered) {
                        int earlier = undo.pop();
                        current[undo.pop()] = earlier;
                    }
                }
            });
            // the marking: a useful φ makes useful the φs whose values its arguments are
            IntSeq[] arguments = IntSeq.grouped(count, argumentOf, argument);
            while (!marked.isEmpty()) {
                IntSeq of = arguments[marked.pop()];
                for (int i = 0; i < of.size(); i++) {
                    if (!useful[of.get(i)]) {
                        useful[of.get(i)] = true;
                        marked.add(of.get(i));
                    }
                }
            }
            return useful;
        }
    }
}
