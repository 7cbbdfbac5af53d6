package org.funssa.cps.opt;

import io.vavr.collection.Vector;
import java.util.function.UnaryOperator;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.rewrite.Substitution;

/*
 * Seed 004 §6.6, "Constant Propagation Considering Conditional Branch" (COINS's cstp): Wegman and Zadeck's
 * sparse conditional constant propagation (ConditionalConstants), then the rewrite the section ends with. A
 * variable whose value is "constant c" is replaced by the literal c everywhere, and the let that bound it,
 * which is now a literal, is deleted (a parameter stays, with its arguments, for rpe or shrink to drop); a
 * select on a constant condition is the side it selects; a branch or switch on a constant becomes the jump it
 * takes ("the conditional branch instruction at the beginning of that edge is appropriately rewritten and the
 * edge is eliminated"); and the local functions no reachable jump goes to are deleted with everything nested in
 * them. Folding is the interpreter's arithmetic (Folding); ⊥ and trapping operations are indeterminate, so
 * seed 004's "8 / i" with i uninitialised is never folded. Copies of variables are left to cpyp.
 */

/** Constant propagation with conditional branches ({@code cstp}). */
public final class ConstantPropagation {

    /** The pass, named as seed 004 appendix A.1 names it. */
    public static final Pass PASS = Pass.of("cstp", ConstantPropagation::apply);

    private ConstantPropagation() {}

    /** The function with its constants propagated and folded and its unreachable code deleted. */
    public static Function apply(Function function) {
        Nest nest = Nest.checked(function);
        ConditionalConstants facts = ConditionalConstants.of(nest);
        Substitution selected = selections(nest, facts);
        UnaryOperator<Atom> substitute = atom -> atom instanceof Atom.Var v
                && facts.value(v) instanceof Evaluation.Constant c ? c.literal() : selected.apply(atom);
        return nest.rewrite((node, body) -> facts.reachable(node)
                ? rewrite(nest, node, body, facts, selected, substitute) : body);
    }

    /**
     * Each variable bound to a select on a constant condition, not itself constant, mapped to the side that
     * select takes (which may in turn be such a variable).
     */
    private static Substitution selections(Nest nest, ConditionalConstants facts) {
        Substitution selected = Substitution.empty();
        for (int node = 0; node < nest.size(); node++) {
            if (!facts.reachable(node)) {
                continue;
            }
            for (Let let : nest.body(node).lets()) {
                if (let.expr() instanceof Expr.Select s && !(facts.value(let.var(0)) instanceof Evaluation.Constant)
                        && facts.valueOf(s.condition()) instanceof Evaluation.Constant c
                        && Folding.isTrue(c.literal()).isDefined()) {
                    selected = selected.with(let.var(0), Folding.isTrue(c.literal()).get() ? s.ifTrue() : s.ifFalse());
                }
            }
        }
        return selected;
    }

    /** A reachable body: its folded lets deleted, the others substituted, its tail decided, dead functions gone. */
    private static Body rewrite(Nest nest, int node, Body body, ConditionalConstants facts, Substitution selected,
                                UnaryOperator<Atom> substitute) {
        return body.with(lets(body.lets(), facts, selected, substitute), reachableFunctions(nest, node, body, facts),
                decided(body.tail().mapAtoms(substitute)));
    }

    /** The lets that are not folded, substituted; the same vector when none is folded or changed. */
    private static Vector<Let> lets(Vector<Let> lets, ConditionalConstants facts, Substitution selected,
                                    UnaryOperator<Atom> substitute) {
        Vector<Let> kept = lets;
        boolean changed = false;
        int i = 0;
        for (Let let : lets) {
            boolean gone = folded(let, facts, selected);
            Let image = gone ? let : let.mapAtoms(substitute);
            if (!changed && (gone || image != let)) {
                changed = true;
                kept = lets.take(i);
            }
            if (changed && !gone) {
                kept = kept.append(image);
            }
            i++;
        }
        return kept;
    }

    /** Whether the let's one variable is replaced everywhere: by the literal it is, or the side it selects. */
    private static boolean folded(Let let, ConditionalConstants facts, Substitution selected) {
        return switch (let.expr()) {
            case Expr.Copy c -> facts.value(let.var(0)) instanceof Evaluation.Constant;
            case Expr.Prim p -> facts.value(let.var(0)) instanceof Evaluation.Constant;
            case Expr.Select s -> facts.value(let.var(0)) instanceof Evaluation.Constant
                    || selected.replaces(let.var(0));
            case Expr.Load l -> false;
            case Expr.Store s -> false;
            case Expr.Call c -> false;
            case Expr.Psi s -> facts.value(let.var(0)) instanceof Evaluation.Constant;
        };
    }

    /** The body's local functions that some reachable jump goes to; the same vector when all are. */
    private static Vector<Fn> reachableFunctions(Nest nest, int node, Body body, ConditionalConstants facts) {
        Vector<Fn> functions = body.functions();
        for (int k = nest.childCount(node) - 1; k >= 0; k--) {
            if (!facts.reachable(nest.child(node, k))) {
                functions = functions.removeAt(k);
            }
        }
        return functions;
    }

    /** A branch or switch on a literal replaced by the jump it takes. */
    private static Tail decided(Tail tail) {
        return switch (tail) {
            case Tail.Branch b -> Folding.isTrue(b.condition()).<Tail>map(t -> t ? b.ifTrue() : b.ifFalse())
                    .getOrElse(b);
            case Tail.Switch s -> Folding.jumpTaken(s, s.value()).<Tail>map(s::jump).getOrElse(s);
            case Tail.Jump j -> j;
            case Tail.Return r -> r;
        };
    }
}
