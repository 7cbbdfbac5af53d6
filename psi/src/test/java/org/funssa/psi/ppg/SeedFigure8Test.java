package org.funssa.psi.ppg;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.HashSet;
import io.vavr.collection.Set;
import io.vavr.collection.Vector;
import org.funssa.core.graph.ControlDependence;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.Edge;
import org.junit.jupiter.api.Test;

/**
 * Seed 002's worked example: the unstructured acyclic CFG of Figure 8, its control dependence graph (Figure 9)
 * and its Predicate Partition Graph (Figure 11), with the completion the report derives for node 4.
 *
 * <p>The three figures are drawings that the seed's text does not carry; the graph here is the one every fact
 * the text states about them forces, block numbers included: §4.1.3 computes complete() for node 4 with
 * Idom(4) = 1, nodesReached = {1, 3}, predicatesVisited = {p2, p3, p7}, predicatesReachable = {p2, p3, p5, p7}
 * and the partition p1 = p4 | p5; node 1 of Figure 9 carries one label on several out-edges; Figure 8 is
 * unstructured, with its critical edges split by dashed nodes. So 1 is START and branches to 2 and 3, 3
 * branches to 5 and to 4, its edge to the merge 4 being critical and split by the dashed node 7, 2 and 7 merge
 * in 4, and 4 and 5 merge in the END, 6.
 */
class SeedFigure8Test {

    /** Figure 8, blocks named by their numbers: node k is block k + 1. */
    static final DiGraph FIGURE_8 = DiGraph.builder(7).labels(Vector.of("1", "2", "3", "4", "5", "6", "7"))
            .entry(0)
            .edge(0, 1).edge(0, 2)
            .edge(1, 3)
            .edge(2, 6).edge(2, 4)
            .edge(6, 3)
            .edge(3, 5).edge(4, 5)
            .build();

    private static int block(String name) {
        return FIGURE_8.node(name).get();
    }

    /** The partitions as "p1 = p4 | p5", parts in name order. */
    static Set<String> relations(PredicatePartitionGraph ppg) {
        return HashSet.ofAll(ppg.partitions()).map(partition -> ppg.name(partition.whole()) + " = "
                + Vector.ofAll(partition.parts().stream().mapToObj(ppg::name).sorted().toList()).mkString(" | "));
    }

    private static int p(PredicatePartitionGraph ppg, String block) {
        return ppg.predicateOf(block(block));
    }

    @Test
    void theControlDependenceGraphIsFigure9() {
        ControlDependence cdg = ControlDependence.of(FIGURE_8);
        Set<String> edges = HashSet.empty();
        for (int y = 0; y < FIGURE_8.size(); y++) {
            for (Edge label : cdg.dependencesOf(y)) {
                edges = edges.add(FIGURE_8.label(label.source()) + " → " + FIGURE_8.label(y)
                        + " [" + FIGURE_8.label(label.source()) + "," + FIGURE_8.label(label.target()) + "]");
            }
        }
        assertThat(edges).containsExactlyInAnyOrder(
                "1 → 2 [1,2]", "1 → 4 [1,2]", "1 → 3 [1,3]",
                "3 → 7 [3,7]", "3 → 4 [3,7]", "3 → 5 [3,5]");
    }

    @Test
    void algorithm5GivesFigure11() {
        PredicatePartitionGraph ppg = ControlDependenceConstruction.of(TraceGraph.of(FIGURE_8));
        assertThat(relations(ppg)).containsExactlyInAnyOrder(
                "p1 = p2 | p3", "p3 = p5 | p7", "p4 = p2 | p7", "p1 = p4 | p5");
        assertThat(ppg.predicateCount()).isEqualTo(6);
        assertThat(ppg.predicateOf(block("6"))).isEqualTo(ppg.predicateOf(block("1")));
        assertThat(ppg.blocks(ppg.root()).toArray()).containsExactly(block("1"), block("6"));
        assertThat(ppg.isComplete()).isTrue();
    }

    @Test
    void completingNode4GivesP1AsP4OrP5() {
        PredicatePartitionGraph ppg = ControlDependenceConstruction.of(TraceGraph.of(FIGURE_8));
        int p4 = p(ppg, "4");
        assertThat(ppg.partitionsContaining(p4)).hasSize(1);
        assertThat(relations(ppg).filter(r -> r.contains("p4 |"))).containsExactly("p1 = p4 | p5");
    }

    @Test
    void algorithm1FindsTheSameGraphHere() {
        PredicatePartitionGraph ppg = BranchMergeConstruction.of(TraceGraph.of(FIGURE_8));
        assertThat(relations(ppg)).containsExactlyInAnyOrder(
                "p1 = p2 | p3", "p3 = p5 | p7", "p4 = p2 | p7", "p1 = p4 | p5");
    }

    @Test
    void theUnsplitGraphGetsItsCriticalEdgeSplit() {
        DiGraph unsplit = DiGraph.builder(6).labels(Vector.of("1", "2", "3", "4", "5", "6")).entry(0)
                .edge(0, 1).edge(0, 2).edge(1, 3).edge(2, 3).edge(2, 4).edge(3, 5).edge(4, 5)
                .build();
        PredicatePartitionGraph ppg = ControlDependenceConstruction.of(TraceGraph.of(unsplit));
        assertThat(relations(ppg)).containsExactlyInAnyOrder(
                "p1 = p2 | p3", "p3 = p3->4 | p5", "p4 = p2 | p3->4", "p1 = p4 | p5");
    }

    @Test
    void queriesFollowTheFigure() {
        PredicatePartitionGraph ppg = ControlDependenceConstruction.of(TraceGraph.of(FIGURE_8));
        int p1 = p(ppg, "1");
        int p2 = p(ppg, "2");
        int p3 = p(ppg, "3");
        int p4 = p(ppg, "4");
        int p5 = p(ppg, "5");
        int p7 = p(ppg, "7");
        assertThat(ppg.disjoint(p4, p5)).isTrue();
        assertThat(ppg.disjoint(p2, p3)).isTrue();
        assertThat(ppg.disjoint(p2, p7)).isTrue();
        assertThat(ppg.disjoint(p2, p5)).isTrue();
        assertThat(ppg.disjoint(p3, p4)).as("p3 ∩ p4 = p7").isFalse();
        assertThat(ppg.disjoint(p1, p5)).isFalse();
        assertThat(ppg.disjoint(p5, p5)).isFalse();
        assertThat(ppg.implies(p7, p4)).isTrue();
        assertThat(ppg.implies(p7, p3)).isTrue();
        assertThat(ppg.implies(p2, p4)).isTrue();
        assertThat(ppg.implies(p4, p1)).isTrue();
        assertThat(ppg.implies(p4, p3)).isFalse();
        assertThat(ppg.implies(p1, p4)).isFalse();
        assertThat(ppg.isUnion(p4, p5, p1)).isTrue();
        assertThat(ppg.isUnion(p2, p7, p4)).isTrue();
        assertThat(ppg.isUnion(p2, p3, p1)).isTrue();
        assertThat(ppg.isUnion(p5, p7, p3)).isTrue();
        assertThat(ppg.isUnion(p2, p5, p1)).as("p7 is in neither").isFalse();
        assertThat(ppg.isUnion(p4, p3, p1)).as("overlapping, but covering").isTrue();
        assertThat(ppg.isUnion(p2, p7, p1)).isFalse();
    }
}
