package org.funssa.core.graph;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Sizes the algorithms must survive without recursion: a chain of 10^6 nodes, and nests 10^5 deep
 * (nested ifs, nested loops, a chain of diamonds) whose dominator, post-dominator and loop trees
 * are that deep. Each test runs every algorithm and checks a few exact facts.
 */
class DeepGraphTest {

    private static final int CHAIN = 1_000_000;
    private static final int NEST = 100_000;
    /**
     * Cooper–Harvey–Kennedy's intersection walks are quadratic on deeply nested loops (the second
     * pass walks from each latch up to the previous header), so this nest is 10^4 deep, not 10^5.
     */
    private static final int LOOP_NEST = 10_000;

    /** 0 → 1 → … → n-1. */
    private static DiGraph chain(int n) {
        DiGraph.Builder b = DiGraph.builder(n);
        for (int i = 0; i + 1 < n; i++) {
            b.edge(i, i + 1);
        }
        return b.build();
    }

    @Test
    void chainOfAMillionNodes() {
        DiGraph g = chain(CHAIN);
        int last = CHAIN - 1;
        DepthFirst dfs = DepthFirst.of(g);
        assertThat(dfs.reversePostorder().get(last)).isEqualTo(last);
        assertThat(dfs.backEdges()).isEmpty();
        DominatorTree dom = Dominators.of(g);
        assertThat(dom.idom(last)).isEqualTo(last - 1);
        assertThat(dom.depth(last)).isEqualTo(last);
        assertThat(dom.dominates(0, last)).isTrue();
        PostDominators pdom = PostDominators.of(g);
        assertThat(pdom.exit()).isEqualTo(last);
        assertThat(pdom.tree().depth(0)).isEqualTo(last);
        assertThat(DominanceFrontiers.of(g, dom).frontier(CHAIN / 2)).isEqualTo(IntSeq.empty());
        assertThat(new IteratedDominanceFrontier(g, dom).of(IntSeq.of(0, CHAIN / 2))).isEqualTo(IntSeq.empty());
        assertThat(pdom.frontiers().frontier(CHAIN / 2)).isEqualTo(IntSeq.empty());
        assertThat(ControlDependence.of(g, pdom).dependencesOf(CHAIN / 2)).isEmpty();
        assertThat(CriticalEdges.of(g)).isEmpty();
        assertThat(LoopNestingForest.of(g).loopCount()).isZero();
        // Variable 0 defined at the top and used at the bottom is live everywhere in between.
        Liveness live = Liveness.of(g, 1,
                n -> n == last ? IntSeq.of(0) : IntSeq.empty(), n -> n == 0 ? IntSeq.of(0) : IntSeq.empty());
        assertThat(live.liveIn(1)).isEqualTo(IntSeq.of(0));
        assertThat(live.liveOut(0)).isEqualTo(IntSeq.of(0));
        assertThat(live.liveIn(0)).isEqualTo(IntSeq.empty());
    }

    @Test
    void chainOfAMillionNodesClosedIntoOneLoop() {
        DiGraph.Builder b = DiGraph.builder(CHAIN);
        for (int i = 0; i + 1 < CHAIN; i++) {
            b.edge(i, i + 1);
        }
        DiGraph g = b.edge(CHAIN - 1, 0).build();
        LoopNestingForest forest = LoopNestingForest.of(g);
        assertThat(forest.loopCount()).isEqualTo(1);
        assertThat(forest.body(0).size()).isEqualTo(CHAIN);
        PostDominators pdom = PostDominators.of(g);
        assertThat(pdom.hasVirtualExit()).isTrue();
        // Seed 004 §2.2.4: no exit, so the virtual edge entry → exit; only the entry reaches it.
        // The back edge into the entry lets every node reach the virtual exit through the entry.
        assertThat(pdom.ipdom(0)).isEqualTo(CHAIN);
        assertThat(pdom.ipdom(CHAIN - 1)).isEqualTo(0);
        assertThat(pdom.tree().depth(1)).isEqualTo(CHAIN);
        // Taking 0 → 1 (rather than the virtual 0 → exit) makes the entry run again.
        assertThat(ControlDependence.of(g, pdom).dependencesOf(0)).containsExactly(new Edge(0, 0, 1));
    }

