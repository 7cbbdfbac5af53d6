package org.funssa.psi.guard;

/** One way out of a {@link BranchTest}: the branch taken when the test {@code holds}, or the other one. */
public record Outcome(BranchTest test, boolean holds) {

    /** The outcome as a label: the test's atom, negated by "!" when it does not hold; "v=k" or "v!=k" for a case. */
    @Override
    public String toString() {
        return switch (test) {
            case BranchTest.Truth(var atom) -> (holds ? "" : "!") + atom.hint();
            case BranchTest.Case(var value, var constant) -> value.hint() + (holds ? "=" : "!=") + constant.value();
        };
    }
}
