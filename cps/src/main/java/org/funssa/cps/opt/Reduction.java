package org.funssa.cps.opt;

/**
 * The local simplifications the {@link Shrinker} can apply, each the engine of one pass or part of
 * {@link Shrink}'s combination (seed 004 chapter 6; MLton's shrink).
 */
enum Reduction {
    /** §6.1: {@code let x = a} is deleted and {@code x} replaced by {@code a}, chains followed to their root. */
    COPY,
    /**
     * Constant folding without flow analysis: an integer operation on literals becomes its value (the
     * interpreter's {@code Arith}; an operation that would trap is left to trap), a select or branch on a
     * literal takes its side, a switch on a literal its case.
     */
    FOLD,
    /** A let none of whose variables is used and whose expression is neither a store nor a call is deleted. */
    DEAD_LET,
    /** §6.10: a local function that only jumps on with its parameters in order is η-reduced away. */
    EMPTY_BLOCK,
    /** §6.11: a local function whose only call is a plain jump is β-reduced into the body making it. */
    CONCATENATION
}
