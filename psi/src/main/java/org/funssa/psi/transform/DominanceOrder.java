package org.funssa.psi.transform;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.List;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.rewrite.Nest;

/**
 * Rewrites every let of a function in an order where each definition comes before its uses: the nest's preorder
 * (a body before its local functions, which it dominates) and each body's lets in order. A step sees each let once
 * and appends what replaces it; unchanged bodies are kept by identity.
 */
final class DominanceOrder {

    /** What a transformation does at each let, and where a local function's parameters come into scope. */
    interface Step {
        void let(Let let, List<Let> out);

        default void parameters(Vector<Atom.Var> params) { }
    }

    private DominanceOrder() {}

    /** The function with each let replaced by what {@code step} appends for it; new variables from {@code vars}. */
    static Function rewrite(Function function, VarSupply vars, Step step) {
        Nest nest = Nest.checked(function);
        List<Vector<Let>> lets = new ArrayList<>(nest.size());
        step.parameters(function.params());
        for (int node = 0; node < nest.size(); node++) {
            if (node != Nest.ROOT) {
                step.parameters(nest.params(node));
            }
            Body body = nest.body(node);
            List<Let> out = new ArrayList<>();
            boolean changed = false;
            for (Let let : body.lets()) {
                int before = out.size();
                step.let(let, out);
                changed |= out.size() != before + 1 || out.get(before) != let;
            }
            lets.add(changed ? Vector.ofAll(out) : body.lets());
        }
        Function rewritten = nest.rewrite((node, body) -> lets.get(node) == body.lets() ? body
                : body.withLets(lets.get(node)));
        return rewritten == function ? function : rewritten.withBody(rewritten.body(), vars.count());
    }
}
