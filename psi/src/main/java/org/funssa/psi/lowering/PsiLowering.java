package org.funssa.psi.lowering;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.core.names.NameSupply;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.ir.VarSupply;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.Nest;

/*
 * Lowering ψ-SSA to φ-SSA for a target with selects and no predication, as seed 001 §3 describes for a partially
 * predicated processor: "when leaving the ψ-SSA representation, these operations, along with the ψ operation,
 * will be replaced by other operations available on the target processor, such as a select instruction".
 *
 * - ψ(p₁?a₁, …, pₙ?aₙ) becomes the select chain of seed 001 Figure 7 (b): t₁ = a₁, tₖ = select(pₖ, aₖ, tₖ₋₁), the
 *   last one binding the ψ's variable. The rightmost argument whose guard holds wins, as in the ψ; when no guard
 *   holds the ψ is ⊥ and the chain gives a₁, a refinement.
 * - A predicated let that cannot trap (Expr.mayTrap) is written unguarded: its variables are read only
 *   where its guard holds, so computing them elsewhere changes nothing the program observes.
 * - Any other predicated let (a store, a call, a load, an integer division) is branched around: the body is split
 *   at the let into `if p then do() else join(⊥…, m)`, `do` evaluating the let and jumping to `join` with its
 *   results, `join` binding the let's own variables as parameters and holding the rest of the body. A memory
 *   token the let yields is the token it consumed on the path that skips it: memory stays one chain.
 * - A speculated let loses its mark: φ-SSA has none.
 *
 * The result verifies, holds no ψ and no guard, and means what the ψ-SSA program means wherever that program
 * reads no variable whose predicated definition did not execute.
 *
 * Select form (seed 001 §4.4, Figure 7: "each of these select operations makes an explicit use of the variable
 * immediately to its left in the argument list of the original ψ operation") is the same lowering for a program
 * whose ψs out-of-ψ-SSA has made congruent: each ψ argument's predicated definition `p ? a = e` reads its left
 * neighbour f in the ψ as the value it keeps when p does not hold, `t = e; a = select(p, t, f)` (or the branch
 * around, passing f on the path that skips it), so the last argument holds the ψ's value and the ψ becomes a
 * copy of it. The variables of one ψ are then one value flowing through selects, which a destruction can give
 * one register: `(SET r (IF p e r))`.
 */

/** ψ-SSA lowered to φ-SSA: ψs to select chains, predicated lets speculated or branched around. */
public final class PsiLowering {

    /** The lowering as a pass; destruction runs it on ψ-SSA programs before anything else. */
    public static final Pass PASS = Pass.of("psilower", PsiLowering::apply);

    private PsiLowering() {}

    /** The function without ψ or predicated let; the same function when it has none. */
    public static Function apply(Function function) {
        return new Lowering(function, Map.of(), false).function();
    }

    /**
     * The function in select form (Figure 7): the predicated definition of each variable {@code a} that {@code
     * leftNeighbour} maps to {@code f} keeps {@code f}'s value when its guard does not hold, and each ψ is a copy
     * of its last argument. Meant for a program whose ψs are normalized and congruent, where every argument but
     * the first has its left neighbour there (seed 001 §4.3–4.4); the same function when it holds no ψ-SSA code.
     */
    public static Function selectForm(Function function, Map<Atom.Var, ? extends Atom> leftNeighbour) {
        return new Lowering(function, new HashMap<>(leftNeighbour), true).function();
    }

    /** One lowering of one function. */
    private record Lowering(Function input, Map<Atom.Var, Atom> fallback, boolean selectForm) {

        Function function() {
            Nest nest = Nest.checked(input);
            VarSupply vars = VarSupply.after(input);
            NameSupply labels = nest.labelSupply();
            Function lowered = nest.rewrite((node, body) -> lower(body, vars, labels));
            return lowered == input ? input : lowered.withBody(lowered.body(), vars.count());
        }

