package org.funssa.psi.ifcv;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.core.lir.LirType;
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
import org.funssa.psi.GuardAlgebra;
import org.funssa.psi.Predicates;
import org.funssa.psi.Speculation;

/*
 * If-conversion into ψ-SSA: seed 000 §Definition (Figure 1: `if (p) a = op1 else b = op2; x = φ(a, b)` becomes
 * `p? a = op1; p̄? b = op2; x = ψ(p?a, p̄?b)`) and §Construction ("ψ operations can also be introduced in an SSA
 * representation by applying an if-conversion transformation"), with seed 001 §3's partial predication (Figure
 * 3 (c)): an operation that can be safely speculated is executed unguarded and only the ψ argument keeps its
 * predicate; the others (stores, loads, integer division) are fully predicated.
 *
 * In the functional IR a region is found in one body B whose tail is a branch `if c then T(…) else E(…)`:
 * - a diamond: T and E are local functions of B called only there, with no local functions of their own, each
 *   ending in a jump to J, a local function of B called only by them;
 * - a triangle: one side is such an arm, the other jumps straight to J;
 * - a branch whose two sides jump to J itself.
 * Such a region is single-entry and acyclic. B becomes B's lets, the predicate p (c normalised to 0/1) and p̄, the
 * then arm's lets under p, the else arm's under p̄, one ψ per parameter of J, and then J's body itself: J's
 * parameters are bound by the ψs. The ψ's arguments are ordered as their definitions: a value that reaches J
 * straight from B was defined before either arm and comes first, then the then arm's, then the else arm's.
 *
 * Bodies are converted leaves first (the nest's bottom-up rewrite), and a body again while its new tail is a
 * region, so nested hammocks convert inside out: an arm converted earlier is straight-line code whose guards are
 * conjoined with the outer predicate (p ∧ q as `band` of two 0/1 predicates) and whose ψ arguments' guards too.
 * Memory stays one chain: the else arm's memory operations read the then arm's last token, which is the token
 * at the branch whenever the else arm runs. The Limits say which regions are worth converting.
 */

/** If-conversion ({@code ifcv}): hammocks of the nest to predicated straight-line code with ψs. */
public final class IfConversion {

    /**
     * Which regions are converted: at most {@code maxRegionLets} lets in the arms together, at most {@code
     * maxSpeculated} of them executed unguarded, at most {@code maxPredicated} fully predicated (stores, loads,
     * integer division: the lowering to LIR branches around each of these again). Arms with calls are never
     * converted.
     */
    public record Limits(int maxRegionLets, int maxSpeculated, int maxPredicated) {

        /** Conservative: small regions of operations that can all be speculated. */
        public static final Limits DEFAULT = new Limits(16, 8, 0);

        /** Every region whose arms have no call, whatever its size: for experiments and tests. */
        public static final Limits ANY = new Limits(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);

        public Limits {
            if (maxRegionLets < 0 || maxSpeculated < 0 || maxPredicated < 0) {
                throw new IllegalArgumentException("if-conversion limits are counts, not negative");
            }
        }
    }

    /** {@code ifcv} with the default limits. */
    public static final Pass PASS = pass(Limits.DEFAULT);

    private IfConversion() {}

    /** {@code ifcv} with the given limits. */
    public static Pass pass(Limits limits) {
        return Pass.of("ifcv", f -> apply(f, limits));
    }

    /** The function with every region the default limits admit if-converted. */
    public static Function apply(Function function) {
        return apply(function, Limits.DEFAULT);
    }

    /** The function with every region {@code limits} admit if-converted; the same function when there is none. */
    public static Function apply(Function function, Limits limits) {
        Nest nest = Nest.checked(function);
        Converter converter = new Converter(nest, limits);
        Function converted = nest.rewrite(converter::convert);
        return converted == function ? function : converted.withBody(converted.body(), converter.vars.count());
    }

    /** One run over one function. */
    private static final class Converter {
        private final Nest nest;
        private final Limits limits;
        private final VarSupply vars;
        /** How many jumps go to each node's local function (unchanged by conversions of other regions). */
        private final int[] callers;
        private final Predicates predicates;

