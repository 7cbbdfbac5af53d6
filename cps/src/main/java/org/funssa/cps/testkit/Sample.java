package org.funssa.cps.testkit;

import org.funssa.cps.ir.Program;

/**
 * An IR program to check a law on, with the number of interpreter steps within which a run of its
 * {@code main} is known to end ({@code 0} when the program is not meant to be run).
 */
public record Sample(Program program, long stepBudget) {

    /** A program with no known step budget: laws that run programs treat it as inconclusive. */
    public static Sample unrunnable(Program program) {
        return new Sample(program, 0);
    }

    /** The same budget with another program (a reduction candidate, a pass's output). */
    public Sample with(Program other) {
        return new Sample(other, stepBudget);
    }
}