        /** One body lowered; the same body when it holds no ψ-SSA code. */
        private Body lower(Body body, VarSupply vars, NameSupply labels) {
            if (!body.lets().exists(let -> let.isGuarded() || let.expr() instanceof Expr.Psi
                    || let.guard() instanceof Guard.Speculated)) {
                return body;
            }
            // The lets split into segments at each let that must be branched around: segment i ends with
            // branch i.
            List<List<Let>> segments = new ArrayList<>();
            List<Let> branched = new ArrayList<>();
            List<Let> current = new ArrayList<>();
            for (Let let : body.lets()) {
                if (let.guard() instanceof Guard.When && let.expr().mayTrap()) {
                    segments.add(current);
                    branched.add(let);
                    current = new ArrayList<>();
                } else {
                    lowerInto(current, let, vars);
                }
            }
            Body rest = new Body(Vector.ofAll(current), body.functions(), body.tail());
            for (int i = branched.size() - 1; i >= 0; i--) {
                rest = branchAround(segments.get(i), branched.get(i), rest, vars, labels);
            }
            return rest;
        }

        /**
         * Appends the lets a let that cannot trap becomes: itself unguarded; in select form a select of its value
         * and its left neighbour's when it has one; a ψ's select chain, or in select form a copy of its last
         * argument.
         */
        private void lowerInto(List<Let> out, Let let, VarSupply vars) {
            if (!(let.expr() instanceof Expr.Psi psi)) {
                Atom.Var v = let.arity() == 1 ? let.var(0) : null;
                Atom kept = v == null ? null : fallback.get(v);
                if (kept == null || !(let.guard() instanceof Guard.When(Atom p))) {
                    out.add(let.withGuard(Guard.ALWAYS));
                    return;
                }
                Atom value;
                if (let.expr() instanceof Expr.Copy(Atom c)) {
                    value = c;
                } else {
                    Atom.Var t = vars.fresh(v.hint(), v.type());
                    out.add(Let.of(t, let.expr()));
                    value = t;
                }
                out.add(Let.of(v, new Expr.Select((Type.Data) v.type(), p, value, kept)));
                return;
            }
            Atom.Var result = let.var(0);
            Vector<Expr.Psi.Arg> args = psi.args();
            if (selectForm) {
                Atom kept = fallback.get(result);
                out.add(Let.of(result, kept != null && let.guard() instanceof Guard.When(Atom p)
                        ? new Expr.Select(psi.type(), p, args.last().value(), kept)
                        : new Expr.Copy(args.last().value())));
                return;
            }
            Atom chain = args.get(0).value();
            if (args.size() == 1) {
                out.add(Let.of(result, new Expr.Copy(chain)));
                return;
            }
            for (int k = 1; k < args.size(); k++) {
                Atom.Var t = k == args.size() - 1 ? result : vars.fresh(result.hint(), result.type());
                out.add(Let.of(t, new Expr.Select(psi.type(), args.get(k).guard(), args.get(k).value(), chain)));
                chain = t;
            }
        }

        /**
         * {@code before; p ? xs = e; rest} as {@code before; letrec do() = let xs' = e in join(xs'), join(xs) =
         * rest in if p then do() else join(⊥…, m)}, or the left neighbour in place of ⊥ in select form.
         */
        private Body branchAround(List<Let> before, Let let, Body rest, VarSupply vars, NameSupply labels) {
            Atom predicate = ((Guard.When) let.guard()).predicate();
            Label join = new Label(labels.fresh("join"));
            Label taken = new Label(labels.fresh("when"));
            Vector<Atom.Var> results = let.vars().map(v -> vars.fresh(v.hint(), v.type()));
            Vector<Atom> skipped = let.vars().map(v -> v.type() instanceof Type.Mem ? consumedMemory(let.expr())
                    : fallback.containsKey(v) ? fallback.get(v) : new Atom.Undef(v.type()));
            Fn evaluate = new Fn(taken, Vector.empty(), Body.of(Vector.of(new Let(results, let.expr())),
                    new Tail.Jump(join, Vector.narrow(results))));
            Fn continuation = new Fn(join, let.vars(), rest);
            return new Body(Vector.ofAll(before), Vector.of(evaluate, continuation),
                    new Tail.Branch(predicate, new Tail.Jump(taken, Vector.empty()), new Tail.Jump(join, skipped)));
        }
    }

    /** The memory token a store or call consumes: what its new token is when it does not execute. */
    private static Atom consumedMemory(Expr expr) {
        return switch (expr) {
            case Expr.Store s -> s.mem();
            case Expr.Call c -> c.mem();
            default -> throw new IllegalArgumentException("a " + expr.getClass().getSimpleName()
                    + " yields no memory token");
        };
    }
}