        Converter(Nest nest, Limits limits) {
            this.nest = nest;
            this.limits = limits;
            this.vars = VarSupply.after(nest.function());
            this.callers = new int[nest.size()];
            this.predicates = new Predicates(GuardAlgebra.of(nest.function()), vars);
            for (int node = 0; node < nest.size(); node++) {
                for (int k = 0; k < nest.jumpCount(node); k++) {
                    int target = nest.target(node, k);
                    if (target >= 0) {
                        callers[target]++;
                    }
                }
            }
        }

        Body convert(int node, Body body) {
            for (Body next = convertOnce(body); next != null; next = convertOnce(body)) {
                body = next;
            }
            return body;
        }

        /** One side of a region: the arm's lets (none for a straight jump) and its jump to the join. */
        private record Arm(Vector<Let> lets, Tail.Jump toJoin) {}

        /** The body with the region its tail starts converted, or null if it starts none worth converting. */
        private Body convertOnce(Body body) {
            if (!(body.tail() instanceof Tail.Branch branch)) {
                return null;
            }
            Tail.Jump toThen = branch.ifTrue();
            Tail.Jump toElse = branch.ifFalse();
            Arm then = arm(body, toThen);
            Arm other = arm(body, toElse);
            Label join;
            if (toThen.target().equals(toElse.target())) {
                join = toThen.target();
                then = new Arm(Vector.empty(), toThen);
                other = new Arm(Vector.empty(), toElse);
            } else if (then != null && other != null && then.toJoin().target().equals(other.toJoin().target())) {
                join = then.toJoin().target();
            } else if (then != null && then.toJoin().target().equals(toElse.target())) {
                join = toElse.target();
                other = new Arm(Vector.empty(), toElse);
            } else if (other != null && other.toJoin().target().equals(toThen.target())) {
                join = toThen.target();
                then = new Arm(Vector.empty(), toThen);
            } else {
                return null;
            }
            int joinNode = nest.node(join);
            Fn joinFn = child(body, join);
            if (joinFn == null || callers[joinNode] != 2 || !worthIt(then, other, joinFn)) {
                return null;
            }
            return convert(body, branch.condition(), then, other, joinFn);
        }

        /** The arm a jump enters, if its target is a local function of the body that can be one; else null. */
        private Arm arm(Body body, Tail.Jump jump) {
            Fn fn = child(body, jump.target());
            if (fn == null || callers[nest.node(jump.target())] != 1 || !fn.body().functions().isEmpty()
                    || !(fn.body().tail() instanceof Tail.Jump toJoin) || fn.params().size() != jump.args().size()) {
                return null;
            }
            Vector<Let> bindings = fn.params().zipWith(jump.args(), (p, a) -> Let.of(p, new Expr.Copy(a)));
            return new Arm(bindings.appendAll(fn.body().lets()), toJoin);
        }

        private static Fn child(Body body, Label label) {
            return body.functions().find(f -> f.label().equals(label)).getOrNull();
        }

        /** The limits, and what conversion needs: no call, and one memory chain through the join. */
        private boolean worthIt(Arm then, Arm other, Fn join) {
            Vector<Let> lets = then.lets().appendAll(other.lets());
            if (lets.size() > limits.maxRegionLets() || lets.exists(l -> l.expr() instanceof Expr.Call)) {
                return false;
            }
            if (join.params().exists(p -> p.type() instanceof Type.Data d && d.lir() instanceof LirType.Aggregate)) {
                return false; // LIR selects whole registers, not aggregates
            }
            boolean writes = lets.exists(l -> l.expr() instanceof Expr.Store);
            if (writes && !join.params().exists(p -> p.type() instanceof Type.Mem)) {
                return false;
            }
            int speculated = lets.count(l -> l.guard().isUnconditional() && Speculation.isSafe(l.expr()));
            return speculated <= limits.maxSpeculated() && lets.size() - speculated <= limits.maxPredicated();
        }

