package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.BitSet;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Substitution;

/*
 * Seed 004 §6.14 "Removing useless φ-instructions" and A.4 (COINS's rpe after translation), decided on the
 * tables Cytron et al.'s renaming (Figure 4.3) has just written, before Nesting makes the nest of them. The
 * decision is AgreedParameters' with ⊥ matching any atom, as RedundantPhiElimination's, and so are its
 * cases; what this file adds is the two questions the decision asks, answered from the renaming walk:
 *   - where a variable is bound: the walk visits the blocks in preorder of the dominator tree and numbers
 *     the variables it makes in that order, a block's φ variables first and then its lets', so the block
 *     binding variable v is the last in preorder to have started numbering at or before v;
 *   - whether a binding is in scope at a block's definition: whether its block strictly dominates the block.
 * Then only what a drop touches is rewritten: the parameter lists of the blocks that lose φs, the jumps to
 * them, and the lets and tails that mention a dropped φ, which are in the dominator subtrees of the blocks
 * that lose one (a φ variable's uses are where it is in scope).
 */

/**
 * What renaming wrote for each block of a function, by block number: its φ variables (the parameters of its local
 * function) and its lets and tail; the blocks in preorder of the dominator tree are the nodes {@link
 * AgreedParameters} reads. {@link #withoutRedundantPhis()} is redundant-φ elimination on these tables.
 */
final class RenamedBlocks implements AgreedParameters.Sites {

    private final String function;
    private final Cfg cfg;
    private final DominatorTree tree;
    private final IntSeq preorder;
    private final Vector<Atom.Var>[] params;
    private final Lowering.Block[] blocks;
    /** For each node (preorder position), the number of the first variable made for its block. */
    private final int[] firstVariable;
    private int varCount;

    @SuppressWarnings("unchecked")
    RenamedBlocks(String function, Cfg cfg, DominatorTree tree) {
        this.function = function;
        this.cfg = cfg;
        this.tree = tree;
        this.preorder = tree.preorder();
        this.params = new Vector[cfg.size()];
        this.blocks = new Lowering.Block[cfg.size()];
        this.firstVariable = new int[preorder.size()];
    }

    /**
     * Starts block {@code b}, whose variables are numbered from {@code firstVariable}: the walk starts the blocks in
     * preorder of the dominator tree.
     */
    void start(int b, int firstVariable) {
        this.firstVariable[tree.preNumber(b)] = firstVariable;
        this.varCount = firstVariable;
    }

    /** Records block {@code b}'s φ variables and code, all its variables made below {@code varCount}. */
    void finish(int b, Vector<Atom.Var> phis, Lowering.Block code, int varCount) {
        params[b] = phis;
        blocks[b] = code;
        this.varCount = varCount;
    }

    /** Block {@code b}'s φ variables. */
    Vector<Atom.Var> phis(int b) {
        return params[b];
    }

    /** Block {@code b}'s lets and tail. */
    Lowering.Block code(int b) {
        return blocks[b];
    }

    /**
     * Drops the φs of seed 004 §6.14's cases from the tables: their variables from the blocks' parameters, their
     * arguments from the jumps to them, and their uses, replaced by the atom each stands for.
     */
    void withoutRedundantPhis() {
        AgreedParameters agreed = AgreedParameters.decide(this, "rpe", true);
        if (!agreed.dropsAny()) {
            return;
        }
        int n = size();
        BitSet touched = new BitSet(n);
        int covered = -1; // the subtrees marked so far end here; preorder makes them nested or disjoint
        for (int node = 1; node < n; node++) {
            if (!agreed.dropsAt(node)) {
                continue;
            }
            IntList sources = agreed.sources(node);
            for (int i = 0; i < sources.size(); i++) {
                touched.set(sources.get(i));
            }
            if (node > covered) {
                int b = preorder.get(node);
                for (covered = node; covered + 1 < n && tree.dominates(b, preorder.get(covered + 1)); covered++) {
                    continue;
                }
                touched.set(node, covered + 1);
            }
        }
        Substitution uses = agreed.substitution();
        for (int node = touched.nextSetBit(0); node >= 0; node = touched.nextSetBit(node + 1)) {
            int b = preorder.get(node);
            params[b] = agreed.keptParams(node);
            Lowering.Block code = blocks[b];
            Vector<Let> lets = mentions(code.lets(), agreed) ? uses.apply(code.lets()) : code.lets();
            Tail tail = uses.apply(code.tail().mapJumps(j -> agreed.keptArguments(j, nodeOf(j))));
            if (lets != code.lets() || tail != code.tail()) {
                blocks[b] = new Lowering.Block(lets, tail, code.functionParams());
            }
        }
    }

    /** Whether a let uses a dropped φ variable. */
    private static boolean mentions(Vector<Let> lets, AgreedParameters agreed) {
        for (Let let : lets) {
            for (int i = 0; i < let.operandCount(); i++) {
                if (let.operand(i) instanceof Atom.Var v && agreed.drops(v)) {
                    return true;
                }
            }
        }
        return false;
    }

    private int nodeOf(Tail.Jump jump) {
        return cfg.blockOf(jump.target().name()).map(tree::preNumber).getOrElse(-1);
    }

    @Override
    public String function() {
        return function;
    }

    @Override
    public int size() {
        return preorder.size();
    }

    @Override
    public int varCount() {
        return varCount;
    }

    @Override
    public Vector<Atom.Var> params(int node) {
        return params[preorder.get(node)];
    }

    @Override
    public Tail tail(int node) {
        return blocks[preorder.get(node)].tail();
    }

    @Override
    public int target(int node, int k) {
        return nodeOf(tail(node).jump(k));
    }

    /** The last node in preorder whose block started numbering at or before {@code v}. */
    @Override
    public int bindingNode(Atom.Var v) {
        if (v.id() < 0 || v.id() >= varCount) {
            return -1;
        }
        int lo = 0;
        int hi = firstVariable.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (firstVariable[mid] <= v.id()) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    @Override
    public boolean strictlyEncloses(int outer, int inner) {
        return outer < inner && tree.dominates(preorder.get(outer), preorder.get(inner));
    }
}
