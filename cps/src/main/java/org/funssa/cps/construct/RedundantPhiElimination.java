package org.funssa.cps.construct;

import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;

/*
 * Seed 004 §6.14 "Removing useless φ-instructions" and A.4 (COINS's rpe, on by default after
 * construction). A φ — here a parameter — is redundant when
 *   1. its target and arguments are all the same: x1 ← φ(x1, x1, x1): it is removed (it receives
 *      nothing but itself, so it is ⊥);
 *   2. its arguments are all the same: x1 ← φ(y1, y1, y1): uses of x1 become y1;
 *   3. its arguments other than the target are of one kind, or ⊥: x1 ← φ(y1, y1, x1) or
 *      x1 ← φ(y1, y1, ⊥): uses of x1 become y1.
 * §6.14 notes that COINS does not check ⊥ in cases 2 and 3 because it initialises such variables to 0;
 * with ⊥ as the IR's value for "no definition reaches" (§4.3), a ⊥ argument matches any value, so
 * case 3 holds as stated. The replacement must be in scope where the parameter's function is defined —
 * always so in cases 1 and 2 (the one definition reaching every call site dominates the block), not
 * always in case 3 with ⊥ (y1 may be defined on one branch only), where the parameter then stays. This
 * is parameter dropping (seed 003 §6.2.2) with ⊥ matching any atom, run to a fixpoint.
 *
 * The decision is made in one place, AgreedParameters, and asked of two forms of a function. This pass asks it
 * about a finished nest (through ParameterDropping): pass strings name it among the optimizations
 * (org.funssa.cps.opt.Optimizations) to clear the φs that copy propagation and the other passes make useless,
 * which is what §6.14 is for, and the dropped construction runs it when its options ask. Cytron's constructions
 * ask it, when their options do (as COINS runs rpe after translation, A.4), about the blocks renaming has just
 * written, before they are nested (RenamedBlocks), with the same result as this pass after them; this pass is
 * the reference. Idempotent: the fixpoint is reached in one run.
 */

/**
 * Redundant-φ elimination ({@code rpe}): the parameters of seed 004 §6.14's three cases are dropped. As a pass of
 * its own in a pass string it is not {@code shrink}-clean: a block whose jump passed only the dropped arguments may
 * now only jump on, which {@code ebe} or {@code shrink} removes.
 */
public final class RedundantPhiElimination implements Pass {

    /** The pass. */
    public static final RedundantPhiElimination PASS = new RedundantPhiElimination();

    private final ParameterDropping engine = new ParameterDropping("rpe", true);

    private RedundantPhiElimination() {}

    @Override
    public String name() {
        return "rpe";
    }

    @Override
    public Program apply(Program program) {
        return engine.apply(program);
    }

    /** The function without redundant parameters. */
    public Function apply(Function function) {
        return engine.apply(function);
    }
}
