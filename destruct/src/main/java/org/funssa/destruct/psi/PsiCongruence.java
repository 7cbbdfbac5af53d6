package org.funssa.destruct.psi;

/*
 * Source: seed 001 §4.4 "Psi-congruence" (Figures 7 and 8), with three improvements of §4.6 as choices:
 * "interference with disjoint predicates", "repair interference on the left argument only", "interference with
 * the result of a ψ operation".
 *
 * Liveness on ψs: "the point of use of an argument in a normalized ψ operation occurs at the point of definition
 * of the argument immediately to its right in the argument list of the ψ operation. For the last argument of the
 * ψ operation, the point of use occurs at the ψ operation itself." The analysis reads the function as Figure 7's
 * select form would: before the definition of each argument but the first (for an argument a ψ defines, of that
 * ψ's first argument, recursively, where the select chain starts) an artificial use of its left neighbour, and
 * each ψ replaced by a use of its last argument: a copy of it with the last improvement (a copy's destination
 * does not interfere with its source, as the improvement argues), an opaque use without. The usual liveness and
 * interference graph (cps Liveness, destruct Interference) then give ψ liveness and ψ interference.
 *
 * Repair: the classes start as singletons; each ψ in turn (top down) marks each pair of its variables whose classes
 * interfere, "two arguments of a ψ operation interfere if one or more variables from the congruence class of the
 * first argument and one or more variables from the congruence class of the second argument interfere"; each
 * marked argument is replaced by a new variable, a predicated copy of it inserted just below its definition and
 * guarded by its guard in the ψ; a marked result is renamed and copied from its new name after the ψ (Figure 8's
 * `g = ψ(…); x = g`). Then the ψ's variables join one class. The graph is updated conservatively as the seed says:
 * a new variable interferes with what the old one interfered with, except its class, and with the old one.
 *
 * One repair the seed does not need: the select form gives each definition one left neighbour to keep when its
 * guard does not hold, so a variable that two ψs place after two different left neighbours is copied for the later
 * ψ. Without the disjoint-predicates improvement, two such neighbours interfere (both are live at the definition)
 * and the interference repair already copies it.
 */

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.liveness.Liveness;
import org.funssa.cps.rewrite.Nest;
import org.funssa.destruct.Congruence;
import org.funssa.destruct.liveness.Interference;
import org.funssa.psi.Predicates;

/** ψ-congruence: the ψ-congruence classes of a function whose ψs are normalized, repaired so none interferes. */
final class PsiCongruence {

    /**
     * The repaired function; how many copies the repairs inserted; for each variable whose predicated definition
     * continues a class's select chain, its left neighbour; the pairs of one class for φ-congruence to keep
     * together.
     */
    record Congruent(Function function, int copies, Map<Atom.Var, Atom> leftNeighbour,
                     Vector<Congruence> classes) {}

    /** One ψ of the function: where it is and its let. */
    private record PsiSite(int node, int index, Let let) {}

    private final Function function;
    /** The ψs whose chain an argument they define continues. */
    private final Set<Atom.Var> chained;
    private final PsiDefinitions defs;
    private final OutOfPsiSsa.Improvements improvements;
    private final VarSupply vars;
    private final List<PsiSite> psis = new ArrayList<>();
    private Interference graph;
    /** The classes: a union-find forest over variables, and each root's members. */
    private final Map<Atom.Var, Atom.Var> parent = new HashMap<>();
    private final Map<Atom.Var, List<Atom.Var>> members = new HashMap<>();
    /** The first argument of each repaired ψ, by the variable it now binds. */
    private final Map<Atom.Var, Atom> firstArgument = new HashMap<>();
    /** The ψ results renamed by a repair: the new name's original, and the original's new name. */
    private final Map<Atom.Var, Atom.Var> renamedFrom = new HashMap<>();
    private final Map<Atom.Var, Atom.Var> renamedTo = new HashMap<>();
    /** The repair copies inserted just after definition points, and the ψs repaired. */
    private final Edits edits;
    /** The guards of the repair copies (null: unconditional). */
    private final Map<Atom.Var, Atom> copyGuard = new HashMap<>();
    private final Map<Atom.Var, Atom> leftNeighbour = new HashMap<>();
    private Vector<Congruence> pairs = Vector.empty();
    private int copies;

    private PsiCongruence(Function function, Set<Atom.Var> chained, OutOfPsiSsa.Improvements improvements) {
        this.function = function;
        this.chained = chained;
        this.defs = PsiDefinitions.of(function);
        this.edits = new Edits(defs);
        this.improvements = improvements;
        this.vars = VarSupply.after(function);
    }

    /**
     * The classes of {@code normalized}, whose ψs are all normalized, an argument defined by a ψ of {@code chained}
     * continuing its select chain (PsiNormalization.Normalized).
     */
    static Congruent apply(PsiNormalization.Normalized normalized, OutOfPsiSsa.Improvements improvements) {
        return new PsiCongruence(normalized.function(), normalized.chained(), improvements).run();
    }

