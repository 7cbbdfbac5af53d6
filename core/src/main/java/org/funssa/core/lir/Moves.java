package org.funssa.core.lir;

/**
 * The moves a function body makes, by kind, counted as the corpus's {@code COINS-SSA.tsv} counts COINS 1.5's
 * copies: a top-level {@code (SET t (REG t "x") (REG t "y"))} is a copy; a register set to a constant is a
 * constant move, which COINS does not count as a copy. A register set to a select of two registers, {@code (SET t
 * (REG t "x") (IF t c (REG t "a") (REG t "b")))}, is a predicated copy (seed 001 §5 counts them with the copies that
 * out-of-ψ-SSA leaves); COINS's own output holds none.
 *
 * @param copies           register-to-register {@code SET}s
 * @param constants        {@code SET}s of a register to an {@code INTCONST} or {@code FLOATCONST}
 * @param predicatedCopies {@code SET}s of a register to a select whose arms are registers
 */
public record Moves(int copies, int constants, int predicatedCopies) {

    /** No moves. */
    public static final Moves NONE = new Moves(0, 0, 0);

    /** The moves of one function's body. */
    public static Moves of(Module.Function function) {
        int copies = 0;
        int constants = 0;
        int predicated = 0;
        for (Stmt s : function.body()) {
            if (s instanceof Stmt.Set set && set.target() instanceof LExp.Reg) {
                switch (set.value()) {
                    case LExp.Reg r -> copies++;
                    case LExp.IntConst c -> constants++;
                    case LExp.FloatConst c -> constants++;
                    case LExp.If(LirType t, LExp c, LExp.Reg a, LExp.Reg b) -> predicated++;
                    default -> { }
                }
            }
        }
        return new Moves(copies, constants, predicated);
    }

    /** The moves of every function of a module. */
    public static Moves of(Module module) {
        return module.functions().map(Moves::of).fold(NONE, Moves::plus);
    }

    /** The sum of two counts. */
    public Moves plus(Moves other) {
        return new Moves(copies + other.copies, constants + other.constants,
                predicatedCopies + other.predicatedCopies);
    }
}
