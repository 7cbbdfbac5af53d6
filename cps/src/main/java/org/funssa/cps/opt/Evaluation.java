package org.funssa.cps.opt;

import org.funssa.cps.ir.Atom;

/*
 * Seed 004 §6.6, Table 6.3: the evaluation value of a variable during constant propagation is "undefined" (no
 * reachable definition has produced it yet), "constant c" or "indeterminate", and a φ-function's value is the
 * meet of its reachable arguments' by the table. Undefined is the table's identity, indeterminate absorbs, and
 * two constants meet to themselves when equal. A value only ever moves down the table, so it changes at most
 * twice.
 */

/** The evaluation value of a variable in conditional constant propagation: Table 6.3's lattice. */
sealed interface Evaluation {

    /** No reachable definition has produced the value yet: the table's identity. */
    Evaluation UNDEFINED = new Undefined();
    /** The value may differ between executions, or is ⊥, or is not a literal's: it absorbs. */
    Evaluation INDETERMINATE = new Indeterminate();

    /** "undefined". */
    record Undefined() implements Evaluation {}

    /** "constant c": every execution gives the value of {@code literal}, an integer, float or address literal. */
    record Constant(Atom literal) implements Evaluation {}

    /** "indeterminate". */
    record Indeterminate() implements Evaluation {}

    /** The value of a φ-function with this value and {@code other} among its reachable arguments (Table 6.3). */
    default Evaluation meet(Evaluation other) {
        return switch (this) {
            case Undefined u -> other;
            case Indeterminate i -> this;
            case Constant c -> other instanceof Undefined || other.equals(this) ? this : INDETERMINATE;
        };
    }
}
