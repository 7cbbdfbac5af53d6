package org.funssa.destruct.psi;

import java.util.Arrays;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.rewrite.Nest;
import org.funssa.psi.GuardAlgebra;
import org.funssa.psi.Predicates;

/**
 * Where each variable of a ψ-SSA function is defined, in the order out-of-ψ-SSA compares definitions (seed 001
 * §4.3: "the dominance relation between two operations in a same basic block will be given by their relative
 * positions in the basic block"), and under which guard.
 *
 * <p>The definition points are numbered in the nest's preorder: a body's parameters, then each of its lets.
 * Two definitions that both dominate a ψ lie on one path of the dominator tree, the nest, so the one with the
 * smaller number dominates the other.
 */
final class PsiDefinitions {

    private final Nest nest;
    private final GuardAlgebra algebra;
    /** Per variable number: the point defining it, or −1. */
    private final int[] point;
    /** Per node: the point of its parameters; its lets' points follow. */
    private final int[] nodePoint;
    /** Per variable number: the let defining it, null for a parameter. */
    private final Let[] let;

    private PsiDefinitions(Function function) {
        nest = Nest.checked(function);
        algebra = GuardAlgebra.of(function);
        point = new int[function.varCount()];
        let = new Let[function.varCount()];
        Arrays.fill(point, -1);
        nodePoint = new int[nest.size()];
        int p = 0;
        for (int node = 0; node < nest.size(); node++) {
            nodePoint[node] = p;
            for (Atom.Var v : nest.params(node)) {
                point[v.id()] = p;
            }
            p++;
            Body body = nest.body(node);
            for (int i = 0; i < body.lets().size(); i++, p++) {
                Let l = body.lets().get(i);
                for (Atom.Var v : l.vars()) {
                    point[v.id()] = p;
                    let[v.id()] = l;
                }
            }
        }
    }

    static PsiDefinitions of(Function function) {
        return new PsiDefinitions(function);
    }

    Nest nest() {
        return nest;
    }

    GuardAlgebra algebra() {
        return algebra;
    }

    /** The point defining {@code a}, or −1 for a constant (defined before everything). */
    int point(Atom a) {
        return a instanceof Atom.Var v && v.id() < point.length ? point[v.id()] : -1;
    }

    /** The point of let {@code let} of {@code node}'s body, or of its parameters for −1. */
    int point(int node, int let) {
        return nodePoint[node] + 1 + let;
    }

    /** The let defining {@code v}, or null for a parameter or a variable of no let. */
    Let definition(Atom.Var v) {
        return v.id() < let.length ? let[v.id()] : null;
    }

    /** The predicate guarding {@code v}'s definition, or null when it is unconditional (a parameter too). */
    Atom guard(Atom.Var v) {
        Let l = definition(v);
        return l != null && l.guard() instanceof Guard.When(Atom p) && !Predicates.isTrue(p) ? p : null;
    }

    /** The ψ defining {@code v}, or null. */
    Expr.Psi psi(Atom.Var v) {
        Let l = definition(v);
        return l != null && l.expr() instanceof Expr.Psi psi ? psi : null;
    }

    /**
     * Whether a ψ-defined {@code v}'s value is built by its own arguments' definitions (seed 001 §4.3: "when
     * arg_i+1 is defined on a ψ operation, we recursively look for the definition of the first argument"): its
     * let is unguarded, or each argument's guard implies the let's, so that no argument's definition runs where
     * the ψ itself does not.
     */
    boolean transparent(Atom.Var v, Expr.Psi psi) {
        Atom g = guard(v);
        return g == null || psi.args().forAll(arg -> algebra.implies(arg.guard(), g));
    }

    /** Whether two guards (null for unconditional) have the same domain. */
    boolean same(Atom p, Atom q) {
        Atom a = p == null ? Atom.i32(1) : p;
        Atom b = q == null ? Atom.i32(1) : q;
        return a.equals(b) || (Predicates.isTrue(a) && Predicates.isTrue(b))
                || (algebra.implies(a, b) && algebra.implies(b, a));
    }

    /** Whether two guards (null for unconditional) never hold together. */
    boolean disjoint(Atom p, Atom q) {
        return p != null && q != null && algebra.disjoint(p, q);
    }
}
