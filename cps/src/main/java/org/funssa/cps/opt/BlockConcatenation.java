package org.funssa.cps.opt;

import java.util.EnumSet;
import org.funssa.cps.pass.Pass;

/*
 * Seed 004 §6.11 (concatenate basic blocks, Figure 6.32): a block with one successor whose successor has one
 * predecessor is merged with it, the redundant edge removed, "the instructions in the original basic blocks"
 * put "into one of the original basic block". In the functional IR the successor is a local function with one
 * call, and that call is the caller's plain jump: the merge is β-reduction, the function's parameters replaced
 * by the jump's arguments (a substitution, as the program is in SSA form), its lets appended to the caller's,
 * its local functions made the caller's and its tail the caller's tail.
 */

/**
 * {@code cbb}: every local function whose only call is a plain jump (not an arm of a branch or switch) is
 * inlined at that jump, and the merged body is looked at again, so chains of such blocks become one body.
 *
 * <p>Idempotent: no local function of its output has exactly one call that is a plain jump.
 */
public final class BlockConcatenation {

    /** The pass, named as pass strings name it. */
    public static final Pass PASS = Pass.of("cbb", f -> Shrinker.shrink(f, EnumSet.of(Reduction.CONCATENATION)));

    private BlockConcatenation() {}
}
