package org.funssa.core.interp;

/**
 * What executing one compiled statement counts: {@code steps} against the step budget (the statement and every
 * L-expression node in it) and {@code operations}, the executed-operation count of {@link RunResult#operations()}
 * (the package documentation defines both).
 */
record Cost(int steps, int operations) {

    /** What the compiler's own jumps count (a fall-through into a block of PHIs): nothing. */
    static final Cost NONE = new Cost(0, 0);

    /** What a statement that cannot be executed counts when it is reached: one step, no operation. */
    static final Cost TRAP = new Cost(1, 0);
}
