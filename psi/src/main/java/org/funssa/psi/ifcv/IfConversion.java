package org.funssa.psi.ifcv;

import io.vavr.collection.Set;
import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.core.graph.DiGraph;
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
import org.funssa.psi.PredicateDefinitions;
import org.funssa.psi.Predicates;

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
 * - a branch whose two sides jump to J itself;
 * - a switch whose every case and default enters such an arm or jumps to J (the "switch arms where
 *   simple"), the predicates then being v = kᵢ for each case and "no case" for the default.
 * Such a region is single-entry and acyclic. B becomes B's lets, the predicate p (c normalised to 0/1) and p̄, the
 * then arm's lets under p, the else arm's under p̄, one ψ per parameter of J, and then J's body itself: J's
 * parameters are bound by the ψs. The ψ's arguments are ordered as their definitions: a value that reaches J
 * straight from B was defined before any arm and comes first, then the arms' in the order of the jumps.
 *
 * Bodies are converted leaves first (the nest's bottom-up rewrite), and a body again while its new tail is a
 * region, so nested hammocks convert inside out: an arm converted earlier is straight-line code whose guards are
 * conjoined with the outer predicate (p ∧ q as `band` of two 0/1 predicates) and whose ψ arguments' guards too.
 * Memory stays one chain: each arm's memory operations read the last token of the arms before it, which is the
 * token at the branch whenever that arm runs. The Limits say which regions are worth converting.
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
        /** The jumps between the nodes: a node's predecessors are its callers, unchanged by other conversions. */
        private final DiGraph jumps;
        private final Predicates predicates;

        Converter(Nest nest, Limits limits) {
            this.nest = nest;
            this.limits = limits;
            this.vars = VarSupply.after(nest.function());
            this.jumps = nest.graph();
            this.predicates = new Predicates(PredicateDefinitions.of(nest.function()), vars);
        }

        Body convert(int node, Body body) {
            for (Body next = convertOnce(body); next != null; next = convertOnce(body)) {
                body = next;
            }
            return body;
        }

        /** One way into the join: an arm's lets (none for a straight jump to the join) and its jump to the join. */
        private record Arm(Vector<Let> lets, Tail.Jump toJoin) {}

        /**
         * The body with the region its tail starts converted, or null if it starts none worth converting: every
         * jump of the branch or switch enters an arm or goes straight to the join, and nothing else jumps there.
         */
        private Body convertOnce(Body body) {
            Tail tail = body.tail();
            if (!(tail instanceof Tail.Branch || tail instanceof Tail.Switch)) {
                return null;
            }
            Vector<Tail.Jump> jumps = tail.jumps();
            Vector<Arm> arms = Vector.empty();
            Label join = null;
            for (Tail.Jump jump : jumps) {
                Arm arm = arm(body, jump);
                Tail.Jump toJoin = arm == null ? jump : arm.toJoin();
                if (join != null && !join.equals(toJoin.target())) {
                    return null;
                }
                join = toJoin.target();
                arms = arms.append(arm == null ? new Arm(Vector.empty(), jump) : arm);
            }
            Fn joinFn = child(body, join);
            if (joinFn == null || callers(join) != jumps.size() || !worthIt(arms, joinFn)) {
                return null;
            }
            return convert(body, arms, joinFn);
        }

        /** The arm a jump enters, if its target is a local function of the body that can be one; else null. */
        private Arm arm(Body body, Tail.Jump jump) {
            Fn fn = child(body, jump.target());
            if (fn == null || callers(jump.target()) != 1 || !fn.body().functions().isEmpty()
                    || !(fn.body().tail() instanceof Tail.Jump toJoin) || fn.params().size() != jump.args().size()) {
                return null;
            }
            Vector<Let> bindings = fn.params().zipWith(jump.args(), (p, a) -> Let.of(p, new Expr.Copy(a)));
            return new Arm(bindings.appendAll(fn.body().lets()), toJoin);
        }

        private int callers(Label label) {
            return jumps.predecessorCount(nest.node(label));
        }

        private static Fn child(Body body, Label label) {
            return body.functions().find(f -> f.label().equals(label)).getOrNull();
        }

        /** The limits, and what conversion needs: no call, and one memory chain through the join. */
        private boolean worthIt(Vector<Arm> arms, Fn join) {
            Vector<Let> lets = arms.flatMap(Arm::lets);
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
            int speculated = lets.count(l -> l.guard().isUnconditional() && !l.expr().mayTrap());
            return speculated <= limits.maxSpeculated() && lets.size() - speculated <= limits.maxPredicated();
        }

        /** The predicate of each jump of the tail: p and ¬p for a branch, v = k and "no case" for a switch. */
        private Vector<Atom> predicatesOf(Tail tail, List<Let> lets) {
            if (tail instanceof Tail.Branch b) {
                Atom p = predicates.normalized(b.condition(), Predicates.hint(b.condition()) + "_p", lets);
                return Vector.of(p, predicates.not(p, lets));
            }
            Tail.Switch s = (Tail.Switch) tail;
            Vector<Atom> cases = s.cases().map(c -> predicates.equal(s.value(), c.value(), lets));
            return cases.append(predicates.not(predicates.any(cases, lets), lets));
        }

        private Body convert(Body body, Vector<Arm> arms, Fn join) {
            List<Let> lets = new ArrayList<>(body.lets().asJava());
            Vector<Atom> guards = predicatesOf(body.tail(), lets);
            int memory = join.params().indexWhere(v -> v.type() instanceof Type.Mem);
            // Each arm runs only when the arms before it did not: its memory is the last token they leave.
            Atom last = null;
            Vector<Vector<Atom>> args = Vector.empty();
            for (int k = 0; k < arms.size(); k++) {
                Arm arm = arms.get(k);
                Vector<Let> armLets = arm.lets();
                Vector<Atom> toJoin = arm.toJoin().args();
                if (memory >= 0 && last != null && !armLets.isEmpty()) {
                    Atom before = last;
                    armLets = armLets.map(l -> l.mapAtoms(a -> a.type() instanceof Type.Mem && !definedIn(a, arm)
                            ? before : a));
                    toJoin = toJoin.update(memory, definedIn(toJoin.get(memory), arm) ? toJoin.get(memory) : before);
                }
                if (memory >= 0 && !armLets.isEmpty()) {
                    last = toJoin.get(memory);
                }
                guarded(armLets, guards.get(k), lets);
                args = args.append(toJoin);
            }
            // ψ arguments in the order of their definitions: straight jumps (values from before) first
            Vector<Integer> order = Vector.range(0, arms.size()).filter(k -> arms.get(k).lets().isEmpty())
                    .appendAll(Vector.range(0, arms.size()).filter(k -> !arms.get(k).lets().isEmpty()));
            for (int i = 0; i < join.params().size(); i++) {
                Atom.Var x = join.params().get(i);
                int param = i;
                Vector<Atom> values = args.map(a -> a.get(param));
                if (i == memory) {
                    lets.add(Let.of(x, new Expr.Copy(last != null ? last : values.head())));
                } else if (values.distinct().size() == 1) {
                    lets.add(Let.of(x, new Expr.Copy(values.head())));
                } else {
                    lets.add(Let.of(x, new Expr.Psi((Type.Data) x.type(),
                            order.map(k -> new Expr.Psi.Arg(guards.get(k), values.get(k))))));
                }
            }
            // The join's lets, converted already and as long as the rest of a chain of hammocks, are prepended
            // to, not copied: each conversion costs its region, not what follows it.
            Set<Label> entered = body.tail().jumps().map(Tail.Jump::target).toSet();
            Vector<Fn> functions = body.functions()
                    .filter(f -> f != join && !entered.contains(f.label()))
                    .appendAll(join.body().functions());
            return new Body(join.body().lets().prependAll(lets), functions, join.body().tail());
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
                    case Guard.Always a -> image.withGuard(let.expr().mayTrap() ? Guard.when(p) : Guard.SPECULATED);
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
