package org.funssa.cps.opt;

import java.util.EnumSet;
import org.funssa.cps.pass.Pass;

/*
 * Seed 004 §6.1, Figure 6.1 (copy propagation): step 1 finds each copy statement and deletes it, step 2 replaces
 * every use of its left-hand side by its right-hand side, "if the copy is in chain the process continues until
 * the root is reached" (x ← y; z ← x: z is replaced by y). In SSA form no live range needs checking; in the
 * functional IR a copy "let x = a in e" is the substitution e[a/x] (seed 003 §6.1), and a variable's uses are
 * all in the scope of its let, so the substitution applies to the whole function.
 */

/**
 * {@code cpyp}: every {@code let x = a} is deleted and {@code x} replaced by the root of its chain of copies (a
 * variable, a literal, an address or ⊥) in its scope. A local function's parameter whose every call passes the
 * same atom is left to {@code rpe}: it is a φ-function, not a copy.
 *
 * <p>Idempotent: its output has no copy. It removes only copies: a let or block made useless stays for
 * {@link Shrink}, so its output is not {@code shrink}-clean when the program had dead code.
 */
public final class CopyPropagation {

    /** The pass, named as pass strings name it. */
    public static final Pass PASS = Pass.of("cpyp", f -> Shrinker.shrink(f, EnumSet.of(Reduction.COPY)));

    private CopyPropagation() {}
}
