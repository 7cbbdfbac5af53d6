package org.funssa.cps.prep;

import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.SortedSet;
import io.vavr.collection.TreeSet;
import io.vavr.collection.Vector;
import java.util.Arrays;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.cfg.RegisterEffects;
import org.funssa.core.graph.DominanceFrontiers;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.LivenessCheck;
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
 * V before defining it there: the upward-exposed uses of org.funssa.core.cfg.RegisterEffects. Pruning
 * asks "V live into Y?" only for the Y the walk reaches, of org.funssa.core.graph.LivenessCheck, and
 * builds no live set: the live sets can hold a number of entries quadratic in the function's size (L
 * loops counting L counters set on entry: counter k is live through loops 1..k-1), the φs are at most
 * the frontier entries walked. The entry block defines nothing implicitly: a variable undefined on
 * some path gets ⊥ there (§4.3), which is the renaming's business, not placement's.
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
     * The φs of one function: for each block that gets any (in block order), the registers given a φ
     * there, ordered by name.
     */
    public record Placement(Variant variant, LinkedHashMap<String, SortedSet<String>> byBlock) {

        /** The registers with a φ at the block (empty when none). */
        public SortedSet<String> at(String block) {
            return byBlock.get(block).getOrElse(TreeSet.empty());
        }

        /** Every φ as (register, block). */
        public Vector<Tuple2<String, String>> sites() {
            return byBlock.toVector().flatMap(entry -> entry._2.toVector().map(reg -> Tuple.of(reg, entry._1)));
        }

        /** The number of φs. */
        public int count() {
            return byBlock.values().map(SortedSet::size).sum().intValue();
        }
    }

    private PhiPlacement() {}

    /** The φs the variant places in the function. */
    public static Placement place(Module.Function function, Variant variant) {
        Cfg cfg = Cfg.of(function);
        DominatorTree tree = Dominators.of(cfg);
        return place(RegisterEffects.of(cfg), DominanceFrontiers.of(cfg, tree), variant);
    }

    /** The φs the variant places, given what the function's blocks do to its registers and its dominance frontiers. */
    public static Placement place(RegisterEffects effects, DominanceFrontiers frontiers, Variant variant) {
        Cfg cfg = effects.cfg();
        int blocks = cfg.size();
        int variables = effects.registers().size();
        LivenessCheck liveness = variant == Variant.PRUNED
                ? new LivenessCheck(cfg, variables, effects::uses, effects::defs) : null;
        IntList definedVariables = new IntList();
        IntList definingBlocks = new IntList();
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
        int[] inserted = new int[blocks];
        int[] work = new int[blocks];
        Arrays.fill(inserted, -1);
        Arrays.fill(work, -1);
        IntList[] phis = new IntList[blocks];
        // W as a stack: the blocks a variable needs φs in are the same whichever order W is worked in
        IntList w = new IntList();
        for (int v = 0; v < variables; v++) {
            // a variable no block uses before defining it is live into no block: pruned SSA gives it no φ
            // either, and skipping it spares the walk over its definitions' frontiers (the temporaries that
            // dividing trees makes are most of a function's registers)
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
                    if (variant != Variant.PRUNED || liveness.liveIn(y, v)) {
                        if (phis[y] == null) {
                            phis[y] = new IntList(2);
                        }
                        phis[y].add(v);
                        inserted[y] = v;
                    }
                    if (work[y] != v) {
                        w.add(y);
                        work[y] = v;
                    }
                }
            }
        }
        LinkedHashMap<String, SortedSet<String>> byBlock = LinkedHashMap.empty();
        for (int b = 0; b < blocks; b++) {
            if (phis[b] != null) {
                IntList at = phis[b];
                byBlock = byBlock.put(cfg.block(b).label(),
                        TreeSet.ofAll(Vector.range(0, at.size()).map(i -> effects.registers().get(at.get(i)))));
            }
        }
        return new Placement(variant, byBlock);
    }
}