    private Congruent run() {
        Nest nest = defs.nest();
        for (int node = 0; node < nest.size(); node++) {
            Vector<Let> lets = nest.body(node).lets();
            for (int i = 0; i < lets.size(); i++) {
                if (lets.get(i).expr() instanceof Expr.Psi) {
                    psis.add(new PsiSite(node, i, lets.get(i)));
                }
            }
        }
        if (psis.isEmpty()) {
            return new Congruent(function, 0, Map.of(), Vector.empty());
        }
        graph = interference(nest);
        for (PsiSite site : psis) {
            repair(site);
        }
        return new Congruent(edits.applied(function, vars.count()), copies, leftNeighbour, pairs);
    }

    /** The ψ interference graph over the ψs' variables (the class comment says how). */
    private Interference interference(Nest nest) {
        Map<Integer, List<Let>> usesBefore = new HashMap<>();
        IntList among = new IntList();
        for (PsiSite site : psis) {
            Expr.Psi psi = (Expr.Psi) site.let().expr();
            Vector<Expr.Psi.Arg> args = psi.args();
            among.add(site.let().var(0).id());
            for (int k = 0; k < args.size(); k++) {
                if (args.get(k).value() instanceof Atom.Var v) {
                    among.add(v.id());
                    if (k > 0 && args.get(k - 1).value() instanceof Atom.Var left) {
                        Atom.Var start = leaf(v);
                        if (!start.equals(left)) {
                            usesBefore.computeIfAbsent(defs.point(start), p -> new ArrayList<>()).add(Let.of(
                                    vars.fresh("use", left.type()),
                                    new Expr.Psi(psi.type(), Vector.of(new Expr.Psi.Arg(Atom.i32(1), left)))));
                        }
                    }
                }
            }
        }
        List<Body> blocks = new ArrayList<>(nest.size());
        for (int node = 0; node < nest.size(); node++) {
            Body body = nest.body(node);
            List<Let> lets = new ArrayList<>(usesBefore.getOrDefault(defs.point(node, -1), List.of()));
            for (int i = 0; i < body.lets().size(); i++) {
                lets.addAll(usesBefore.getOrDefault(defs.point(node, i), List.of()));
                Let let = body.lets().get(i);
                if (let.expr() instanceof Expr.Psi psi) {
                    Atom last = psi.args().last().value();
                    let = let.withExpr(improvements.ignoreResultInterference() ? new Expr.Copy(last)
                            : new Expr.Psi(psi.type(), Vector.of(new Expr.Psi.Arg(Atom.i32(1), last))));
                }
                lets.add(let);
            }
            blocks.add(body.withLets(Vector.ofAll(lets)));
        }
        Liveness liveness = Liveness.of(blocks, nest, nest.params());
        return Interference.of(blocks, liveness, among);
    }

    /**
     * Seed 001 §4.4's repair of one ψ, then its variables joined into one class: its arguments and its result, but
     * the first argument when it is only read (OutOfPsiSsa.Improvements.readFirstArgument).
     */
    private void repair(PsiSite site) {
        Let let = site.let();
        Expr.Psi psi = (Expr.Psi) let.expr();
        Vector<Expr.Psi.Arg> args = psi.args();
        int n = args.size();
        int first = improvements.readFirstArgument() ? 1 : 0;
        Atom[] operands = new Atom[n + 1];
        for (int k = 0; k < n; k++) {
            operands[k] = args.get(k).value();
            if (k >= first && !(operands[k] instanceof Atom.Var)) {
                throw new IllegalStateException("ψ-congruence expects normalized ψs, whose arguments are variables; "
                        + "found " + operands[k] + " in a ψ of " + function.name());
            }
        }
        operands[n] = let.var(0);
        boolean[] marked = new boolean[n + 1];
        for (int i = first; i <= n; i++) {
            for (int j = i + 1; j <= n; j++) {
                Atom.Var a = (Atom.Var) operands[i];
                Atom.Var b = (Atom.Var) operands[j];
                if (a.equals(b) || (j == n && improvements.ignoreResultInterference())
                        || find(a).equals(find(b)) || !interfere(a, b)) {
                    continue;
                }
                marked[i] = true;
                marked[j] |= !improvements.repairLeftOnly();
            }
        }
        Atom[] result = new Atom[n + 1];
        for (int k = 0; k < n; k++) {
            if (!marked[k] && k > 0) {
                Atom.Var start = leaf((Atom.Var) operands[k]);
                Atom kept = leftNeighbour.get(start);
                if (kept != null && !kept.equals(result[k - 1]) && !start.equals(result[k - 1])) {
                    marked[k] = true;
                }
            }
            result[k] = marked[k] ? copied((Atom.Var) operands[k], args.get(k).guard()) : operands[k];
        }
        Atom.Var x = (Atom.Var) operands[n];
        Atom.Var psiResult = x;
        if (marked[n]) {
            psiResult = vars.fresh(x.hint(), x.type());
            renamedFrom.put(psiResult, x);
            renamedTo.put(x, psiResult);
            int at = defs.point(site.node(), site.index());
            edits.after(at).add(0, new Let(Vector.of(x),
                    new Expr.Copy(psiResult), let.guard()));
            copies++;
        }
        result[n] = psiResult;
        Vector<Expr.Psi.Arg> repaired = Vector.empty();
        for (int k = 0; k < n; k++) {
            repaired = repaired.append(new Expr.Psi.Arg(args.get(k).guard(), result[k]));
        }
        if (marked[n] || !repaired.equals(args)) {
            edits.replace(let, new Let(Vector.of(psiResult), new Expr.Psi(psi.type(), repaired), let.guard()));
        }
        firstArgument.put(psiResult, result[0]);
        for (int k = first; k <= n; k++) {
            union(psiResult, (Atom.Var) result[k]);
        }
        for (int k = 0; k <= n; k++) {
            if (marked[k]) {
                conservativeInterference((Atom.Var) operands[k], (Atom.Var) result[k]);
            }
        }
        for (int k = 1; k < n; k++) {
            Atom.Var start = leaf((Atom.Var) result[k]);
            if (!start.equals(result[k - 1])) {
                leftNeighbour.put(start, result[k - 1]);
                if (k - 1 >= first) {
                    pairs = pairs.append(new Congruence(start, (Atom.Var) result[k - 1]));
                }
            }
        }
        if (n - 1 >= first) {
            pairs = pairs.append(new Congruence(psiResult, (Atom.Var) result[n - 1]));
        }
    }

