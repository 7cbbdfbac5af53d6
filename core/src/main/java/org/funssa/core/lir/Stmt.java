package org.funssa.core.lir;

import io.vavr.collection.Vector;

/**
 * A statement of a function body: the L-expressions that do something rather than denote a value.
 * A body starts with {@link Prologue}, ends with {@link Epilogue}, and {@link DefLabel} marks jump
 * targets; jumps never leave their function.
 */
public sealed interface Stmt
        permits Stmt.Set, Stmt.Jump, Stmt.JumpC, Stmt.JumpN, Stmt.Call, Stmt.Prologue, Stmt.Epilogue,
                Stmt.DefLabel, Stmt.Parallel, Stmt.Use, Stmt.Clobber, Stmt.Line, Stmt.Phi {

    /** {@code (SET t lhs rhs)}: lhs is a {@code MEM}, {@code REG} or {@code SUBREG}. */
    record Set(LirType type, LExp target, LExp value) implements Stmt {}

    /** {@code (JUMP (LABEL t "l"))}. */
    record Jump(LExp.Label target) implements Stmt {}

    /** {@code (JUMPC test (LABEL …) (LABEL …))}: to ifTrue when the comparison yields 1. */
    record JumpC(LExp test, LExp.Label ifTrue, LExp.Label ifFalse) implements Stmt {}

    /** {@code (JUMPN v ((c (LABEL …))…) (LABEL …))}: a multiway jump on the value of v. */
    record JumpN(LExp value, Vector<Case> cases, LExp.Label otherwise) implements Stmt {}

    /** One case of a {@link JumpN}. */
    record Case(LExp.IntConst value, LExp.Label target) {}

    /** {@code (CALL f (arg…) (receiver…))}: results are assigned to the receivers. */
    record Call(LExp function, Vector<LExp> args, Vector<LExp> receivers) implements Stmt {}

    /**
     * {@code (PROLOGUE (frame regs) param…)}: parameters are assigned on entry. The pair is kept as
     * written (COINS prints {@code (0 0)}).
     */
    record Prologue(long frameSize, long savedSize, Vector<LExp> params) implements Stmt {}

    /** {@code (EPILOGUE (frame regs) result…)}: the results are returned. */
    record Epilogue(long frameSize, long savedSize, Vector<LExp> results) implements Stmt {}

    /** {@code (DEFLABEL "l")}: marks the start of a block. */
    record DefLabel(String name) implements Stmt {}

    /** {@code (PARALLEL x…)}: the statements take effect simultaneously. */
    record Parallel(Vector<Stmt> parts) implements Stmt {}

    /** {@code (USE r…)}: marks registers as used (no effect when interpreted). */
    record Use(Vector<LExp> registers) implements Stmt {}

    /** {@code (CLOBBER r…)}: marks registers as destroyed (no effect when interpreted). */
    record Clobber(Vector<LExp> registers) implements Stmt {}

    /** {@code (LINE n)}: a source line marker. */
    record Line(int line) implements Stmt {}

    /** {@code (PHI t dst (val (LABEL t "pred"))…)}: dst = the val coming from the predecessor pred. */
    record Phi(LirType type, LExp target, Vector<PhiArg> args) implements Stmt {}

    /** One argument of a {@link Phi}. */
    record PhiArg(LExp value, LExp.Label predecessor) {}

    /** The L-expressions this statement holds directly, in order (those of a {@code PARALLEL}'s parts). */
    default Vector<LExp> expressions() {
        return switch (this) {
            case Set set -> Vector.of(set.target(), set.value());
            case Jump j -> Vector.of(j.target());
            case JumpC j -> Vector.of(j.test(), j.ifTrue(), j.ifFalse());
            case JumpN j -> j.cases().<LExp>flatMap(c -> Vector.of(c.value(), c.target())).prepend(j.value())
                    .append(j.otherwise());
            case Call c -> c.args().prepend(c.function()).appendAll(c.receivers());
            case Prologue p -> p.params();
            case Epilogue e -> e.results();
            case Phi phi -> phi.args().<LExp>flatMap(a -> Vector.of(a.value(), a.predecessor())).prepend(phi.target());
            case Use u -> u.registers();
            case Clobber c -> c.registers();
            case Parallel p -> p.parts().flatMap(Stmt::expressions);
            case DefLabel d -> Vector.empty();
            case Line l -> Vector.empty();
        };
    }

    /** Whether control never falls through this statement to the next one. */
    default boolean endsBlock() {
        return switch (this) {
            case Jump j -> true;
            case JumpC j -> true;
            case JumpN j -> true;
            case Epilogue e -> true;
            case Set s -> false;
            case Call c -> false;
            case Prologue p -> false;
            case DefLabel d -> false;
            case Parallel p -> false;
            case Use u -> false;
            case Clobber c -> false;
            case Line l -> false;
            case Phi p -> false;
        };
    }
}
