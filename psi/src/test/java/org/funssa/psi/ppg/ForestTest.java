package org.funssa.psi.ppg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import java.util.Random;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.IntSeq;
import org.junit.jupiter.api.Test;

/**
 * Seed 002 §4.2: the reducible CFG of Figure 12 split along its loop nesting forest into the acyclic graphs of
 * Figure 13, one PPG each; and on random reducible graphs every region's PPG exact on its own traces, its
 * answers complete.
 *
 * <p>Figure 12 is a drawing the seed's text does not carry. The text says only that a trace of it "could go
 * through nodes 4 and 5 … by taking each case of the branch in 3 in a different loop iteration", with one loop
 * header and one back edge; the graph here is the smallest such loop, a while loop: 1 enters the header 2, 2
 * leaves to 7 or goes on to 3, 3 branches to 4 and 5, which meet in 6, whose back edge returns to 2.
 */
class ForestTest {

    static final DiGraph FIGURE_12 = DiGraph.builder(7).labels(Vector.of("1", "2", "3", "4", "5", "6", "7"))
            .entry(0)
            .edge(0, 1)
            .edge(1, 2).edge(1, 6)
            .edge(2, 3).edge(2, 4)
            .edge(3, 5).edge(4, 5)
            .edge(5, 1)
            .build();

    private static String edges(PredicatePartitionForest.Region region) {
        DiGraph g = region.ppg().cfg().graph();
        StringBuilder text = new StringBuilder();
        for (int x = 0; x < g.size(); x++) {
            IntSeq succ = g.successors(x);
            for (int k = 0; k < succ.size(); k++) {
                text.append(text.isEmpty() ? "" : ", ").append(g.label(x)).append("->").append(g.label(succ.get(k)));
            }
        }
        return text.toString();
    }

    @Test
    void figure13SplitsTheLoopFromTheFunction() {
        PredicatePartitionForest forest = PredicatePartitionForest.of(FIGURE_12);
        assertThat(forest.regions()).hasSize(2);
        assertThat(edges(forest.function())).isEqualTo("1->2, 2->7");
        assertThat(edges(forest.loop(0))).isEqualTo("START->2, 2->3, 2->*7, 3->4, 3->5, 4->6, 5->6, 6->END, *7->END");
    }

    @Test
    void eachRegionHasItsOwnPpg() {
        PredicatePartitionForest forest = PredicatePartitionForest.of(FIGURE_12);
        PredicatePartitionGraph outside = forest.function().ppg();
        assertThat(outside.partitions()).isEmpty();
        assertThat(outside.predicateCount()).as("1, the loop as 2, and 7 run together").isEqualTo(1);
        PredicatePartitionGraph loop = forest.loop(0).ppg();
        assertThat(SeedFigure8Test.relations(loop)).containsExactlyInAnyOrder(
                "pSTART = p*7 | p3", "p3 = p4 | p5");
        int p4 = forest.predicateOf(3);
        int p5 = forest.predicateOf(4);
        assertThat(forest.regionOf(3)).isSameAs(forest.loop(0));
        assertThat(loop.disjoint(p4, p5)).as("within one iteration").isTrue();
        assertThat(loop.predicateOf(forest.loop(0).nodeOf(5))).isEqualTo(forest.predicateOf(2));
    }

    @Test
    void anIrreducibleGraphIsRefused() {
        DiGraph irreducible = DiGraph.of(4, 0, 0, 1, 0, 2, 1, 2, 2, 1, 2, 3);
        assertThatThrownBy(() -> PredicatePartitionForest.of(irreducible))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("irreducible");
    }

    @Test
    void everyRegionOfRandomReducibleGraphsIsExact() {
        RandomAcyclicCfgs graphs = new RandomAcyclicCfgs(4242);
        Random random = new Random(4242);
        Exactness.Tally tally = new Exactness.Tally();
        int loops = 0;
        for (int i = 0; i < 500; i++) {
            DiGraph dag = graphs.next();
            DominatorTree dominators = Dominators.of(dag);
            DiGraph.Builder builder = DiGraph.builder(dag.size()).entry(0);
            for (int x = 0; x < dag.size(); x++) {
                IntSeq succ = dag.successors(x);
                for (int k = 0; k < succ.size(); k++) {
                    builder.edge(x, succ.get(k));
                }
                if (random.nextInt(3) == 0) {
                    IntSeq up = dominators.dominators(x);
                    builder.edge(x, up.get(random.nextInt(up.size())));
                }
            }
            DiGraph cfg = builder.build();
            PredicatePartitionForest forest = PredicatePartitionForest.of(cfg);
            loops += forest.loops().loopCount();
            for (PredicatePartitionForest.Region region : forest.regions()) {
                Exactness.check(region.ppg(), "graph " + i + ": " + cfg + "\n" + region.ppg(), tally);
            }
        }
        assertThat(loops).isGreaterThan(100);
        assertThat(tally.disjoint).isPositive();
        assertThat(tally.missedDisjoint + tally.missedImplies + tally.missedUnions).as("answers missed").isZero();
    }
}
