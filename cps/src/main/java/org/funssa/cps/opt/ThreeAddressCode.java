package org.funssa.cps.opt;

import org.funssa.cps.pass.Pass;

/*
 * Source: seed 004 §6.9 "Dividing into three-address code", Figures 6.28–6.30: an expression with several
 * operators, x ← a + b * c − d, is divided at every operand that is not a leaf into one assignment per
 * operator through temporaries (tmp1 ← b × c; tmp2 ← a + tmp1; tmp3 ← tmp2 − d; x ← tmp3).
 */

/**
 * {@code divex}: the program in three-address code. The functional IR is already divided — let-normal form names
 * every intermediate result and every operand is an atom — so on the IR this pass is the identity, and its effect
 * is on the way out: a pass string that names {@code divex} has the LIR writer write one operator per right-hand
 * side ({@code LirWriter.Form.THREE_ADDRESS}) instead of substituting single-use temporaries back into trees
 * (seed 004 §5.4.6, which COINS does before back translation whether or not {@code divex} ran).
 */
public final class ThreeAddressCode {

    /** The pass, by its name in pass strings. */
    public static final Pass PASS = Pass.of("divex", function -> function);

    private ThreeAddressCode() {}
}
