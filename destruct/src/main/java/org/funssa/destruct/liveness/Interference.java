package org.funssa.destruct.liveness;

/*
 * Source: seed 004 §5.5.2 (after Chaitin): two variables interfere when one is defined where the other is
 * live, except that the source of a copy does not interfere with the copy's destination. Parameters of one
 * block (φ targets, seed 004 §5.4.2) are defined together at its entry, so they interfere with one another
 * and with everything live there; so do a function's parameters.
 */

import io.vavr.collection.Vector;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Let;

/** An interference graph over variable names; it can grow as copies are inserted. */
public final class Interference {

    private final Map<String, Set<String>> edges = new HashMap<>();

    private Interference() {}

    /** The interference of the variables of {@code blocks} under {@code liveness}. */
    public static Interference of(List<Body> blocks, List<Vector<Atom.Var>> params, Liveness liveness) {
        Interference g = new Interference();
        for (int b = 0; b < blocks.size(); b++) {
            Body body = blocks.get(b);
            Set<String> live = new HashSet<>(liveness.out(b));
            Liveness.addVars(live, Liveness.tailUses(body.tail()));
            for (Let let : body.lets().reverse()) {
                String source = let.expr() instanceof Expr.Copy(Atom.Var s) ? s.name() : null;
                for (Atom.Var d : let.vars()) {
                    for (String l : live) {
                        if (!l.equals(source)) {
                            g.add(d.name(), l);
                        }
                    }
                    let.vars().forEach(e -> g.add(d.name(), e.name()));
                }
                let.vars().forEach(v -> live.remove(v.name()));
                Liveness.addVars(live, let.expr().operands());
            }
            for (Atom.Var p : params.get(b)) {
                liveness.in(b).forEach(l -> g.add(p.name(), l));
                params.get(b).forEach(q -> g.add(p.name(), q.name()));
            }
        }
        return g;
    }

    /** Records that {@code a} and {@code b} interfere (nothing for a variable and itself). */
    public void add(String a, String b) {
        if (!a.equals(b)) {
            edges.computeIfAbsent(a, k -> new HashSet<>()).add(b);
            edges.computeIfAbsent(b, k -> new HashSet<>()).add(a);
        }
    }

    /** Whether {@code a} and {@code b} interfere. */
    public boolean interfere(String a, String b) {
        Set<String> n = edges.get(a);
        return n != null && n.contains(b);
    }
}
