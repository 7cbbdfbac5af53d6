package org.funssa.psi.guard;

import org.funssa.cps.ir.Atom;

/**
 * A two-way branch of the decision graph that guards are read as ({@link GuardPaths}): whether a condition
 * holds ({@link Truth}: an atom read as "not zero") or whether a switch value is one of its cases ({@link Case}:
 * {@code v = k}, the tests of one value excluding each other).
 */
public sealed interface BranchTest {

    /** The condition {@code atom ≠ 0}: a comparison of data, a parameter, anything guards are not made of. */
    record Truth(Atom.Var atom) implements BranchTest {}

    /** The case {@code value = constant} of a switch (or a compare chain) on {@code value}. */
    record Case(Atom.Var value, Atom.IntLit constant) implements BranchTest {}
}
