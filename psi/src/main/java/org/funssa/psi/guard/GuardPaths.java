package org.funssa.psi.guard;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;
import org.funssa.cps.opt.Folding;
import org.funssa.cps.rewrite.Nest;
import org.funssa.psi.PredicateDefinitions;
import org.funssa.psi.Predicates;

/*
 * Seed 002 §4.3: "the shape of predicate assignment instructions automatically generates partition relations
 * between predicates". If-conversion (org.funssa.psi.ifcv.IfConversion) makes every guard from the branch
 * conditions of the region it converted: p and ¬p (tstne c 0, tsteq p 0) for a branch, v = k and "no case"
 * (tsteq v k, tsteq (bor …) 0) for a switch, p ∧ q (band) for a branch nested in an arm; ψ-inlining conjoins
 * guards again. Such a guard is a conjunction of branch outcomes: the path from START to the block it guarded
 * in the region's decision graph, and its domain is the traces through that block (Definitions 12 and 14).
 *
 * This class reads each guard of a function as that path. ∧ (band of 0/1 atoms) conjoins, ¬ (tsteq x 0, bxor
 * x 1) negates, ¬(a ∨ b) is ¬a ∧ ¬b (bor under a negation), tstne x 0 is x, a true literal is the empty
 * conjunction; any other atom is a condition of its own (BranchTest.Truth), except a comparison v = k with a
 * literal k ≠ 0, a case of v (BranchTest.Case). A path makes its tests in the order their atoms are defined (the
 * nest's preorder: an outer branch's condition before those of the branches nested in its arms). When a guard
 * tests two cases of one value (a switch's "no case", a compare chain's inner arm), the cases of that value form a
 * chain of tests, in that order too: v = kⱼ is the path ¬(v = k₁) … ¬(v = kⱼ₋₁), v = kⱼ, which holds exactly when
 * v = kⱼ does, so the cases of one switch are outcomes of one chain and exclude each other, as a compare chain's
 * do (v ≠ 0 of such a value is the case v = 0 not holding); the cases of other values are tests of their own, as
 * independent branches on v = k are. A guard that is no such conjunction has no path: a disjunction, a
 * conjunction that never holds, a v ≠ k of a chained value that is not "none of the first cases of v". The walk
 * over a guard keeps its own stack.
 */

/** The guards of a function, each read as the path of branch outcomes whose block it guards. */
public final class GuardPaths {

    /** An atom under a polarity: the atom holds, or it does not. */
    private record Literal(Atom atom, boolean holds) {}

    private final PredicateDefinitions definitions;
    private final Map<Integer, Integer> position = new HashMap<>();
    private final Map<BranchTest.Case, Integer> caseOrder = new HashMap<>();
    private final Map<Atom.Var, Vector<Atom.IntLit>> chains = new HashMap<>();
    private final Map<Atom, Vector<Outcome>> paths = new LinkedHashMap<>();
    private final Set<Atom> never = new HashSet<>();