    /**
     * Nested ifs: c_i branches to c_{i+1} and to j_i; the innermost c falls into j_{d-1}; j_i → j_{i-1}.
     * Node c_i is 2i, j_i is 2i+1.
     */
    @Test
    void ifsNestedAHundredThousandDeep() {
        DiGraph.Builder b = DiGraph.builder(2 * NEST);
        for (int i = 0; i < NEST; i++) {
            int c = 2 * i;
            int j = 2 * i + 1;
            b.edge(c, i + 1 < NEST ? c + 2 : j);
            if (i + 1 < NEST) {
                b.edge(c, j);
            }
            if (i > 0) {
                b.edge(j, j - 2);
            }
        }
        DiGraph g = b.build();
        int innermost = 2 * (NEST - 1);
        DominatorTree dom = Dominators.of(g);
        assertThat(dom.depth(innermost)).isEqualTo(NEST - 1);
        PostDominators pdom = PostDominators.of(g);
        assertThat(pdom.exit()).isEqualTo(1);
        assertThat(pdom.ipdom(innermost)).isEqualTo(innermost + 1);
        assertThat(pdom.tree().depth(innermost)).isEqualTo(NEST);
        ControlDependence cd = ControlDependence.of(g, pdom);
        assertThat(cd.dependencesOf(innermost)).containsExactly(new Edge(innermost - 2, 0, innermost));
        assertThat(pdom.frontiers().frontier(innermost)).isEqualTo(IntSeq.of(innermost - 2));
        DominanceFrontiers df = DominanceFrontiers.of(g, dom);
        assertThat(df.frontier(innermost)).isEqualTo(IntSeq.of(innermost - 1));
        assertThat(new IteratedDominanceFrontier(g, dom).of(IntSeq.of(innermost)).size()).isEqualTo(NEST - 1);
        assertThat(CriticalEdges.of(g)).hasSize(NEST - 1);
        assertThat(LoopNestingForest.of(g).loopCount()).isZero();
        Liveness live = Liveness.of(g, 1, n -> n == 1 ? IntSeq.of(0) : IntSeq.empty(),
                n -> n == 0 ? IntSeq.of(0) : IntSeq.empty());
        assertThat(live.liveIn(innermost)).isEqualTo(IntSeq.of(0));
    }

    /**
     * Loops nested {@value #LOOP_NEST} deep: h_0 → h_1 → … → h_{d-1} → t_{d-1} → … → t_0 → exit, with t_i → h_i.
     * Node h_i is i, t_i is 2d-1-i, the exit 2d.
     */
    @Test
    void loopsNestedTenThousandDeep() {
        int exit = 2 * LOOP_NEST;
        DiGraph.Builder b = DiGraph.builder(exit + 1);
        for (int i = 0; i < LOOP_NEST; i++) {
            int h = i;
            int t = 2 * LOOP_NEST - 1 - i;
            b.edge(h, i + 1 < LOOP_NEST ? h + 1 : t);
            b.edge(t, h);
            b.edge(t, i > 0 ? t + 1 : exit);
        }
        DiGraph g = b.build();
        LoopNestingForest forest = LoopNestingForest.of(g);
        assertThat(forest.loopCount()).isEqualTo(LOOP_NEST);
        assertThat(forest.isReducible()).isTrue();
        int inner = forest.loopHeadedBy(LOOP_NEST - 1);
        assertThat(forest.depth(inner)).isEqualTo(LOOP_NEST);
        assertThat(forest.body(inner).sorted()).isEqualTo(IntSeq.of(LOOP_NEST - 1, LOOP_NEST));
        assertThat(forest.body(forest.loopHeadedBy(0)).size()).isEqualTo(2 * LOOP_NEST);
        assertThat(forest.loopDepth(LOOP_NEST)).isEqualTo(LOOP_NEST);
        assertThat(forest.parent(inner)).isEqualTo(forest.loopHeadedBy(LOOP_NEST - 2));
        DominatorTree dom = Dominators.of(g);
        assertThat(dom.depth(exit)).isEqualTo(2 * LOOP_NEST);
        PostDominators pdom = PostDominators.of(g);
        assertThat(pdom.tree().depth(0)).isEqualTo(2 * LOOP_NEST);
        // Frontiers and control dependence have quadratic size here (DF(t_i) = {h_0..h_i}; h_j is control
        // dependent on the back edge of every t_i, i <= j), so they are checked on the nests above; the
        // iterated frontier is computed without them.
        IteratedDominanceFrontier idf = new IteratedDominanceFrontier(g, dom);
        assertThat(idf.of(IntSeq.of(2 * LOOP_NEST - 1 - (LOOP_NEST - 1))).size()).isEqualTo(LOOP_NEST);
        assertThat(idf.of(IntSeq.of(0))).isEqualTo(IntSeq.of(0));
        assertThat(DepthFirst.of(g).backEdges()).hasSize(LOOP_NEST);
        Liveness live = Liveness.of(g, 1, n -> n == exit ? IntSeq.of(0) : IntSeq.empty(),
                n -> n == 0 ? IntSeq.of(0) : IntSeq.empty());
        assertThat(live.liveOut(LOOP_NEST)).isEqualTo(IntSeq.of(0));
    }

