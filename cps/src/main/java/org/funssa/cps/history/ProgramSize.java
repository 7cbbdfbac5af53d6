package org.funssa.cps.history;

import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.rewrite.Nest;

/**
 * The size of a program: its lets (instructions), local functions (blocks), conditional branches (tails that
 * branch or switch) and ψ-functions, counted over the {@link Nest} of every function, whatever the nesting depth.
 * If-conversion shows as branches removed and ψs made.
 */
public record ProgramSize(long lets, long localFunctions, long branches, long psis) {

    /** The size of {@code program}. */
    public static ProgramSize of(Program program) {
        long lets = 0;
        long locals = 0;
        long branches = 0;
        long psis = 0;
        for (Function f : program.functions()) {
            Nest nest = Nest.of(f);
            for (int node = 0; node < nest.size(); node++) {
                Body body = nest.body(node);
                lets += body.lets().size();
                psis += body.lets().count(let -> let.expr() instanceof Expr.Psi);
                branches += body.tail() instanceof Tail.Branch || body.tail() instanceof Tail.Switch ? 1 : 0;
            }
            locals += nest.size() - 1;
        }
        return new ProgramSize(lets, locals, branches, psis);
    }

    /** Lets and local functions, as the history's log prints them; {@code --stats} also gives branches and ψs. */
    @Override
    public String toString() {
        return lets + " lets, " + localFunctions + " local functions";
    }
}
