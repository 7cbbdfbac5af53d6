package org.funssa.core.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

class DiGraphTest {

    @Test
    void multiEdgesAreKeptInOrderOnBothSides() {
        // A branch whose two targets are the same node, then a jump back.
        DiGraph g = DiGraph.of(3, 0, 0, 1, 0, 1, 1, 2, 2, 0);
        assertThat(g.successors(0)).isEqualTo(IntSeq.of(1, 1));
        assertThat(g.predecessors(1)).isEqualTo(IntSeq.of(0, 0));
        assertThat(g.predecessorCount(1)).isEqualTo(2);
        assertThat(g.predecessor(1, 1)).isZero();
        assertThat(g.predecessor(0, 0)).isEqualTo(2);
        assertThatThrownBy(() -> g.predecessor(0, 1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("node 0 has 1 predecessors");
        assertThat(g.edge(0, 1)).isEqualTo(new Edge(0, 1, 1));
        assertThat(g.edgeCount()).isEqualTo(4);
        assertThat(CriticalEdges.of(g)).containsExactly(new Edge(0, 0, 1), new Edge(0, 1, 1));
    }

    @Test
    void theReverseViewSwapsSuccessorsAndPredecessors() {
        DiGraph g = DiGraph.of(3, 0, 0, 1, 0, 2, 1, 2);
        Graph r = g.reversed(2);
        assertThat(r.entry()).isEqualTo(2);
        assertThat(r.successors(2)).isEqualTo(IntSeq.of(0, 1));
        assertThat(r.predecessors(0)).isEqualTo(IntSeq.of(1, 2));
        assertThat(Dominators.of(r).idom(0)).isEqualTo(2);
    }

    @Test
    void labelsNameNodes() {
        DiGraph g = DiGraph.builder(2).labels(Vector.of("a", "b")).edge(0, 1).build();
        assertThat(g.label(1)).isEqualTo("b");
        assertThat(g.node("b")).contains(1);
        assertThat(g.node("c")).isEmpty();
        assertThat(g).hasToString("DiGraph(entry a; a -> b; b ->)");
        assertThat(DiGraph.of(2, 1).label(1)).isEqualTo("1");
    }

    @Test
    void badInputIsRejectedClearly() {
        assertThatThrownBy(() -> DiGraph.of(2, 0, 0, 2)).hasMessage("node 2 is not in 0..1");
        assertThatThrownBy(() -> DiGraph.of(2, 0, 0)).hasMessageContaining("odd number");
        assertThatThrownBy(() -> DiGraph.builder(0)).hasMessageContaining("at least one node");
        assertThatThrownBy(() -> DiGraph.builder(2).labels(Vector.of("a"))).hasMessage("1 labels for 2 nodes");
        assertThatThrownBy(() -> IntSeq.of(1).get(1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void intSeqIsAValue() {
        assertThat(IntSeq.of(3, 1, 2).sorted()).isEqualTo(IntSeq.of(1, 2, 3));
        assertThat(IntSeq.of(1, 2)).hasSameHashCodeAs(IntSeq.of(1, 2)).hasToString("[1, 2]");
        assertThat(IntSeq.of(1, 2).contains(2)).isTrue();
        int[] values = {1, 2};
        IntSeq seq = IntSeq.of(values);
        values[0] = 9;
        assertThat(seq.get(0)).isEqualTo(1);
    }

    @Test
    void anIrreducibleLoopIsReportedWithItsEntries() {
        // entry 0 enters the cycle 1 <-> 2 at both nodes.
        DiGraph g = DiGraph.of(4, 0, 0, 1, 0, 2, 1, 2, 2, 1, 2, 3);
        LoopNestingForest forest = LoopNestingForest.of(g);
        assertThat(forest.isReducible()).isFalse();
        assertThat(forest.irreducibleLoops()).containsExactly(0);
        assertThat(forest.body(0).sorted()).isEqualTo(IntSeq.of(1, 2));
        assertThat(forest.entries(0)).isEqualTo(IntSeq.of(1, 2));
        assertThat(forest.loopDepth(3)).isZero();
    }
}
