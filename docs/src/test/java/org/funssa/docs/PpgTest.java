package org.funssa.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.graph.DiGraph;
import org.funssa.psi.ppg.ControlDependenceConstruction;
import org.funssa.psi.ppg.PredicatePartitionGraph;
import org.funssa.psi.ppg.TraceGraph;
import org.junit.jupiter.api.Test;

/** The code of docs/ppg.md: each region is quoted there verbatim (DocsSnippetsTest checks it). */
class PpgTest {

    @Test
    void thePpgOfAnUnstructuredGraphAndItsQueries() {
        // region example
        DiGraph cfg = DiGraph.builder(6).labels(Vector.of("1", "2", "3", "4", "5", "6")).entry(0)
                .edge(0, 1).edge(0, 2)   // 1 branches to 2 and 3
                .edge(1, 3)              // 2 goes on to 4
                .edge(2, 3).edge(2, 4)   // 3 branches to 4 and 5: 3 -> 4 is a critical edge
                .edge(3, 5).edge(4, 5)   // 4 and 5 meet in 6
                .build();
        PredicatePartitionGraph ppg = ControlDependenceConstruction.of(TraceGraph.of(cfg));
        System.out.print(ppg);
        int p1 = ppg.predicateOf(0);
        int p3 = ppg.predicateOf(2);
        int p4 = ppg.predicateOf(3);
        int p5 = ppg.predicateOf(4);
        assertThat(ppg.predicateOf(5)).isEqualTo(p1);      // 6 runs whenever 1 does
        assertThat(ppg.disjoint(p4, p5)).isTrue();         // no trace passes both 4 and 5
        assertThat(ppg.isUnion(p4, p5, p1)).isTrue();      // every trace passes 4 or 5
        assertThat(ppg.implies(p4, p3)).isFalse();         // 4 may run without 3 (through 2)
        assertThat(ppg.disjoint(p3, p4)).isFalse();        // or with it (through 3 -> 4)
        // endregion
        assertThat(ppg.toString()).isEqualTo("""
                p1 = p2 | p3
                p3 = p5 | p3->4
                p4 = p2 | p3->4
                p1 = p4 | p5
                """);
    }
}
