package org.funssa.psi.lowering;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.List;
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
 */

/** ψ-SSA lowered to φ-SSA: ψs to select chains, predicated lets speculated or branched around. */
public final class PsiLowering {

    /** The lowering as a pass; destruction runs it on ψ-SSA programs before anything else. */
    public static final Pass PASS = Pass.of("psilower", PsiLowering::apply);

    private PsiLowering() {}

    /** The function without ψ or predicated let; the same function when it has none. */
    public static Function apply(Function function) {
        Nest nest = Nest.checked(function);
        VarSupply vars = VarSupply.after(function);
        NameSupply labels = nest.labelSupply();
        Function lowered = nest.rewrite((node, body) -> lower(body, vars, labels));
        return lowered == function ? function : lowered.withBody(lowered.body(), vars.count());
    }

    /** One body lowered; the same body when it holds no ψ-SSA code. */
    private static Body lower(Body body, VarSupply vars, NameSupply labels) {
        if (!body.lets().exists(let -> let.isGuarded() || let.expr() instanceof Expr.Psi
                || let.guard() instanceof Guard.Speculated)) {
            return body;
        }
        // The lets split into segments at each let that must be branched around: segment i ends with branch i.
        List<List<Let>> segments = new ArrayList<>();
        List<Let> branched = new ArrayList<>();
        List<Let> current = new ArrayList<>();
        for (Let let : body.lets()) {
            if (let.guard() instanceof Guard.When && let.expr().mayTrap()) {
                segments.add(current);
                branched.add(let);
                current = new ArrayList<>();
            } else {
                lowerInto(current, let.withGuard(Guard.ALWAYS), vars);
            }
        }
        Body rest = new Body(Vector.ofAll(current), body.functions(), body.tail());
        for (int i = branched.size() - 1; i >= 0; i--) {
            rest = branchAround(segments.get(i), branched.get(i), rest, vars, labels);
        }
        return rest;
    }

    /** Appends the lets an unguarded let becomes: itself, or a ψ's select chain. */
    private static void lowerInto(List<Let> out, Let let, VarSupply vars) {
        if (!(let.expr() instanceof Expr.Psi psi)) {
            out.add(let);
            return;
        }
        Atom.Var result = let.var(0);
        Vector<Expr.Psi.Arg> args = psi.args();
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
     * {@code before; p ? xs = e; rest} as {@code before; letrec do() = let xs' = e in join(xs'), join(xs) = rest
     * in if p then do() else join(⊥…, m)}.
     */
    private static Body branchAround(List<Let> before, Let let, Body rest, VarSupply vars, NameSupply labels) {
        Atom predicate = ((Guard.When) let.guard()).predicate();
        Label join = new Label(labels.fresh("join"));
        Label taken = new Label(labels.fresh("when"));
        Vector<Atom.Var> results = let.vars().map(v -> vars.fresh(v.hint(), v.type()));
        Vector<Atom> skipped = let.vars().map(v -> v.type() instanceof Type.Mem
                ? consumedMemory(let.expr()) : new Atom.Undef(v.type()));
        Fn evaluate = new Fn(taken, Vector.empty(), Body.of(Vector.of(new Let(results, let.expr())),
                new Tail.Jump(join, Vector.narrow(results))));
        Fn continuation = new Fn(join, let.vars(), rest);
        return new Body(Vector.ofAll(before), Vector.of(evaluate, continuation),
                new Tail.Branch(predicate, new Tail.Jump(taken, Vector.empty()), new Tail.Jump(join, skipped)));
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
