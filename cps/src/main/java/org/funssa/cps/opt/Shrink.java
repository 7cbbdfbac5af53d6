package org.funssa.cps.opt;

import java.util.EnumSet;
import org.funssa.cps.pass.Pass;

/*
 * MLton's shrink (Appel and Jim, "Shrinking lambda expressions in linear time", JFP 7(5), 1997), which MLton
 * runs after every SSA pass: the reductions that only make a program smaller, applied together until none
 * applies, in time linear in the program. Here they are seed 004's copy propagation (§6.1, Figure 6.1),
 * constant folding without the flow analysis of §6.6, dead-let removal (the part of §6.7 that needs no
 * control dependence), elimination of empty blocks (§6.10) and concatenation of basic blocks (§6.11).
 */

/**
 * {@code shrink}: copy propagation, folding of integer operations on literals with the interpreter's
 * arithmetic (never an operation that would trap: division by zero and {@code MIN / −1} stay in the program;
 * shifts never trap, the interpreter masks their counts), a select, branch or switch on a literal reduced to
 * its side (the local functions no tail reaches any more deleted), dead lets deleted, empty blocks η-reduced
 * and blocks called once by a plain jump concatenated, each reduction feeding the others, to a fixpoint.
 *
 * <p>A let is dead when none of its variables is used and its expression is not a store or a call. A load
 * counts as dead then, though it could trap (the interpreter reports an access outside memory): reading
 * through a bad address is undefined behaviour in C, the language LIR comes from, and no defined run of the
 * program sees the load go, which is what seed 004 §6.7's dce assumes as well (only stores, calls and returns
 * are marked). Likewise an unused division: it may be deleted though it may trap, but never folded.
 *
 * <p>Idempotent: its output is {@code shrink}-clean. Floats are not folded (that is {@code cstp}'s, with the
 * rounding of each conversion).
 */
public final class Shrink {

    /** The pass, named as pass strings name it. */
    public static final Pass PASS = Pass.of("shrink", f -> Shrinker.shrink(f, EnumSet.allOf(Reduction.class)));

    private Shrink() {}
}