    /** A predicated copy of argument {@code v} under {@code g}, inserted just below {@code v}'s definition. */
    private Atom.Var copied(Atom.Var v, Atom g) {
        Atom.Var e = vars.fresh(v.hint(), v.type());
        edits.after(Math.max(defs.point(v), 0)).add(Edits.predicatedCopy(e, v, g));
        copyGuard.put(e, Predicates.isTrue(g) ? null : g);
        copies++;
        return e;
    }

    /** Seed 001 §4.4's update: the copy interferes with what the original did, outside its class, and with it. */
    private void conservativeInterference(Atom.Var original, Atom.Var copy) {
        int o = graph.number(original);
        int c = graph.number(copy);
        Atom.Var root = find(copy);
        List<Integer> others = new ArrayList<>();
        graph.forEachNeighbour(o, others::add);
        for (int neighbour : others) {
            if (!find(graph.variable(neighbour)).equals(root)) {
                graph.add(c, neighbour);
            }
        }
        graph.add(o, c);
    }

    /** Whether some member of {@code a}'s class interferes with some member of {@code b}'s. */
    private boolean interfere(Atom.Var a, Atom.Var b) {
        for (Atom.Var m : classOf(a)) {
            int vm = graph.numberOrMinus(m);
            for (Atom.Var o : classOf(b)) {
                int vo = graph.numberOrMinus(o);
                if (vm >= 0 && vo >= 0 && graph.adjacent(vm, vo)
                        && !(improvements.disjointGuardsDoNotInterfere() && defs.disjoint(guard(m), guard(o)))) {
                    return true;
                }
            }
        }
        return false;
    }

    private Atom guard(Atom.Var v) {
        return copyGuard.containsKey(v) ? copyGuard.get(v) : defs.guard(v);
    }

    /** Where {@code v}'s select chain starts: for a chained ψ, at its first argument, recursively. */
    private Atom.Var leaf(Atom.Var v) {
        Atom.Var at = v;
        while (true) {
            if (copyGuard.containsKey(at) || renamedTo.containsKey(at)) {
                return at; // a repair copy, or a ψ result now copied from the ψ's new name
            }
            Atom.Var original = renamedFrom.getOrDefault(at, at);
            Expr.Psi psi = defs.psi(original);
            Atom first = firstArgument.containsKey(at) ? firstArgument.get(at)
                    : psi == null ? null : psi.args().get(0).value();
            if (psi == null || !(first instanceof Atom.Var next) || !chained.contains(original)) {
                return at;
            }
            at = next;
        }
    }

    private Atom.Var find(Atom.Var v) {
        Atom.Var at = v;
        Atom.Var up = parent.get(at);
        while (up != null && !up.equals(at)) {
            Atom.Var grand = parent.get(up);
            if (grand != null) {
                parent.put(at, grand);
            }
            at = up;
            up = parent.get(at);
        }
        return at;
    }

    private List<Atom.Var> classOf(Atom.Var v) {
        return members.getOrDefault(find(v), List.of(v));
    }

    private void union(Atom.Var a, Atom.Var b) {
        Atom.Var ra = find(a);
        Atom.Var rb = find(b);
        if (ra.equals(rb)) {
            return;
        }
        List<Atom.Var> ma = new ArrayList<>(classOf(ra));
        List<Atom.Var> mb = classOf(rb);
        if (ma.size() < mb.size()) {
            union(b, a);
            return;
        }
        ma.addAll(mb);
        parent.put(rb, ra);
        members.remove(rb);
        members.put(ra, ma);
    }
}
