package org.funssa.psi;

import org.funssa.cps.ir.Expr;

/**
 * Which expressions may be executed where their source did not execute them: seed 001 §3's condition for
 * partial predication ("these non-predicated arguments can be safely speculated"). An expression is safe to
 * speculate when it has no effect and cannot trap: copies, selects, ψs and every pure operator but integer
 * division and remainder (which trap on zero and on the minimum divided by −1). Loads may fault on an address
 * the source never read, stores and calls have effects: they stay predicated.
 */
public final class Speculation {

    private Speculation() {}

    /** Whether executing {@code expr} unguarded can neither trap nor change memory or output. */
    public static boolean isSafe(Expr expr) {
        return switch (expr) {
            case Expr.Copy c -> true;
            case Expr.Select s -> true;
            case Expr.Psi p -> true;
            case Expr.Prim p -> switch (p.op()) {
                case DIVS, DIVU, MODS, MODU -> !p.type().isInteger();
                default -> true;
            };
            case Expr.Load l -> false;
            case Expr.Store s -> false;
            case Expr.Call c -> false;
        };
    }
}
