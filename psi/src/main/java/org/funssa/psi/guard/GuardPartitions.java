package org.funssa.psi.guard;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.util.HashMap;
import java.util.Map;
import org.funssa.core.graph.IntList;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.psi.Predicates;
import org.funssa.psi.ppg.ControlDependenceConstruction;
import org.funssa.psi.ppg.PredicatePartitionGraph;
import org.funssa.psi.ppg.TraceGraph;

/*
 * Seed 002 §5.2: ψ-reduction and ψ-projection "need to track the domain of validity of values … and to be able to
 * merge and compare domains", which the PPG answers by graph traversals (§5.1). The ψ transformations ask: ψ-
 * reduction (seed 000 §"Psi-SSA algorithms") whether an argument's guard is included in the union of those on its
 * right, ψ-projection whether two guards are disjoint and whether one implies another, ψ-permutation whether two
 * are disjoint, ψ-promotion (seed 001 §3.1, Condition 2) whether the union of a ψ's guards is everything.
 *
 * This answers them from a Predicate Partition Graph: GuardPaths reads each guard of the function as a path of
 * branch outcomes, DecisionGraph makes the acyclic graph whose blocks' predicates the guards are, TraceGraph
 * prepares it (§4.1) and Algorithm 5 (ControlDependenceConstruction, §4.1.3, with its complete()) builds the PPG.
 * A guard is its block's predicate, a true literal the root, and
 *  - p ⊆ q and p ∩ q = ∅ are PredicatePartitionGraph.implies and disjoint;
 *  - p ⊆ q₁ ∪ … ∪ qₙ is PredicatePartitionGraph.coveredBy, the closure that decides isUnion: a predicate lies in
 *    the union when one of its partitions does, as p₁ = p₄ | p₅ puts p₁ in p₄ ∪ p₅ (Figure 11);
 *  - the union of the qs is everything when the root lies in it.
 * A guard that never holds (GuardPaths.never: a false literal, outcomes that exclude each other) implies every
 * guard, is disjoint from every guard and covered by any. A guard GuardPaths reads as no path (a disjunction) has
 * no predicate: a query about it answers no, and a covering query uses only the qs that have one. Every answer
 * "yes" holds on every run (DecisionGraph has all the runs' traces), so a transformation acting on it keeps the
 * program's meaning.
 */

/** The relations between a function's guards that the ψ transformations ask, answered by their PPG. */
public final class GuardPartitions {

    private final GuardPaths paths;
    private final PredicatePartitionGraph ppg;
    private final Map<Atom, Integer> predicates = new HashMap<>();

    private GuardPartitions(Function function) {
        paths = GuardPaths.of(function);
        DecisionGraph decisions = DecisionGraph.of(paths.paths().values());
        ppg = ControlDependenceConstruction.of(TraceGraph.of(decisions.graph()));
        paths.paths().forEach((guard, path) -> predicates.put(guard, ppg.predicateOf(decisions.blockOf(path))));
    }

    /** The partitions of the guards of {@code function}: of its predicated lets and of its ψ arguments. */
    public static GuardPartitions of(Function function) {
        return new GuardPartitions(function);
    }

    /** The PPG the queries are answered on: its blocks are the guards' contexts. */
    public PredicatePartitionGraph graph() {
        return ppg;
    }

    /** The guard's predicate: the root for a true literal, none for a guard that is no path of outcomes. */
    public Option<Integer> predicateOf(Atom guard) {
        if (guard instanceof Atom.IntLit) {
            return Predicates.isTrue(guard) ? Option.of(ppg.root()) : Option.none();
        }
        return Option.of(predicates.get(guard));
    }

    /** Whether {@code p} holds only where {@code q} holds: {@code p ⊆ q}. */
    public boolean implies(Atom p, Atom q) {
        return paths.never(p) || predicateOf(p).exists(a -> predicateOf(q).exists(b -> ppg.implies(a, b)));
    }

    /** Whether {@code p} and {@code q} never hold together. */
    public boolean disjoint(Atom p, Atom q) {
        return paths.never(p) || paths.never(q)
                || predicateOf(p).exists(a -> predicateOf(q).exists(b -> ppg.disjoint(a, b)));
    }

    /** Whether {@code p} holds only where one of {@code qs} holds: {@code p ⊆ ∪ qs}. */
    public boolean coveredBy(Atom p, Vector<Atom> qs) {
        IntList union = new IntList(qs.size());
        qs.forEach(q -> predicateOf(q).forEach(union::add));
        return paths.never(p) || predicateOf(p).exists(a -> ppg.coveredBy(a, union.toSeq()));
    }

    /** Whether one of {@code ps} always holds: {@code ∪ ps = true}. */
    public boolean exhaustive(Vector<Atom> ps) {
        return coveredBy(Atom.i32(1), ps);
    }
}
