package org.funssa.core.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.HashMap;
import io.vavr.collection.HashSet;
import io.vavr.collection.Map;
import io.vavr.collection.Set;
import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

/**
 * The worked example of seed 004 chapter 2: the CFG of Figure 2.2 (built from the basic blocks of
 * Figure 2.1), its dominator tree (Figure 2.3) and post-dominator tree (Figure 2.4), with every
 * table of §2.2.3 and §2.2.5 transcribed as the seed prints it.
 */
class SeedFigure2Test {

    private static final Vector<String> L = Vector.of("L1", "L2", "L3", "L4", "L5", "L6", "L7");

    /** Figure 2.2: succ(L1) = {L2, L6}, succ(L2) = {L3, L4}, succ(L3) = succ(L4) = {L5}, succ(L5) = succ(L6) = {L7}. */
    private static final DiGraph CFG = DiGraph.builder(7).labels(L).entry(0)
            .edge(0, 1).edge(0, 5)
            .edge(1, 2).edge(1, 3)
            .edge(2, 4).edge(3, 4)
            .edge(4, 6).edge(5, 6)
            .build();

    private static Map<String, Set<String>> table(String... rows) {
        Map<String, Set<String>> result = HashMap.empty();
        for (String row : rows) {
            String[] parts = row.split("=", 2);
            String[] members = parts[1].replaceAll("[{} ]", "").split(",");
            Set<String> set = HashSet.of(members).filter(m -> !m.isEmpty());
            result = result.put(parts[0].trim(), set);
        }
        return result;
    }

    private static Set<String> names(IntSeq nodes) {
        return HashSet.ofAll(nodes.stream().mapToObj(CFG::label).toList());
    }

    private static Set<String> nameOf(int node) {
        return node == DominatorTree.NONE ? HashSet.empty() : HashSet.of(CFG.label(node));
    }

    private static Map<String, Set<String>> compute(java.util.function.IntFunction<Set<String>> f) {
        Map<String, Set<String>> result = HashMap.empty();
        for (int n = 0; n < 7; n++) {
            result = result.put(CFG.label(n), f.apply(n));
        }
        return result;
    }

    @Test
    void predecessorsAndSuccessorsAreThoseListedUnderFigure22() {
        assertThat(compute(n -> names(CFG.predecessors(n)))).isEqualTo(table(
                "L1={}", "L2={L1}", "L3={L2}", "L4={L2}", "L5={L3,L4}", "L6={L1}", "L7={L5,L6}"));
        assertThat(compute(n -> names(CFG.successors(n)))).isEqualTo(table(
                "L1={L2,L6}", "L2={L3,L4}", "L3={L5}", "L4={L5}", "L5={L7}", "L6={L7}", "L7={}"));
    }

    @Test
    void dominatorsAndImmediateDominatorsOfSection223() {
        DominatorTree dom = Dominators.of(CFG);
        assertThat(compute(n -> names(dom.dominators(n)))).isEqualTo(table(
                "L1={L1}", "L2={L1,L2}", "L3={L1,L2,L3}", "L4={L1,L2,L4}", "L5={L1,L2,L5}", "L6={L1,L6}",
                "L7={L1,L7}"));
        assertThat(compute(n -> nameOf(dom.idom(n)))).isEqualTo(table(
                "L1={}", "L2={L1}", "L3={L2}", "L4={L2}", "L5={L2}", "L6={L1}", "L7={L1}"));
        // Figure 2.3: domChild(L1) = {L2, L6, L7}, domChild(L2) = {L3, L4, L5}.
        assertThat(dom.root()).isEqualTo(0);
        assertThat(names(dom.children(0))).isEqualTo(HashSet.of("L2", "L6", "L7"));
        assertThat(names(dom.children(1))).isEqualTo(HashSet.of("L3", "L4", "L5"));
    }

    @Test
    void postDominatorsAndImmediatePostDominatorsOfSection223() {
        PostDominators pdom = PostDominators.of(CFG);
        assertThat(pdom.hasVirtualExit()).isFalse();
        assertThat(pdom.exit()).isEqualTo(6);
        assertThat(compute(n -> names(pdom.tree().dominators(n)))).isEqualTo(table(
                "L1={L1,L7}", "L2={L2,L5,L7}", "L3={L3,L5,L7}", "L4={L4,L5,L7}", "L5={L5,L7}", "L6={L6,L7}",
                "L7={L7}"));
        // The seed's ipdom table (its first and sixth rows are misprinted as "pdom"; their values {L7} are the ipdoms).
        assertThat(compute(n -> nameOf(pdom.ipdom(n)))).isEqualTo(table(
                "L1={L7}", "L2={L5}", "L3={L5}", "L4={L5}", "L5={L7}", "L6={L7}", "L7={}"));
        // Figure 2.4: pdomChild(L7) = {L1, L5, L6}, pdomChild(L5) = {L2, L3, L4}.
        assertThat(names(pdom.tree().children(6))).isEqualTo(HashSet.of("L1", "L5", "L6"));
        assertThat(names(pdom.tree().children(4))).isEqualTo(HashSet.of("L2", "L3", "L4"));
    }

    @Test
    void dominanceFrontiersOfSection225() {
        DominanceFrontiers df = DominanceFrontiers.of(CFG, Dominators.of(CFG));
        assertThat(compute(n -> names(df.frontier(n)))).isEqualTo(table(
                "L1={}", "L2={L7}", "L3={L5}", "L4={L5}", "L5={L7}", "L6={L7}", "L7={}"));
    }

    @Test
    void postDominanceFrontiersOfSection225() {
        DominanceFrontiers pdf = PostDominators.of(CFG).frontiers();
        assertThat(compute(n -> names(pdf.frontier(n)))).isEqualTo(table(
                "L1={}", "L2={L1}", "L3={L2}", "L4={L2}", "L5={L1}", "L6={L1}", "L7={}"));
    }

    @Test
    void controlDependenceIsMembershipInThePostDominanceFrontierOfSection228() {
        ControlDependence cd = ControlDependence.of(CFG);
        DominanceFrontiers pdf = PostDominators.of(CFG).frontiers();
        for (int y = 0; y < 7; y++) {
            assertThat(cd.controllers(y)).as(CFG.label(y)).isEqualTo(pdf.frontier(y));
        }
        // Each edge out of a branch: L1 -0-> L2 controls L2 and L5, L1 -1-> L6 controls L6.
        assertThat(cd.dependencesOf(1)).containsExactly(new Edge(0, 0, 1));
        assertThat(cd.dependencesOf(4)).containsExactly(new Edge(0, 0, 1));
        assertThat(cd.dependencesOf(5)).containsExactly(new Edge(0, 1, 5));
        assertThat(cd.dependencesOf(2)).containsExactly(new Edge(1, 0, 2));
        assertThat(cd.dependencesOf(3)).containsExactly(new Edge(1, 1, 3));
        assertThat(cd.dependencesOf(0)).isEmpty();
        assertThat(cd.dependencesOf(6)).isEmpty();
    }
}
