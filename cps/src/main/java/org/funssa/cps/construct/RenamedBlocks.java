package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.UnaryOperator;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Images;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;

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
 * them, and the blocks that use a dropped φ. Which blocks use which φ the walk records as it goes: φ variables
 * are known when they are made, before any is used, and every use in a block's code is a value the block read
 * from the Environment while it was lowered, which tells this table (a block told of a φ it copied but did not
 * use is rewritten to no change). The jumps' targets are the blocks' successors in the graph, in the order of
 * the jumps (Lowering writes them so).
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
    /** Whether what redundant-φ elimination reads is recorded: the blocks' uses of φs. */
    private final boolean recording;
    /** The block being lowered. */
    private int current;
    /** Each φ variable's index among the φs, by variable number; −1 for other variables. */
    private int[] phiIndex = new int[0];
    /** The φ variables, by index. */
    private final List<Atom.Var> phiVariables = new ArrayList<>();
    /**
     * The blocks using each φ, as lists in arrays: each φ's first use (−1 for none) and last using block, each use's
     * block and next use. A block using a φ several times is recorded once.
     */
    private final IntList firstUse = new IntList();
    private final IntList lastUser = new IntList();
    private final IntList useBlock = new IntList();
    private final IntList useNext = new IntList();

    /**
     * Tables for the blocks of {@code cfg} under {@code tree}; {@code recording} when {@link #withoutRedundantPhis()}
     * will be asked.
     */
    @SuppressWarnings("unchecked")
    RenamedBlocks(String function, Cfg cfg, DominatorTree tree, boolean recording) {
        this.function = function;
        this.cfg = cfg;
        this.tree = tree;
        this.preorder = tree.preorder();
        this.params = new Vector[cfg.size()];
        this.blocks = new Lowering.Block[cfg.size()];
        this.firstVariable = new int[preorder.size()];
        this.recording = recording;
    }

    /**
     * Starts block {@code b}, whose variables are numbered from {@code firstVariable}, its φ variables first: the
     * walk starts the blocks in preorder of the dominator tree.
     */
    void start(int b, int firstVariable, Vector<Atom.Var> phis) {
        this.firstVariable[tree.preNumber(b)] = firstVariable;
        this.varCount = firstVariable + phis.size();
        params[b] = phis;
        current = b;
        if (!recording || phis.isEmpty()) {
            return;
        }
        if (phiIndex.length < varCount) {
            int old = phiIndex.length;
            phiIndex = Arrays.copyOf(phiIndex, Math.max(varCount, 2 * old));
            Arrays.fill(phiIndex, old, phiIndex.length, -1);
        }
        for (Atom.Var p : phis) {
            phiIndex[p.id()] = phiVariables.size();
            phiVariables.add(p);
            firstUse.add(-1);
            lastUser.add(-1);
        }
    }

    /**
     * Records that the block being lowered read {@code value} from the environment: a use, if it is a φ variable
     * (the Environment's reader).
     */
    void read(Atom value) {
        if (recording && value instanceof Atom.Var v && v.id() < phiIndex.length && phiIndex[v.id()] >= 0) {
            int phi = phiIndex[v.id()];
            if (lastUser.get(phi) == current) {
                return;
            }
            lastUser.set(phi, current);
            useBlock.add(current);
            useNext.add(firstUse.get(phi));
            firstUse.set(phi, useBlock.size() - 1);
        }
    }

    /**
     * The blocks recorded as using the φ variable, each once: every block whose code uses it, and perhaps a block that
     * only copied it.
     */
    IntList users(Atom.Var phi) {
        IntList users = new IntList();
        for (int use = firstUse.get(phiIndex[phi.id()]); use >= 0; use = useNext.get(use)) {
            users.add(useBlock.get(use));
        }
        return users;
    }

    /** Records block {@code b}'s code, all its variables made below {@code varCount}. */
    void finish(int b, Lowering.Block code, int varCount) {
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
        BitSet touched = new BitSet(size()); // by node
        for (int node = 1; node < size(); node++) {
            if (agreed.dropsAt(node)) {
                touched.set(node);
                IntList sources = agreed.sources(node);
                for (int i = 0; i < sources.size(); i++) {
                    touched.set(sources.get(i));
                }
            }
        }
        BitSet using = new BitSet(size()); // by node: the blocks using a dropped φ
        for (Atom.Var phi : phiVariables) {
            if (agreed.drops(phi)) {
                IntList users = users(phi);
                for (int i = 0; i < users.size(); i++) {
                    using.set(tree.preNumber(users.get(i)));
                }
            }
        }
        touched.or(using);
        UnaryOperator<Atom> uses = agreed::replacement;
        for (int node = touched.nextSetBit(0); node >= 0; node = touched.nextSetBit(node + 1)) {
            int b = preorder.get(node);
            params[b] = agreed.keptParams(node);
            Lowering.Block code = blocks[b];
            Vector<Let> lets = using.get(node) ? Images.map(code.lets(), let -> let.mapAtoms(uses)) : code.lets();
            Tail tail = code.tail().mapJumps(j -> agreed.keptArguments(j, nodeOf(j)));
            tail = using.get(node) ? tail.mapAtoms(uses) : tail;
            if (lets != code.lets() || tail != code.tail()) {
                blocks[b] = new Lowering.Block(lets, tail, code.functionParams());
            }
        }
    }

    /** The node a jump goes to, by its label: asked only of the few jumps of the blocks a drop touches. */
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
    public int jumpCount(int node) {
        return cfg.successors(preorder.get(node)).size();
    }

    @Override
    public int target(int node, int k) {
        return tree.preNumber(cfg.successors(preorder.get(node)).get(k));
    }

    @Override
    public Tail.Jump jump(int node, int k) {
        return blocks[preorder.get(node)].tail().jump(k);
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
