package org.funssa.cps.opt;

import java.util.EnumSet;
import org.funssa.cps.pass.Pass;

/*
 * Seed 004 §6.10 (elimination of empty blocks, Figure 6.31): an empty block E, "a basic block that does not
 * contain any other code than jump instructions" and no φ-function, with one predecessor P and one successor S,
 * is removed and the edge P → S added. In the functional IR a block's φ-functions are its parameters, and a
 * local function that only passes them on, "E(x₁, …, xₙ) = jump S(x₁, …, xₙ)", is the η-expansion of S: every
 * call E(a…) is S(a…). This is more than Condition 1 of the seed, which COINS needs because removing an edge
 * there must rewrite φ-functions; here no φ-function moves, so E may have any number of calls and S any number
 * of predecessors. S is in scope at every call of E, since it is in scope in E and E has no local functions.
 */

/**
 * {@code ebe}: every local function with no lets and no local functions whose tail jumps on with exactly its
 * parameters in order is deleted and its calls go to the jump's target; chains of them collapse to their last
 * target. A cycle of such functions (an empty infinite loop) keeps one of them.
 *
 * <p>Idempotent: every empty block of its output is on such a cycle.
 */
public final class EmptyBlockElimination {

    /** The pass, named as pass strings name it. */
    public static final Pass PASS = Pass.of("ebe", f -> Shrinker.shrink(f, EnumSet.of(Reduction.EMPTY_BLOCK)));

    private EmptyBlockElimination() {}
}
