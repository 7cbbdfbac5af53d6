package org.funssa.cps.verify;

/** The invariants of the functional IR (DESIGN.md "The IR"; seed 003 §6.1), one per kind of violation. */
public enum Rule {
    /** A variable is used but bound nowhere in its function. */
    UNBOUND_VARIABLE,
    /** A variable is bound more than once in a function (as a parameter or by a let). */
    REBOUND_VARIABLE,
    /** A variable's number is not below its function's variable count ({@code Function.varCount}). */
    VARIABLE_NUMBER_OUT_OF_RANGE,
    /** A variable or label is used outside its scope: its binding does not dominate the use. */
    OUT_OF_SCOPE,
    /** A jump targets a label that no local function of the function defines. */
    UNKNOWN_LABEL,
    /** Two local functions of one function have the same label. */
    DUPLICATE_LABEL,
    /** A count disagrees: jump arguments vs. parameters, let variables vs. results, return values vs. results. */
    ARITY_MISMATCH,
    /** A type disagrees: operand vs. operator (the LIR typing rules), argument vs. parameter, use vs. binding. */
    TYPE_MISMATCH,
    /** A branch, switch or select condition is not of an integer type. */
    NON_INTEGER_CONDITION,
    /**
     * The guard of a predicated let or of a ψ argument is not of an integer type (a predicate is an integer, true
     * when not zero, as a branch condition is).
     */
    NON_INTEGER_GUARD,
    /** A switch lists the same case value twice. */
    DUPLICATE_CASE,
    /** A memory token is used after a store or call consumed it. */
    MEMORY_TOKEN_REUSED,
    /** A local function cannot be reached from the tail of the body that defines it. */
    UNREACHABLE_LOCAL_FUNCTION
}
