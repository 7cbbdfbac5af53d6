package org.funssa.cps.prep;

import org.funssa.core.lir.LExp;
import org.funssa.core.lir.Stmt;

/* Edge redirection on the jumps of LIR (LIR.md: JUMP, JUMPC, JUMPN; EPILOGUE has no edges). */

/** Redirecting the edges of a block's terminator. */
final class Terminators {

    private Terminators() {}

    /** The terminator with every target {@code from} replaced by {@code to}. */
    static Stmt retarget(Stmt terminator, String from, String to) {
        return switch (terminator) {
            case Stmt.Jump j -> new Stmt.Jump(swap(j.target(), from, to));
            case Stmt.JumpC j -> new Stmt.JumpC(j.test(), swap(j.ifTrue(), from, to), swap(j.ifFalse(), from, to));
            case Stmt.JumpN j -> new Stmt.JumpN(j.value(),
                    j.cases().map(c -> new Stmt.Case(c.value(), swap(c.target(), from, to))),
                    swap(j.otherwise(), from, to));
            default -> terminator;
        };
    }

    private static LExp.Label swap(LExp.Label label, String from, String to) {
        return label.name().equals(from) ? new LExp.Label(label.type(), to) : label;
    }
}
