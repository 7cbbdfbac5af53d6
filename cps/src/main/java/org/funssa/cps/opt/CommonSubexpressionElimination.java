package org.funssa.cps.opt;

import io.vavr.control.Option;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Images;
import org.funssa.cps.ir.Let;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.rewrite.ScopedMap;

/*
 * Seed 004 §6.2, Figure 6.2 "Algorithm for common subexpression elimination", with chapter 7's simple alias
 * analysis. The figure walks the dominator tree from the root with two tables, expression ↦ the variable that
 * names it (V ← NameExp(e)) and variable ↦ the variable it copies (V ← Copy(V1)); in each block it first
 * replaces every operand that is a copy by its source, then a right-hand side already in the table by the
 * variable that names it (a copy, recorded as such), and enters what is new; the entries of a block are removed
 * when the walk leaves its dominator subtree. Here the nest is the dominator tree: the expression table is a
 * ScopedMap rolled back as the walk (Nest.ScopedWalk) leaves each body's subtree, and the copy table needs no
 * scope at all, since a variable is used only where its definition dominates: an array indexed by variable
 * number, each entry resolved to the root of its chain when made. Both cost constant time per let, so the pass
 * is linear in the function. Chapter 7: a load names the memory version it reads, so loads of one version and
 * one address are one value (ExpressionKey).
 *
 * What the pass leaves, as the figure's worked example does: the copies it makes (e0 ← a0) and those it found
 * (d0 ← b0), now unused since every use reads the source; dce (or shrink) deletes them. The figure's φ rules
 * are not here: a φ whose arguments are all one variable is rpe's (§6.14, a pass of its own); two φs of one
 * block with the same arguments could be found only once every jump's arguments are rewritten, which a single
 * walk down the dominator tree does not give for the jumps of loops, and the pass would not be idempotent.
 * Idempotent: one walk reaches the fixpoint, since every operand is rewritten before its let is looked up and
 * every let's operands are bound in the bodies the walk has already left behind it.
 */

/** Common subexpression elimination ({@code cse}): an expression computed in a dominator is not computed again. */
public final class CommonSubexpressionElimination {

    /** The pass. */
    public static final Pass PASS = Pass.of("cse", CommonSubexpressionElimination::apply);

    private CommonSubexpressionElimination() {}

    /** The function with every redundant expression replaced by a copy of the variable that computed it first. */
    public static Function apply(Function function) {
        Nest nest = Nest.checked(function);
        return nest.rewriteDown(new Walk(function.varCount(), nest.size()));
    }

    /** Figure 6.2's two tables, and the walk down the nest that fills and unwinds them. */
    private static final class Walk implements Nest.ScopedWalk {
        /** V ← NameExp(e): the variable that names each expression computed in the bodies enclosing the walk. */
        private final ScopedMap<ExpressionKey, Atom.Var> names = new ScopedMap<>();
        /** V ← Copy(V1), by V's number: the root of the copy chain V starts, or null. */
        private final Atom.Var[] copyOf;
        /** The expression table's mark at each body's entry. */
        private final int[] marks;

        Walk(int variables, int bodies) {
            copyOf = new Atom.Var[variables];
            marks = new int[bodies];
        }

        @Override
        public Body enter(int node, Body body) {
            marks[node] = names.mark();
            return body.with(Images.map(body.lets(), this::let), body.functions(), body.tail().mapAtoms(this::copy));
        }

        @Override
        public void leave(int node) {
            names.rollback(marks[node]);
        }

        /** The root of the copy chain an operand starts, or the operand. */
        private Atom copy(Atom atom) {
            return atom instanceof Atom.Var v && copyOf[v.id()] != null ? copyOf[v.id()] : atom;
        }

        private Let let(Let original) {
            Let let = original.mapAtoms(this::copy);
            if (let.arity() != 1) {
                return let; // a call or a store: never a common subexpression
            }
            Atom.Var var = let.var(0);
            if (let.expr() instanceof Expr.Copy(Atom.Var source)) {
                copyOf[var.id()] = source;
                return let;
            }
            Option<ExpressionKey> key = ExpressionKey.of(let.expr());
            if (key.isEmpty()) {
                return let;
            }
            Atom.Var name = names.get(key.get());
            if (name == null) {
                if (let.guard().isUnconditional()) { // p ? x = e names e only where p holds
                    names.put(key.get(), var);
                }
                return let;
            }
            copyOf[var.id()] = name;
            return let.withExpr(new Expr.Copy(name));
        }
    }
}