    private GuardPaths(Function function) {
        definitions = PredicateDefinitions.of(function);
        Nest nest = Nest.of(function);
        List<Atom> guards = new ArrayList<>();
        for (int node = 0; node < nest.size(); node++) {
            nest.params(node).forEach(v -> position.put(v.id(), position.size()));
            for (Let let : nest.body(node).lets()) {
                let.vars().forEach(v -> position.put(v.id(), position.size()));
                if (let.guard() instanceof Guard.When(Atom p)) {
                    guards.add(p);
                }
                if (let.expr() instanceof Expr.Psi psi) {
                    psi.args().forEach(arg -> guards.add(arg.guard()));
                }
            }
        }
        Map<Atom, Map<BranchTest, Boolean>> read = new LinkedHashMap<>();
        Set<Atom> seen = new HashSet<>();
        for (Atom guard : guards) {
            if (seen.add(guard)) {
                outcomes(guard).forEach(o -> read.put(guard, o));
            }
        }
        Set<Atom.Var> compared = new HashSet<>();
        caseOrder.keySet().forEach(c -> compared.add(c.value()));
        Set<Atom.Var> switched = new HashSet<>(); // values some guard tests twice: two cases, or a case and v ≠ 0
        for (Map<BranchTest, Boolean> outcomes : read.values()) {
            Map<Atom.Var, Integer> tested = new HashMap<>();
            for (BranchTest test : outcomes.keySet()) {
                Atom.Var value = switch (test) {
                    case BranchTest.Case c -> c.value();
                    case BranchTest.Truth t -> t.atom();
                };
                if (compared.contains(value) && tested.merge(value, 1, Integer::sum) == 2) {
                    switched.add(value);
                }
            }
        }
        for (Map.Entry<Atom, Map<BranchTest, Boolean>> entry : read.entrySet()) {
            Option<Map<BranchTest, Boolean>> outcomes = asCases(entry.getValue(), switched);
            if (outcomes.isEmpty()) {
                never.add(entry.getKey());
            }
            entry.setValue(outcomes.getOrElse(Map.of()));
        }
        Map<Atom.Var, List<BranchTest.Case>> cases = new HashMap<>();
        caseOrder.keySet().stream().filter(c -> switched.contains(c.value()))
                .forEach(c -> cases.computeIfAbsent(c.value(), v -> new ArrayList<>()).add(c));
        cases.forEach((value, chain) -> chains.put(value, Vector.ofAll(chain)
                .sortBy(caseOrder::get).map(BranchTest.Case::constant)));
        read.forEach((guard, outcomes) -> {
            if (!never.contains(guard)) {
                path(guard, outcomes).forEach(p -> paths.put(guard, p));
            }
        });
    }

    /** The paths of the guards of {@code function}: of its predicated lets and of its ψ arguments. */
    public static GuardPaths of(Function function) {
        return new GuardPaths(function);
    }

    /** Each guard that is a conjunction of branch outcomes, with its path, in the order guards first occur. */
    public Map<Atom, Vector<Outcome>> paths() {
        return Collections.unmodifiableMap(paths);
    }

    /** Whether the guard never holds: a false literal, or a conjunction of outcomes that exclude each other. */
    public boolean never(Atom guard) {
        return Predicates.isFalse(guard) || never.contains(guard);
    }

    /**
     * The outcomes whose conjunction the guard is, by test; none when it is not a conjunction, or never holds (then
     * the guard is remembered as such). A let of literals is read as its folded value.
     */
    private Option<Map<BranchTest, Boolean>> outcomes(Atom guard) {
        Map<BranchTest, Boolean> outcomes = new LinkedHashMap<>();
        Set<Literal> seen = new HashSet<>();
        ArrayDeque<Literal> work = new ArrayDeque<>();
        work.push(new Literal(guard, true));
        while (!work.isEmpty()) {
            Literal literal = work.pop();
            Atom a = literal.atom();
            boolean holds = literal.holds();
            if (!seen.add(literal)) {
                continue;
            }
            if (a instanceof Atom.IntLit) {
                if (Predicates.isTrue(a) != holds) {
                    never.add(guard);
                    return Option.none();
                }
                continue;
            }
            if (!(a instanceof Atom.Var v)) {
                return Option.none();
            }
            BranchTest test = new BranchTest.Truth(v);
            Option<Expr.Prim> definition = definitions.definition(v);
            Option<Atom> folded = definition.flatMap(d -> Folding.evaluate(d.op(), d.type(), d.operands()));
            if (folded.isDefined()) {
                work.push(new Literal(folded.get(), holds));
                continue;
            }
            if (definition.isDefined()) {
                Op op = definition.get().op();
                Vector<Atom> operands = definition.get().operands();
                boolean logic = operands.forAll(definitions::isBoolean);
                if ((op == Op.TSTNE || op == Op.TSTEQ) && Predicates.isFalse(operands.get(1))) {
                    work.push(new Literal(operands.get(0), holds == (op == Op.TSTNE)));
                    continue;
                }
                if (op == Op.BXOR && logic && operands.get(1) instanceof Atom.IntLit one
                        && one.value().equals(BigInteger.ONE)) {
                    work.push(new Literal(operands.get(0), !holds));
                    continue;
                }
                if ((op == Op.BAND || op == Op.BOR) && logic) {
                    if (holds != (op == Op.BAND)) {
                        return Option.none(); // a disjunction: ¬(a ∧ b), or a ∨ b
                    }
                    operands.forEach(o -> work.push(new Literal(o, holds)));
                    continue;
                }
                if (op == Op.TSTEQ && operands.get(0) instanceof Atom.Var value
                        && operands.get(1) instanceof Atom.IntLit constant) {
                    BranchTest.Case c = new BranchTest.Case(value, constant);
                    caseOrder.merge(c, position.get(v.id()), Math::min);
                    test = c;
                }
            }
            Boolean before = outcomes.putIfAbsent(test, holds);
            if (before != null && before != holds) {
                never.add(guard);
                return Option.none();
            }
        }
        return Option.of(outcomes);
    }

