package org.funssa.destruct.psi;

/*
 * Source: seed 001 §4.3 "Psi-normalize" (Figures 5 and 6), with the first improvement of §4.6 ("Non-normalized ψ
 * operations with disjoint predicates ... can simply be reordered in the ψ operation itself") as a choice.
 *
 * A ψ is normalized when (1) each argument's guard in the ψ is the guard of the argument's definition, and (2) the
 * definition of each argument dominates the definition of the argument to its right. The ψs are taken top down in
 * the dominator tree (the nest's preorder), each argument left to right:
 *  - an argument defined out of order (its definition does not come after the definition of the argument to its
 *    left; for an argument defined by a ψ, the definition of that ψ's first argument, recursively) is replaced by
 *    a predicated copy of it, guarded by its guard in the ψ, "inserted at the lowest point, either after the
 *    definition of arg_i or arg_i+1" (and after its guard's definition);
 *  - otherwise an argument whose definition's guard differs from its guard in the ψ is replaced by a predicated
 *    copy "initialized just below the definition for arg_i", guarded by its guard in the ψ. The guard of an
 *    unconditional ψ's definition, for an argument defined by one whose arguments build its value (as if-converting
 *    nested hammocks makes them), is the union of its arguments' guards: where they hold, and only there, their
 *    definitions write the class.
 * Two guards are the same when they have the same domain (GuardAlgebra), which the seed's "equal" means.
 * A constant argument has no definition: it gets a predicated copy after its left neighbour's definition. An
 * argument ⊥ is dropped (the ψ's value there is ⊥, and any value refines it). With the improvement, each ψ's
 * arguments are first moved left past arguments with disjoint guards as far as definition order asks, and
 * variables past constants (an insertion sort whose every swap is proven, as ψ-permutation does), so that fewer
 * need copies.
 *
 * With this implementation's improvement "read first argument" (OutOfPsiSsa.Improvements), the first argument
 * keeps its guard and its place: in select form it is only read.
 *
 * The insertion points are numbered as the definitions are (PsiDefinitions), each scaled by 2^20 so that the
 * copies inserted after one point take the numbers that follow it, in the order they are inserted.
 */

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.rewrite.Nest;
import org.funssa.psi.Predicates;

/** ψ-normalize: every ψ of a function in normalized form, by predicated copies (and reordering, if asked). */
final class PsiNormalization {

    /** The bits of a rank below a definition point's number: room for the copies inserted after it. */
    private static final int SHIFT = 20;

    /**
     * A normalized function, how many copies normalizing inserted, and the ψs whose select chain an argument
     * defined by them continues (their first argument is defined under its guard, so each argument's definition
     * writes the class only under its guard).
     */
    record Normalized(Function function, int copies, Set<Atom.Var> chained) {}

    private final Function function;
    private final PsiDefinitions defs;
    private final OutOfPsiSsa.Improvements improvements;
    private final VarSupply vars;
    /** The copies inserted after each definition point, and the ψs normalized. */
    private final Edits edits;
    /** The rank and the guard (null: unconditional) of each copy. */
    private final Map<Atom.Var, Long> copyRank = new HashMap<>();
    private final Map<Atom.Var, Atom> copyGuard = new HashMap<>();
    /** Each normalized ψ's arguments, by the ψ's variable. */
    private final Map<Atom.Var, Vector<Expr.Psi.Arg>> normalizedArgs = new HashMap<>();
    /** The ψs whose chain an argument they define continues (Normalized). */
    private final Set<Atom.Var> chained = new HashSet<>();
    private int copies;

    private PsiNormalization(Function function, OutOfPsiSsa.Improvements improvements) {
        this.function = function;
        this.defs = PsiDefinitions.of(function);
        this.edits = new Edits(defs);
        this.improvements = improvements;
        this.vars = VarSupply.after(function);
    }

    /** The function with every ψ normalized; the same function when all are. */
    static Normalized apply(Function function, OutOfPsiSsa.Improvements improvements) {
        return new PsiNormalization(function, improvements).run();
    }

    private Normalized run() {
        Nest nest = defs.nest();
        for (int node = 0; node < nest.size(); node++) {
            for (Let let : nest.body(node).lets()) {
                if (let.expr() instanceof Expr.Psi psi) {
                    normalize(let, psi);
                }
            }
        }
        return new Normalized(edits.applied(function, vars.count()), copies, chained);
    }

