package org.funssa.core.interp;

import io.vavr.control.Option;

/**
 * Why and where a run stopped abnormally.
 *
 * @param kind    the class of error, one outcome per kind
 * @param message what happened, for a person
 * @param where   the statement that was executing, if the error happened inside a function
 */
public record RuntimeError(Kind kind, String message, Option<Where> where) {

    /** The classes of runtime error; each is a distinct outcome of a run. */
    public enum Kind {
        /** Integer division or modulo by zero. */
        DIVISION_BY_ZERO,
        /** Signed division or modulo of the type's minimum by -1 (x86 {@code idiv} faults on it). */
        DIVISION_OVERFLOW,
        /** A load or store outside every live allocation (null, out of bounds, freed, a function). */
        MEMORY_ACCESS,
        /** {@code free} of something that {@code malloc} did not return, or a double free. */
        INVALID_FREE,
        /** The step budget ran out: the program ran too long or loops forever. */
        STEP_BUDGET_EXHAUSTED,
        /** The call stack grew beyond the configured depth. */
        STACK_OVERFLOW,
        /** A jump to a label the function does not define. */
        MISSING_LABEL,
        /** A call through an address that is not a function. */
        CALL_OF_NON_FUNCTION,
        /** A call of an external function the library does not provide. */
        UNKNOWN_EXTERNAL,
        /** The entry function does not exist or cannot take the given arguments. */
        BAD_ENTRY,
        /** A library function was called with arguments it rejects (bad format, negative size, ...). */
        LIBRARY_ERROR,
        /** The program wrote more output than the configured limit. */
        OUTPUT_LIMIT,
        /** The program's memory (frames, heap) outgrew the JVM's heap. */
        OUT_OF_MEMORY,
        /**
         * A ψ-function selected an argument whose guarded definition did not execute: the ψ-SSA program breaks
         * the condition that an argument's guard implies its definition's (seed 001 §3, Condition 1).
         */
        UNDEFINED_PSI_ARGUMENT,
        /** A fault of the interpreter itself (a bug): reported rather than thrown. */
        INTERNAL,
        /** A construct the interpreter does not execute (I128 values, F128 arithmetic beyond double). */
        UNSUPPORTED
    }

    /**
     * A statement of a function.
     *
     * @param function  the function's name
     * @param label     the last label defined before the statement, if any
     * @param statement the statement's index in the function body (0 is the PROLOGUE)
     */
    public record Where(String function, Option<String> label, int statement) {
        @Override
        public String toString() {
            return function + label.map(l -> " at " + l).getOrElse("") + " (statement " + statement + ")";
        }
    }

    @Override
    public String toString() {
        return kind + ": " + message + where.map(w -> " in " + w).getOrElse("");
    }
}
