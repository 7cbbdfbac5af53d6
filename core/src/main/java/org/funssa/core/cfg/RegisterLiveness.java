package org.funssa.core.cfg;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.Liveness;

/*
 * Liveness of the registers of an LIR function: the dataflow of seed 004 §2.2.9's data dependence over the
 * per-block Uses and Defs of RegisterEffects, solved by org.funssa.core.graph.Liveness. The live sets can
 * hold a number of entries quadratic in the function's size (a counter set on entry and read after many
 * loops is live in all of them), which is why pruned φ placement does without them.
 */

/** Live-in and live-out registers of every block of a {@link Cfg}; registers are numbered in order of first appearance. */
public final class RegisterLiveness {

    private final RegisterEffects effects;
    private final Liveness liveness;

    private RegisterLiveness(RegisterEffects effects) {
        this.effects = effects;
        liveness = Liveness.of(effects.cfg(), effects.registers().size(), effects::uses, effects::defs);
    }

    /**
     * Computes the liveness of the function's registers.
     *
     * @throws CfgException when the function has a PHI, or a SET whose target is not MEM, REG or SUBREG
     */
    public static RegisterLiveness of(Cfg cfg) {
        return new RegisterLiveness(RegisterEffects.of(cfg));
    }

    /** Solves liveness over the blocks' uses and definitions. */
    public static RegisterLiveness of(RegisterEffects effects) {
        return new RegisterLiveness(effects);
    }

    public Cfg cfg() {
        return effects.cfg();
    }

    /** The uses and definitions of each block, which the live sets are solved from. */
    public RegisterEffects effects() {
        return effects;
    }

    /** Register names by number. */
    public Vector<String> registers() {
        return effects.registers();
    }

    /** The number of a register, if the function mentions it. */
    public Option<Integer> numberOf(String register) {
        return effects.numberOf(register);
    }

    /** Registers read in the block before any write there, increasing. */
    public IntSeq uses(int block) {
        return effects.uses(block);
    }

    /** Registers written in the block, increasing. */
    public IntSeq defs(int block) {
        return effects.defs(block);
    }

    /** Registers live on entry to the block, increasing. */
    public IntSeq liveIn(int block) {
        return liveness.liveIn(block);
    }

    /** Registers live on exit from the block, increasing. */
    public IntSeq liveOut(int block) {
        return liveness.liveOut(block);
    }

    /** The names of numbered registers, in the given order. */
    public Vector<String> names(IntSeq numbered) {
        return effects.names(numbered);
    }
}
