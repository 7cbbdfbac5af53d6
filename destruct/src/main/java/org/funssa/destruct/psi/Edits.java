package org.funssa.destruct.psi;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.psi.Predicates;

/**
 * The edits one step of out-of-ψ-SSA makes to a function: lets inserted just after definition points (in {@link
 * PsiDefinitions}' numbering, the copies each step inserts), and lets replaced (the ψs whose arguments change).
 */
final class Edits {

    private final PsiDefinitions defs;
    private final Map<Integer, List<Let>> after = new HashMap<>();
    private final Map<Let, Let> replaced = new IdentityHashMap<>();

    Edits(PsiDefinitions defs) {
        this.defs = defs;
    }

    /** The lets inserted after point {@code point}, in order; the list to add to. */
    List<Let> after(int point) {
        return after.computeIfAbsent(point, p -> new ArrayList<>());
    }

    /** Replaces {@code let} by {@code image}. */
    void replace(Let let, Let image) {
        replaced.put(let, image);
    }

    boolean isEmpty() {
        return after.isEmpty() && replaced.isEmpty();
    }

    /** The predicated copy {@code g ? to = from}, an ordinary copy when {@code g} is true. */
    static Let predicatedCopy(Atom.Var to, Atom from, Atom g) {
        return new Let(Vector.of(to), new Expr.Copy(from), Predicates.isTrue(g) ? Guard.ALWAYS : Guard.when(g));
    }

    /** The function with the edits made, using variable numbers below {@code varCount}. */
    Function applied(Function function, int varCount) {
        if (isEmpty()) {
            return function;
        }
        Function rebuilt = defs.nest().rewrite((node, body) -> {
            List<Let> lets = new ArrayList<>(after.getOrDefault(defs.point(node, -1), List.of()));
            for (int i = 0; i < body.lets().size(); i++) {
                Let let = body.lets().get(i);
                lets.add(replaced.getOrDefault(let, let));
                lets.addAll(after.getOrDefault(defs.point(node, i), List.of()));
            }
            return body.withLets(Vector.ofAll(lets));
        });
        return rebuilt.withBody(rebuilt.body(), varCount);
    }
}