    /**
     * The loop nest above, 10^5 deep, with a second entry from a new entry node into the innermost
     * latch: every loop is irreducible and entered at its header and at that latch.
     */
    @Test
    void irreducibleLoopsNestedAHundredThousandDeep() {
        int exit = 2 * NEST;
        int entry = exit + 1;
        DiGraph.Builder b = DiGraph.builder(exit + 2).entry(entry).edge(entry, 0).edge(entry, NEST);
        for (int i = 0; i < NEST; i++) {
            int t = 2 * NEST - 1 - i;
            b.edge(i, i + 1 < NEST ? i + 1 : t);
            b.edge(t, i);
            b.edge(t, i > 0 ? t + 1 : exit);
        }
        LoopNestingForest forest = LoopNestingForest.of(b.build());
        assertThat(forest.loopCount()).isEqualTo(NEST);
        assertThat(forest.irreducibleLoops()).hasSize(NEST);
        assertThat(forest.entries(forest.loopHeadedBy(0))).isEqualTo(IntSeq.of(0, NEST));
        assertThat(forest.depth(forest.loopHeadedBy(NEST - 1))).isEqualTo(NEST);
    }

    /** A chain of 10^5 diamonds: head → left | right → join → next head. */
    @Test
    void chainOfAHundredThousandDiamonds() {
        DiGraph.Builder b = DiGraph.builder(3 * NEST + 1);
        for (int i = 0; i < NEST; i++) {
            int head = 3 * i;
            b.edge(head, head + 1).edge(head, head + 2).edge(head + 1, head + 3).edge(head + 2, head + 3);
        }
        DiGraph g = b.build();
        DominatorTree dom = Dominators.of(g);
        assertThat(dom.depth(3 * NEST)).isEqualTo(NEST);
        PostDominators pdom = PostDominators.of(g);
        assertThat(pdom.tree().depth(0)).isEqualTo(NEST);
        DominanceFrontiers df = DominanceFrontiers.of(g, dom);
        assertThat(df.frontier(1)).isEqualTo(IntSeq.of(3));
        assertThat(new IteratedDominanceFrontier(g, dom).of(IntSeq.of(1, 3 * (NEST - 1) + 2)))
                .isEqualTo(IntSeq.of(3, 3 * NEST));
        assertThat(ControlDependence.of(g, pdom).dependencesOf(4)).containsExactly(new Edge(3, 0, 4));
        assertThat(CriticalEdges.of(g)).isEmpty();
        assertThat(LoopNestingForest.of(g).loopCount()).isZero();
    }
}