    private void normalize(Let let, Expr.Psi psi) {
        Vector<Expr.Psi.Arg> args = psi.args().filter(a -> !(a.value() instanceof Atom.Undef));
        if (args.isEmpty()) {
            args = psi.args().take(1);
        }
        if (improvements.reorderDisjoint()) {
            args = reordered(args);
        }
        List<Expr.Psi.Arg> out = new ArrayList<>();
        for (Expr.Psi.Arg arg : args) {
            Atom g = arg.guard();
            long guardRank = actualRank(g);
            Atom.Var left = out.isEmpty() ? null : out.get(out.size() - 1).value() instanceof Atom.Var l ? l : null;
            if (out.isEmpty() && improvements.readFirstArgument()) {
                out.add(arg); // only read: no guard to match, nothing left of it to follow
            } else if (!(arg.value() instanceof Atom.Var v)) {
                out.add(new Expr.Psi.Arg(g, copy(g, arg.value(), Math.max(guardRank, actualRank(left)))));
            } else if (left != null && outOfOrder(left, v)) {
                long anchor = Math.max(Math.max(actualRank(left), actualRank(v)), guardRank);
                out.add(new Expr.Psi.Arg(g, copy(g, v, anchor)));
            } else if (!definedUnder(v, g)) {
                out.add(new Expr.Psi.Arg(g, copy(g, v, Math.max(actualRank(v), guardRank))));
            } else {
                out.add(arg);
            }
        }
        Vector<Expr.Psi.Arg> normalized = Vector.ofAll(out);
        normalizedArgs.put(let.var(0), normalized);
        Expr.Psi.Arg first = normalized.get(0);
        if (defs.transparent(let.var(0), psi) && first.value() instanceof Atom.Var a
                && definedUnder(a, first.guard())) {
            chained.add(let.var(0));
        }
        if (!normalized.equals(psi.args())) {
            edits.replace(let, let.withExpr(new Expr.Psi(psi.type(), normalized)));
        }
    }

    /**
     * The arguments moved left past arguments with disjoint guards, as far as their definitions' order asks; a
     * variable also moves left past a constant, whose copy can go anywhere.
     */
    private Vector<Expr.Psi.Arg> reordered(Vector<Expr.Psi.Arg> args) {
        Expr.Psi.Arg[] a = args.toJavaArray(Expr.Psi.Arg[]::new);
        for (int i = 1; i < a.length; i++) {
            for (int j = i; j > 0 && goesBefore(a[j], a[j - 1])
                    && defs.algebra().disjoint(a[j - 1].guard(), a[j].guard()); j--) {
                Expr.Psi.Arg t = a[j - 1];
                a[j - 1] = a[j];
                a[j] = t;
            }
        }
        return Vector.of(a);
    }

    /** Whether argument {@code b}, now right of {@code a}, needs fewer copies left of it. */
    private boolean goesBefore(Expr.Psi.Arg b, Expr.Psi.Arg a) {
        if (!(b.value() instanceof Atom.Var right)) {
            return false;
        }
        return !(a.value() instanceof Atom.Var left) || (outOfOrder(left, right) && !outOfOrder(right, left));
    }

    /**
     * Whether {@code right}'s definition (its first argument's, recursively, for a ψ) does not come after {@code
     * left}'s: the pair breaks the normalized order.
     */
    private boolean outOfOrder(Atom.Var left, Atom.Var right) {
        return !left.equals(right) && leafRank(right) <= actualRank(left);
    }

    /** A predicated copy of {@code source} under {@code g}, inserted after the point of rank {@code anchor}. */
    private Atom.Var copy(Atom g, Atom source, long anchor) {
        int point = (int) (Math.max(anchor, 0) >> SHIFT);
        List<Let> at = edits.after(point);
        Atom.Var e = vars.fresh(source instanceof Atom.Var v ? v.hint() : "k", source.type());
        at.add(Edits.predicatedCopy(e, source, g));
        copyRank.put(e, ((long) point << SHIFT) + at.size());
        copyGuard.put(e, Predicates.isTrue(g) ? null : g);
        copies++;
        return e;
    }

    /** Where {@code a} is defined; −1 for a constant or no variable. */
    private long actualRank(Atom a) {
        if (!(a instanceof Atom.Var v)) {
            return -1;
        }
        Long r = copyRank.get(v);
        return r != null ? r : (long) defs.point(v) << SHIFT;
    }

    /** Where the value of {@code v} starts being built: for a chained ψ, at its first argument, recursively. */
    private long leafRank(Atom.Var v) {
        Atom.Var at = v;
        while (chained.contains(at) && normalizedArgs.get(at).get(0).value() instanceof Atom.Var next) {
            at = next;
        }
        return actualRank(at);
    }

    /**
     * Whether {@code v}'s definition gives it a value exactly where {@code g} holds: its guard is {@code g}'s
     * domain; for a chained ψ whose let is unconditional, the union of its arguments' guards is, as its
     * arguments' definitions are what give the class its value there.
     */
    private boolean definedUnder(Atom.Var v, Atom g) {
        if (copyGuard.containsKey(v)) {
            return defs.same(copyGuard.get(v), g);
        }
        if (chained.contains(v) && defs.guard(v) == null) {
            Vector<Atom> guards = normalizedArgs.get(v).map(Expr.Psi.Arg::guard);
            return guards.forAll(q -> defs.algebra().implies(q, g)) && defs.algebra().coveredBy(g, guards);
        }
        return defs.same(defs.guard(v), g);
    }
}
