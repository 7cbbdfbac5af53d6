package org.funssa.psi.ppg;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.HashSet;
import io.vavr.collection.Set;
import java.util.function.Function;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.IntSeq;
import org.junit.jupiter.api.Test;

/**
 * The Predicate Partition Graph against brute force over every START-to-END path of 1,000 random acyclic CFGs
 * (seed 002 Definitions 12–15): each predicate's blocks have one domain and distinct predicates distinct ones,
 * each partition is exact, and each answer the graph gives holds on every path — two predicates it calls
 * disjoint never hold on one path, one it says implies another is never without it, p ∨ q = r exactly. Algorithm
 * 5's answers also miss nothing: every true disjointness, implication and union of its predicates is answered,
 * where Algorithm 1's fresh predicates lose some.
 */
class PartitionLawTest {

    private static final int GRAPHS = 1000;

    @Test
    void algorithm5IsExactOnEveryPath() {
        Exactness.Tally tally = check(ControlDependenceConstruction::of);
        assertThat(tally.freshPredicates).as("Algorithm 5 makes no dummy predicate").isZero();
        assertThat(tally.disjoint).isPositive();
        assertThat(tally.implies).isPositive();
        assertThat(tally.unions).isPositive();
        assertThat(tally.missedDisjoint).as("every disjointness of predicates answered").isZero();
        assertThat(tally.missedImplies).as("every implication answered").isZero();
        assertThat(tally.missedUnions).as("every union answered").isZero();
    }

    @Test
    void algorithm1IsExactOnEveryPath() {
        Exactness.Tally tally = check(BranchMergeConstruction::of);
        assertThat(tally.disjoint).isPositive();
        assertThat(tally.implies).isPositive();
        assertThat(tally.unions).isPositive();
        assertThat(tally.freshPredicates).as("p★ appear on unstructured graphs").isPositive();
        assertThat(tally.missedImplies).as("§4.1.2: p★ only gives an inclusion, so some answers are lost")
                .isPositive();
    }

    /**
     * Where the seed says the two agree: both merge exactly the equivalent blocks (Property 4 for Algorithm 1,
     * Property 7 for Algorithm 5), and a branch's partition into its successors (Property 5) is also the
     * partition Algorithm 5 reads off the branch's CDG out-edges.
     */
    @Test
    void algorithms1And5MergeTheSameBlocksAndPartitionEveryBranchAlike() {
        RandomAcyclicCfgs graphs = new RandomAcyclicCfgs(1996);
        for (int i = 0; i < GRAPHS; i++) {
            TraceGraph traces = TraceGraph.of(graphs.next());
            PredicatePartitionGraph one = BranchMergeConstruction.of(traces);
            PredicatePartitionGraph five = ControlDependenceConstruction.of(traces);
            DiGraph g = traces.graph();
            String where = "graph " + i + ": " + traces;
            for (int b = 0; b < g.size(); b++) {
                for (int c = 0; c < b; c++) {
                    assertThat(one.predicateOf(b) == one.predicateOf(c)).as(where)
                            .isEqualTo(five.predicateOf(b) == five.predicateOf(c));
                }
            }
            Set<String> relations = blockRelations(five);
            for (int b = 0; b < g.size(); b++) {
                if (g.successors(b).size() > 1) {
                    assertThat(relations).as(where).contains(blockRelation(five, b, g.successors(b)));
                    assertThat(blockRelations(one)).as(where).contains(blockRelation(one, b, g.successors(b)));
                }
            }
        }
    }

    /** The partitions without fresh predicates, each predicate written as the first block it stands for. */
    private static Set<String> blockRelations(PredicatePartitionGraph ppg) {
        return HashSet.ofAll(ppg.partitions())
                .filter(partition -> partition.parts().stream().allMatch(p -> !ppg.blocks(p).isEmpty()))
                .map(partition -> {
            IntSeq parts = partition.parts();
            IntSeq firstBlocks = IntSeq.of(parts.stream().map(p -> ppg.blocks(p).get(0)).toArray());
            return blockRelation(ppg, ppg.blocks(partition.whole()).get(0), firstBlocks);
        });
    }

    private static String blockRelation(PredicatePartitionGraph ppg, int whole, IntSeq parts) {
        return ppg.blocks(ppg.predicateOf(whole)).get(0) + " = " + HashSet.ofAll(
                parts.stream().mapToObj(b -> ppg.blocks(ppg.predicateOf(b)).get(0)).toList()).toSortedSet();
    }

    private static Exactness.Tally check(Function<TraceGraph, PredicatePartitionGraph> construction) {
        RandomAcyclicCfgs graphs = new RandomAcyclicCfgs(2002);
        Exactness.Tally tally = new Exactness.Tally();
        for (int i = 0; i < GRAPHS; i++) {
            DiGraph cfg = graphs.next();
            TraceGraph traces = TraceGraph.of(cfg);
            PredicatePartitionGraph ppg = construction.apply(traces);
            Exactness.check(ppg, "graph " + i + ": " + traces + "\n" + ppg, tally);
        }
        return tally;
    }
}