    /**
     * The outcomes with {@code v ≠ 0} read as the case {@code v = 0} not holding, for a switched value v: one chain
     * of tests; none when they then exclude each other.
     */
    private Option<Map<BranchTest, Boolean>> asCases(Map<BranchTest, Boolean> outcomes, Set<Atom.Var> switched) {
        Map<BranchTest, Boolean> cases = new LinkedHashMap<>();
        for (Map.Entry<BranchTest, Boolean> outcome : outcomes.entrySet()) {
            BranchTest test = outcome.getKey();
            boolean holds = outcome.getValue();
            if (test instanceof BranchTest.Truth(Atom.Var v) && switched.contains(v)) {
                BranchTest.Case zero = new BranchTest.Case(v, Atom.IntLit.of((Type.Data) v.type(), 0));
                caseOrder.merge(zero, position.get(v.id()), Math::min);
                test = zero;
                holds = !holds;
            }
            Boolean before = cases.putIfAbsent(test, holds);
            if (before != null && before != holds) {
                return Option.none();
            }
        }
        return Option.of(cases);
    }

    /** The outcomes as a path: a case as its chain's outcomes, tests in the order they are made; none if no path. */
    private Option<Vector<Outcome>> path(Atom guard, Map<BranchTest, Boolean> outcomes) {
        List<Outcome> path = new ArrayList<>();
        Map<Atom.Var, Atom.IntLit> equal = new LinkedHashMap<>();
        Map<Atom.Var, Set<Atom.IntLit>> unequal = new LinkedHashMap<>();
        for (Map.Entry<BranchTest, Boolean> outcome : outcomes.entrySet()) {
            switch (outcome.getKey()) {
                case BranchTest.Truth t -> path.add(new Outcome(t, outcome.getValue()));
                case BranchTest.Case c when !chains.containsKey(c.value()) ->
                        path.add(new Outcome(c, outcome.getValue()));
                case BranchTest.Case c when outcome.getValue() -> {
                    if (equal.putIfAbsent(c.value(), c.constant()) != null) {
                        never.add(guard); // v = k₁ and v = k₂
                        return Option.none();
                    }
                }
                case BranchTest.Case c -> unequal.computeIfAbsent(c.value(), v -> new HashSet<>()).add(c.constant());
            }
        }
        Set<Atom.Var> values = new HashSet<>(equal.keySet());
        values.addAll(unequal.keySet());
        for (Atom.Var value : values) {
            Vector<Atom.IntLit> chain = chains.get(value);
            Atom.IntLit k = equal.get(value);
            Set<Atom.IntLit> not = unequal.getOrDefault(value, Set.of());
            int before = k != null ? chain.indexOf(k) : not.size();
            if (k == null && !chain.take(before).toJavaSet().equals(not)) {
                return Option.none(); // v ≠ k for cases that are not the first of the chain
            }
            chain.take(before).forEach(c -> path.add(new Outcome(new BranchTest.Case(value, c), false)));
            if (k != null) {
                path.add(new Outcome(new BranchTest.Case(value, k), true));
            }
        }
        path.sort(Comparator.comparingInt(o -> order(o.test())));
        return Option.of(Vector.ofAll(path));
    }

    /** Where a test comes in a path: where its atom is defined (a case: the first of its comparisons). */
    private int order(BranchTest test) {
        return switch (test) {
            case BranchTest.Truth t -> position.get(t.atom().id());
            case BranchTest.Case c -> caseOrder.get(c);
        };
    }
}
