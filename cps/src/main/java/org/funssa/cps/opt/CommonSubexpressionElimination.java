package org.funssa.cps.opt;

import io.vavr.collection.HashMap;
import io.vavr.control.Option;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Images;
import org.funssa.cps.ir.Let;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.rewrite.Substitution;

/*
 * Seed 004 §6.2, Figure 6.2 "Algorithm for common subexpression elimination", with chapter 7's simple alias
 * analysis. The figure walks the dominator tree from the root with two tables, expression ↦ the variable that
 * names it (V ← NameExp(e)) and variable ↦ the variable it copies (V ← Copy(V1)); in each block it first
 * replaces every operand that is a copy by its source, then a right-hand side already in the table by the
 * variable that names it (a copy, recorded as such), and enters what is new; the entries of a block are removed
 * when the walk leaves its dominator subtree. Here the nest is the dominator tree and both tables are persistent
 * maps threaded down it (Nest.rewriteDown), so leaving a subtree is dropping the map. Chapter 7: a load names the
 * memory version it reads, so loads of one version and one address are one value (ExpressionKey).
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
        return Nest.checked(function).rewriteDown(Tables.EMPTY, (tables, node, body) -> {
            Walk walk = new Walk(tables);
            Body rewritten = body.with(Images.map(body.lets(), walk::let), body.functions(),
                    walk.tables.copies().apply(body.tail()));
            return new Nest.Scope<>(rewritten, walk.tables);
        });
    }

    /** Figure 6.2's two tables as they hold at one point of the walk. */
    private record Tables(HashMap<ExpressionKey, Atom.Var> names, Substitution copies) {
        static final Tables EMPTY = new Tables(HashMap.empty(), Substitution.empty());

        Tables named(ExpressionKey key, Atom.Var var) {
            return new Tables(names.put(key, var), copies);
        }

        Tables copied(Atom.Var var, Atom.Var source) {
            return new Tables(names, copies.with(var, source));
        }
    }

    /** One body's lets in order, the tables growing as they go. */
    private static final class Walk {
        private Tables tables;

        Walk(Tables tables) {
            this.tables = tables;
        }

        Let let(Let original) {
            Let let = tables.copies().apply(original);
            if (let.arity() != 1) {
                return let; // a call or a store: never a common subexpression
            }
            Atom.Var var = let.var(0);
            if (let.expr() instanceof Expr.Copy(Atom.Var source)) {
                tables = tables.copied(var, source);
                return let;
            }
            Option<ExpressionKey> key = ExpressionKey.of(let.expr());
            if (key.isEmpty()) {
                return let;
            }
            Option<Atom.Var> name = tables.names().get(key.get());
            if (name.isEmpty()) {
                tables = tables.named(key.get(), var);
                return let;
            }
            tables = tables.copied(var, name.get());
            return let.withExpr(new Expr.Copy(name.get()));
        }
    }
}
