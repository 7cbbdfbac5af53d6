package org.funssa.cps.construct;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.List;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.cfg.RegisterLiveness;
import org.funssa.core.graph.IntSeq;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.VarSupply;

/*
 * Seed 003 §6.2.1, "liveness-based parameter introduction": every block becomes a closed local function
 * whose parameters are the variables live into it — the registers, and the memory token, which is a
 * register here (MemoryRegister) — and every jump passes their current values. All local functions sit
 * side by side in the function's body, which is the entry block; nothing is in scope in a local
 * function but its own parameters and lets: the λ-lifted form. Blocks the entry does not reach are
 * left out (they have no dominator, so no place in the dropped form either). The parameters are the full
 * live-in sets, so this construction is as large as they are and stays quadratic where they are: L loops
 * counting L counters set on entry (LirGenerator's COUNTERS_AHEAD shape) give counter k a parameter in every
 * block of loops 1..k-1 — unlike Cytron's pruned form, which decides liveness only where
 * a φ may go (org.funssa.cps.prep.PhiPlacement).
 */

/**
 * Builds the λ-lifted form of a function in normal form. Its parameters are the registers live into each
 * block, so its size, and its time, are those of the live sets: quadratic in the function's size when many
 * registers are live through many blocks, as with L sequential loops whose counters are all set on entry.
 */
final class LiftedConstruction {

    private LiftedConstruction() {}

    static Function construct(NormalForm form, ConstructionOptions options) {
        Cfg cfg = form.cfg();
        RegisterLiveness liveness = RegisterLiveness.of(cfg);
        Registers registers = new Registers(form, liveness.effects().numbers());
        VarSupply names = VarSupply.from(0);
        Lowering lowering = new Lowering(form, registers, names, options);
        List<Fn> blocks = new ArrayList<>();
        Lowering.Block entry = null;
        Environment env = new Environment(registers); // each block starts from the empty mark: nothing reaches
        int empty = env.mark();
        for (int b = 0; b < cfg.size(); b++) {
            if (!form.dominators().contains(b)) {
                continue;
            }
            env.restore(empty);
            Vector<Atom.Var> params = Vector.empty();
            if (b != cfg.entry()) {
                IntSeq live = liveness.liveIn(b);
                for (int i = 0; i < live.size(); i++) {
                    int register = live.get(i);
                    Atom.Var p = names.fresh(registers.name(register), registers.type(register));
                    env.put(register, p);
                    params = params.append(p);
                }
            }
            Lowering.Block block = lowering.block(b, env, liveness::liveIn);
            if (b == cfg.entry()) {
                entry = block;
            } else {
                blocks.add(new Fn(new Label(cfg.block(b).label()), params, Body.of(block.lets(), block.tail())));
            }
        }
        return lowering.function(entry, Vector.ofAll(blocks));
    }
}
