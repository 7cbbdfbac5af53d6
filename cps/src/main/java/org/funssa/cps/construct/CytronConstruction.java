package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.cfg.RegisterEffects;
import org.funssa.core.graph.DominanceFrontiers;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.prep.PhiPlacement;

/*
 * Cytron et al.'s construction as seed 004 chapter 4 gives it: φ placement at iterated dominance
 * frontiers in one of three variants (Figure 4.1, org.funssa.cps.prep.PhiPlacement), then renaming
 * along the dominator tree (Figure 4.3). The φs for register v at block Y are Y's parameters (one per
 * register, ordered by name); "replace parameter v of φ-function in Y with v_new" is the argument list
 * of the jump to Y, written when X's tail is lowered; every Stack(v) starts as ⊥ (§4.3). The walk
 * is DominatorTree.walk (no recursion: the tree may be 10^5 levels deep and more); leaving a block rolls
 * Environment's undo log back to where it was on entering, to "pop all the variables that have been put onto
 * the stack during the processing of block X". When the options ask for it, redundant-φ elimination (seed 004 §6.14 and A.4) is decided and
 * done on the tables the walk wrote (RenamedBlocks), before they are nested. Each block's local function is
 * defined in its immediate dominator's body (Nesting), so the result has the IR's scoping as its dominance
 * property, whichever variant.
 */

/** Builds the SSA form of a function in normal form by Cytron et al.'s method. */
final class CytronConstruction {

    private CytronConstruction() {}

    static Function construct(NormalForm form, PhiPlacement.Variant variant, ConstructionOptions options) {
        Renaming renaming = rename(form, variant, options);
        RenamedBlocks renamed = renaming.blocks();
        Lowering lowering = renaming.lowering();
        if (options.redundantPhiElimination()) {
            renamed.withoutRedundantPhis();
        }
        DominatorTree tree = form.dominators();
        Body body = Nesting.nest(tree, new Nesting.Parts() {
            @Override
            public Fn function(int node, Body nested) {
                return new Fn(lowering.label(node), renamed.phis(node), nested);
            }

            @Override
            public Body body(int node) {
                Lowering.Block code = renamed.code(node);
                return Body.of(code.lets(), code.tail());
            }
        });
        Lowering.Block entry = renamed.code(tree.root());
        return lowering.function(new Lowering.Block(body.lets(), body.tail(), entry.functionParams()),
                body.functions());
    }

    /** What renaming wrote for each block, and the lowering that wrote it (which makes the function). */
    record Renaming(RenamedBlocks blocks, Lowering lowering) {}

    /**
     * Places the φs and renames (Figure 4.3): each block's φ variables and code, in tables that record what
     * redundant-φ elimination reads when the options ask for it.
     */
    static Renaming rename(NormalForm form, PhiPlacement.Variant variant, ConstructionOptions options) {
        Cfg cfg = form.cfg();
        DominatorTree tree = form.dominators();
        RegisterEffects effects = RegisterEffects.of(cfg);
        IntSeq[] phis = phis(effects, tree, variant);
        Registers registers = new Registers(form, effects.numbers());
        VarSupply names = VarSupply.from(0);
        Lowering lowering = new Lowering(form, registers, names, options);
        RenamedBlocks renamed = new RenamedBlocks(form.name(), cfg, tree,
                options.redundantPhiElimination());
        Environment env = new Environment(registers, renamed::read);
        IntList marks = new IntList(); // the environment's undo-log mark of each block entered and not left
        tree.walk(new DominatorTree.Walk() {
            @Override
            public void enter(int b) {
                marks.add(env.mark());
                int firstVariable = names.count();
                Atom.Var[] ps = new Atom.Var[phis[b].size()];
                for (int i = 0; i < ps.length; i++) {
                    int register = phis[b].get(i);
                    ps[i] = names.fresh(registers.name(register), registers.type(register));
                    env.put(register, ps[i]);
                }
                renamed.start(b, firstVariable, ps.length == 0 ? Vector.empty() : Vector.of(ps));
                renamed.finish(b, lowering.block(b, env, t -> phis[t]), names.count());
            }

            @Override
            public void leave(int b) {
                env.restore(marks.pop());
            }
        });
        return new Renaming(renamed, lowering);
    }

    /**
     * The registers that get a φ at each block, by number, ordered by name (Figure 4.1). The frontiers are made
     * and dropped here, before renaming allocates the IR, which the collector would otherwise copy them with. No
     * variant builds live sets: pruning asks about the blocks the walk reaches.
     */
    private static IntSeq[] phis(RegisterEffects effects, DominatorTree tree, PhiPlacement.Variant variant) {
        Cfg cfg = effects.cfg();
        PhiPlacement.Placement placement = PhiPlacement.place(effects, tree, DominanceFrontiers.of(cfg, tree),
                variant);
        IntSeq[] phis = new IntSeq[cfg.size()];
        for (int b = 0; b < phis.length; b++) {
            phis[b] = placement.at(b);
        }
        return phis;
    }
}