        private Body convert(Body body, Atom condition, Arm then, Arm other, Fn join) {
            List<Let> lets = new ArrayList<>(body.lets().asJava());
            Atom p = predicates.normalized(condition, Predicates.hint(condition) + "_p", lets);
            Atom notP = predicates.not(p, lets);
            guarded(then.lets(), p, lets);
            int memory = join.params().indexWhere(v -> v.type() instanceof Type.Mem);
            Vector<Atom> thenArgs = then.toJoin().args();
            Vector<Let> elseLets = other.lets();
            Vector<Atom> elseArgs = other.toJoin().args();
            if (memory >= 0 && !then.lets().isEmpty()) {
                // the else arm runs only when the then arm did not: its memory is the then arm's last token
                Atom last = thenArgs.get(memory);
                elseLets = elseLets.map(l -> l.mapAtoms(a -> a.type() instanceof Type.Mem && !definedIn(a, other)
                        ? last : a));
                Atom elseMemory = elseArgs.get(memory);
                elseArgs = elseArgs.update(memory, definedIn(elseMemory, other) ? elseMemory : last);
            }
            guarded(elseLets, notP, lets);
            boolean thenFirst = then.lets().isEmpty() || !other.lets().isEmpty();
            for (int i = 0; i < join.params().size(); i++) {
                Atom.Var x = join.params().get(i);
                Atom a = thenArgs.get(i);
                Atom b = elseArgs.get(i);
                if (i == memory || a.equals(b)) {
                    lets.add(Let.of(x, new Expr.Copy(i == memory ? b : a)));
                } else {
                    Expr.Psi.Arg fromThen = new Expr.Psi.Arg(p, a);
                    Expr.Psi.Arg fromElse = new Expr.Psi.Arg(notP, b);
                    lets.add(Let.of(x, new Expr.Psi((Type.Data) x.type(),
                            thenFirst ? Vector.of(fromThen, fromElse) : Vector.of(fromElse, fromThen))));
                }
            }
            lets.addAll(join.body().lets().asJava());
            Vector<Fn> functions = body.functions()
                    .filter(f -> f != join && !isArmOf(f, body))
                    .appendAll(join.body().functions());
            return new Body(Vector.ofAll(lets), functions, join.body().tail());
        }

        /** Whether {@code f} is one of the branch's arms (a local function the branch of {@code body} enters). */
        private static boolean isArmOf(Fn f, Body body) {
            Tail.Branch branch = (Tail.Branch) body.tail();
            return f.label().equals(branch.ifTrue().target()) || f.label().equals(branch.ifFalse().target());
        }

        private static boolean definedIn(Atom a, Arm arm) {
            return a instanceof Atom.Var v && arm.lets().exists(l -> l.vars().contains(v));
        }

        /**
         * The arm's lets under predicate {@code p}, appended to {@code out}: a let that can be speculated is
         * executed unguarded and marked so, a let under {@code q} goes under {@code p ∧ q}, any other under {@code
         * p}; a ψ's argument guards are conjoined with {@code p}.
         */
        private void guarded(Vector<Let> arm, Atom p, List<Let> out) {
            Map<Atom, Atom> conjunctions = new HashMap<>();
            for (Let let : arm) {
                Let image = let;
                if (let.expr() instanceof Expr.Psi psi) {
                    image = image.withExpr(new Expr.Psi(psi.type(),
                            psi.args().map(arg -> new Expr.Psi.Arg(and(p, arg.guard(), conjunctions, out),
                                    arg.value()))));
                }
                image = switch (let.guard()) {
                    case Guard.When(Atom q) -> image.withGuard(Guard.when(and(p, q, conjunctions, out)));
                    case Guard.Speculated s -> image;
                    case Guard.Always a -> image.withGuard(Speculation.isSafe(let.expr()) ? Guard.SPECULATED
                            : Guard.when(p));
                };
                out.add(image);
            }
        }

        /** {@code p ∧ q}, made once per {@code q} in an arm. */
        private Atom and(Atom p, Atom q, Map<Atom, Atom> conjunctions, List<Let> out) {
            Atom known = conjunctions.get(q);
            if (known == null) {
                known = predicates.and(p, q, out);
                conjunctions.put(q, known);
            }
            return known;
        }
    }
}
