package org.funssa.core.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every algorithm against its definition (see {@link BruteForce}) on thousands of seeded random
 * graphs: arbitrary, reducible, irreducible, without exit, with unreachable nodes and multi-edges.
 */
class GraphPropertiesTest {

    private static final int GRAPHS_PER_KIND = 1000;

    private interface Check {
        void run(DiGraph g, RandomGraphs random);
    }

    private static void forAllGraphs(long seed, Check check) {
        RandomGraphs random = new RandomGraphs(seed);
        for (RandomGraphs.Kind kind : RandomGraphs.Kind.values()) {
            for (int i = 0; i < GRAPHS_PER_KIND; i++) {
                DiGraph g = random.next(kind);
                try {
                    check.run(g, random);
                } catch (AssertionError e) {
                    throw new AssertionError(kind + " graph #" + i + ": " + g + "\n" + e.getMessage(), e);
                }
            }
        }
    }

    @Test
    void predecessorsReadOneByOneAreThePredecessorSequence() {
        forAllGraphs(11, (g, random) -> {
            for (Graph view : List.of(g, g.reversed(g.entry()))) {
                for (int x = 0; x < view.size(); x++) {
                    IntSeq preds = view.predecessors(x);
                    assertThat(view.predecessorCount(x)).isEqualTo(preds.size());
                    for (int k = 0; k < preds.size(); k++) {
                        assertThat(view.predecessor(x, k)).isEqualTo(preds.get(k));
                    }
                }
            }
        });
    }

    @Test
    void depthFirstVisitsExactlyTheReachableNodesInAValidOrder() {
        forAllGraphs(1, (g, random) -> {
            DepthFirst dfs = DepthFirst.of(g);
            boolean[] reachable = BruteForce.reach(BruteForce.successors(g), g.entry(), -1);
            for (int x = 0; x < g.size(); x++) {
                assertThat(dfs.isReachable(x)).isEqualTo(reachable[x]);
            }
            IntSeq rpo = dfs.reversePostorder();
            assertThat(rpo.size()).isEqualTo(dfs.reachableCount());
            assertThat(rpo.get(0)).isEqualTo(g.entry());
            // Every edge that is not a back edge goes forward in reverse post-order.
            int[] position = new int[g.size()];
            for (int i = 0; i < rpo.size(); i++) {
                position[rpo.get(i)] = i;
            }
            int backEdges = 0;
            for (int x = 0; x < g.size(); x++) {
                if (!reachable[x]) {
                    continue;
                }
                for (int y : g.successors(x).toArray()) {
                    if (dfs.isBackEdge(x, y)) {
                        backEdges++;
                        assertThat(position[y]).isLessThanOrEqualTo(position[x]);
                    } else {
                        assertThat(position[y]).isGreaterThan(position[x]);
                    }
                }
            }
            assertThat(dfs.backEdges()).hasSize(backEdges);
        });
    }

    @Test
    void dominatorsMatchTheDefinition() {
        forAllGraphs(2, (g, random) -> {
            boolean[][] dom = BruteForce.dominance(BruteForce.successors(g), g.entry());
            DominatorTree tree = Dominators.of(g);
            for (int x = 0; x < g.size(); x++) {
                assertThat(tree.idom(x)).as("idom(%d)", x).isEqualTo(BruteForce.idom(dom, x));
                for (int d = 0; d < g.size(); d++) {
                    assertThat(tree.dominates(d, x)).as("%d dom %d", d, x).isEqualTo(dom[d][x]);
                }
                if (tree.contains(x)) {
                    assertThat(tree.depth(x)).isEqualTo(tree.dominators(x).size() - 1);
                }
            }
        });
    }

    @Test
    void aWalkEntersEachNodeUnderItsParentInPreorderAndLeavesItAfterItsSubtree() {
        forAllGraphs(12, (g, random) -> {
            DominatorTree tree = Dominators.of(g);
            IntList open = new IntList();
            IntList entered = new IntList();
            int[] left = {0};
            tree.walk(new DominatorTree.Walk() {
                @Override
                public void enter(int node) {
                    assertThat(open.isEmpty() ? DominatorTree.NONE : open.last()).as("open on entering %d", node)
                            .isEqualTo(tree.idom(node));
                    open.add(node);
                    entered.add(node);
                }

                @Override
                public void leave(int node) {
                    assertThat(open.isEmpty()).as("leaving %d, not entered", node).isFalse();
                    assertThat(open.pop()).as("the innermost open node when leaving %d", node).isEqualTo(node);
                    left[0]++;
                }
            });
            assertThat(open.isEmpty()).as("every node entered is left").isTrue();
            assertThat(entered.toSeq()).isEqualTo(tree.preorder());
            assertThat(left[0]).isEqualTo(tree.preorder().size());
        });
    }

    @Test
    void postDominatorsMatchTheDefinitionWithTheSeedsVirtualExit() {
        forAllGraphs(3, (g, random) -> {
            BruteForce.Augmented aug = BruteForce.augment(g);
            boolean[][] pdom = BruteForce.postDominance(aug, g.entry());
            PostDominators post = PostDominators.of(g);
            assertThat(post.hasVirtualExit()).isEqualTo(aug.virtual());
            assertThat(post.exit()).isEqualTo(aug.exit());
            int n = aug.succ().size();
            for (int x = 0; x < n; x++) {
                assertThat(post.ipdom(x)).as("ipdom(%d)", x).isEqualTo(BruteForce.idom(pdom, x));
                for (int p = 0; p < n; p++) {
                    assertThat(post.postDominates(p, x)).as("%d pdom %d", p, x).isEqualTo(pdom[p][x]);
                }
            }
        });
    }

    @Test
    void dominanceAndPostDominanceFrontiersMatchTheDefinition() {
        forAllGraphs(4, (g, random) -> {
            List<List<Integer>> succ = BruteForce.successors(g);
            boolean[][] dom = BruteForce.dominance(succ, g.entry());
            DominanceFrontiers df = DominanceFrontiers.of(g, Dominators.of(g));
            for (int x = 0; x < g.size(); x++) {
                assertThat(BruteForce.set(df.frontier(x))).as("DF(%d)", x)
                        .isEqualTo(BruteForce.frontier(succ, dom, x));
            }
            BruteForce.Augmented aug = BruteForce.augment(g);
            boolean[][] pdom = BruteForce.postDominance(aug, g.entry());
            DominanceFrontiers pdf = PostDominators.of(g).frontiers();
            List<List<Integer>> reversed = BruteForce.reverse(aug.succ());
            for (int x = 0; x < aug.succ().size(); x++) {
                assertThat(BruteForce.set(pdf.frontier(x))).as("PDF(%d)", x)
                        .isEqualTo(BruteForce.frontier(reversed, pdom, x));
            }
        });
    }

    @Test
    void iteratedFrontiersAreTheFixpointOfFrontiers() {
        forAllGraphs(5, (g, random) -> {
            DominatorTree tree = Dominators.of(g);
            DominanceFrontiers df = DominanceFrontiers.of(g, tree);
            IteratedDominanceFrontier idf = new IteratedDominanceFrontier(g, tree);
            for (int query = 0; query < 3; query++) { // queries reuse the scratch arrays
                int[] nodes = new int[1 + random.nextInt(3)];
                for (int i = 0; i < nodes.length; i++) {
                    nodes[i] = random.nextInt(g.size());
                }
                Set<Integer> start = BruteForce.set(IntSeq.of(nodes));
                Set<Integer> result = new TreeSet<>();
                boolean changed = true;
                while (changed) {
                    Set<Integer> union = new TreeSet<>(start);
                    union.addAll(result);
                    Set<Integer> next = new TreeSet<>();
                    for (int x : union) {
                        next.addAll(BruteForce.set(df.frontier(x)));
                    }
                    changed = !next.equals(result);
                    result = next;
                }
                assertThat(BruteForce.set(idf.of(IntSeq.of(nodes)))).as("DF+%s", start).isEqualTo(result);
            }
        });
    }

    @Test
    void controlDependenceMatchesItsDefinitionViaPostDominance() {
        forAllGraphs(6, (g, random) -> {
            BruteForce.Augmented aug = BruteForce.augment(g);
            boolean[][] pdom = BruteForce.postDominance(aug, g.entry());
            boolean[] reachable = BruteForce.reach(BruteForce.successors(g), g.entry(), -1);
            ControlDependence cd = ControlDependence.of(g);
            for (int y = 0; y < g.size(); y++) {
                List<Edge> expected = new ArrayList<>();
                for (int x = 0; x < g.size(); x++) {
                    IntSeq succ = g.successors(x);
                    for (int k = 0; k < succ.size() && reachable[x]; k++) {
                        // y post-dominates the edge's target and does not strictly post-dominate x.
                        if (pdom[y][succ.get(k)] && !(pdom[y][x] && y != x)) {
                            expected.add(new Edge(x, k, succ.get(k)));
                        }
                    }
                }
                assertThat(cd.dependencesOf(y).toJavaList()).as("CD(%d)", y).isEqualTo(expected);
            }
        });
    }

    @Test
    void livenessMatchesANaiveFixpoint() {
        forAllGraphs(7, (g, random) -> {
            int variables = 1 + random.nextInt(6);
            IntSeq[] uses = new IntSeq[g.size()];
            IntSeq[] defs = new IntSeq[g.size()];
            IntSeq[] none = new IntSeq[g.size()];
            for (int x = 0; x < g.size(); x++) {
                uses[x] = randomSet(random, variables);
                defs[x] = randomSet(random, variables);
                none[x] = IntSeq.empty();
            }
            Liveness live = Liveness.of(g, variables, x -> uses[x], x -> defs[x]);
            assertLivenessIsTheFixpoint(g, live, uses, defs, none, none);
        });
    }

    /** The φ-aware form: sources read on the way out, targets written on the way in and not live before. */
    @Test
    void phiAwareLivenessMatchesANaiveFixpoint() {
        forAllGraphs(7, (g, random) -> {
            int variables = 1 + random.nextInt(6);
            IntSeq[] uses = new IntSeq[g.size()];
            IntSeq[] defs = new IntSeq[g.size()];
            IntSeq[] exitUses = new IntSeq[g.size()];
            IntSeq[] entryDefs = new IntSeq[g.size()];
            for (int x = 0; x < g.size(); x++) {
                uses[x] = randomSet(random, variables);
                defs[x] = randomSet(random, variables);
                exitUses[x] = randomSet(random, variables);
                entryDefs[x] = randomSet(random, variables);
            }
            Liveness live = Liveness.of(g, variables, x -> uses[x], x -> defs[x], x -> exitUses[x],
                    x -> entryDefs[x]);
            assertLivenessIsTheFixpoint(g, live, uses, defs, exitUses, entryDefs);
        });
    }

    /**
     * LiveOut(x) = ∪ (LiveIn(s) − EntryDefs(s)) over successors s, ∪ ExitUses(x), and
     * LiveIn(x) = Uses(x) ∪ (LiveOut(x) − Defs(x)), iterated from empty sets until nothing changes.
     */
    private static void assertLivenessIsTheFixpoint(Graph g, Liveness live, IntSeq[] uses, IntSeq[] defs,
            IntSeq[] exitUses, IntSeq[] entryDefs) {
        BitSet[] in = new BitSet[g.size()];
        BitSet[] out = new BitSet[g.size()];
        for (int x = 0; x < g.size(); x++) {
            in[x] = new BitSet();
            out[x] = new BitSet();
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int x = 0; x < g.size(); x++) {
                BitSet o = new BitSet();
                for (int s : g.successors(x).toArray()) {
                    BitSet through = (BitSet) in[s].clone();
                    entryDefs[s].stream().forEach(through::clear);
                    o.or(through);
                }
                exitUses[x].stream().forEach(o::set);
                BitSet i = (BitSet) o.clone();
                defs[x].stream().forEach(i::clear);
                uses[x].stream().forEach(i::set);
                if (!o.equals(out[x]) || !i.equals(in[x])) {
                    changed = true;
                    out[x] = o;
                    in[x] = i;
                }
            }
        }
        for (int x = 0; x < g.size(); x++) {
            assertThat(live.liveIn(x).toArray()).as("in(%d)", x).isEqualTo(in[x].stream().toArray());
            assertThat(live.liveOut(x).toArray()).as("out(%d)", x).isEqualTo(out[x].stream().toArray());
        }
    }

    private static IntSeq randomSet(RandomGraphs random, int variables) {
        int[] values = new int[random.nextInt(3)];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextInt(variables);
        }
        return IntSeq.of(values);
    }

    @Test
    void loopsOfReducibleGraphsAreTheNaturalLoops() {
        forAllGraphs(8, (g, random) -> {
            List<List<Integer>> succ = BruteForce.successors(g);
            boolean[][] dom = BruteForce.dominance(succ, g.entry());
            if (!reducible(g, dom)) {
                return;
            }
            List<List<Integer>> pred = BruteForce.reverse(succ);
            boolean[] reachable = BruteForce.reach(succ, g.entry(), -1);
            LoopNestingForest forest = LoopNestingForest.of(g);
            assertThat(forest.isReducible()).isTrue();
            // Natural loop of back edge t → h (seed 004 §2.2.6): h and the nodes reaching t without h.
            List<Set<Integer>> natural = new ArrayList<>();
            for (int h = 0; h < g.size(); h++) {
                natural.add(new TreeSet<>());
            }
            for (int t = 0; t < g.size(); t++) {
                for (int h : succ.get(t)) {
                    if (reachable[t] && dom[h][t]) {
                        natural.get(h).add(h);
                        boolean[] reaching = BruteForce.reach(pred, t, h);
                        for (int x = 0; x < g.size(); x++) {
                            if (reaching[x] && reachable[x]) {
                                natural.get(h).add(x);
                            }
                        }
                    }
                }
            }
            for (int h = 0; h < g.size(); h++) {
                int loop = forest.loopHeadedBy(h);
                if (natural.get(h).isEmpty()) {
                    assertThat(loop).as("%d heads no loop", h).isEqualTo(LoopNestingForest.NONE);
                    continue;
                }
                assertThat(loop).as("%d heads a loop", h).isNotEqualTo(LoopNestingForest.NONE);
                assertThat(BruteForce.set(forest.body(loop))).as("body of %d", h).isEqualTo(natural.get(h));
                assertThat(forest.entries(loop)).isEqualTo(IntSeq.of(h));
            }
            checkNesting(g, forest);
        });
    }

    @Test
    void irreducibilityIsDetectedExactlyWhenSomeRetreatingEdgeDoesNotTargetADominator() {
        int[] seen = new int[3]; // irreducible graphs, reducible graphs with loops, nested loops
        forAllGraphs(9, (g, random) -> {
            boolean[][] dom = BruteForce.dominance(BruteForce.successors(g), g.entry());
            LoopNestingForest forest = LoopNestingForest.of(g);
            assertThat(forest.isReducible()).isEqualTo(reducible(g, dom));
            seen[0] += forest.isReducible() ? 0 : 1;
            seen[1] += forest.isReducible() && forest.loopCount() > 0 ? 1 : 0;
            seen[2] += Vector.range(0, forest.loopCount()).exists(l -> forest.depth(l) > 1) ? 1 : 0;
            checkNesting(g, forest);
            // Entries are exactly the header and the body nodes with an outside predecessor.
            boolean[] reachable = BruteForce.reach(BruteForce.successors(g), g.entry(), -1);
            for (int l = 0; l < forest.loopCount(); l++) {
                Set<Integer> body = BruteForce.set(forest.body(l));
                Set<Integer> entries = new TreeSet<>(Set.of(forest.header(l)));
                for (int x : body) {
                    for (int p : g.predecessors(x).toArray()) {
                        if (reachable[p] && !body.contains(p)) {
                            entries.add(x);
                        }
                    }
                }
                assertThat(BruteForce.set(forest.entries(l))).isEqualTo(entries);
            }
        });
        // The generator really exercises every case.
        assertThat(IntStream.of(seen).min().orElseThrow()).as("cases seen %s", Arrays.toString(seen)).isGreaterThan(200);
    }

    /** Graph reducible iff every retreating (DFS back) edge targets a dominator of its source. */
    private static boolean reducible(Graph g, boolean[][] dom) {
        DepthFirst dfs = DepthFirst.of(g);
        return dfs.backEdges().forAll(e -> dom[e.target()][e.source()]);
    }

    /** Loops nest properly, depths and parents agree with bodies, and every cycle lies in some loop. */
    private static void checkNesting(Graph g, LoopNestingForest forest) {
        for (int l = 0; l < forest.loopCount(); l++) {
            Set<Integer> body = BruteForce.set(forest.body(l));
            assertThat(body).contains(forest.header(l));
            for (int x = 0; x < g.size(); x++) {
                assertThat(forest.contains(l, x)).isEqualTo(body.contains(x));
            }
            int parent = forest.parent(l);
            if (parent == LoopNestingForest.NONE) {
                assertThat(forest.depth(l)).isEqualTo(1);
            } else {
                assertThat(BruteForce.set(forest.body(parent))).containsAll(body).hasSizeGreaterThan(body.size());
                assertThat(forest.depth(l)).isEqualTo(forest.depth(parent) + 1);
                assertThat(forest.children(parent).contains(l)).isTrue();
            }
            // The body is strongly connected: every node reaches the header and back within the body.
            List<List<Integer>> inside = BruteForce.successors(g);
            for (int x = 0; x < g.size(); x++) {
                if (!body.contains(x)) {
                    inside.set(x, List.of());
                }
                inside.set(x, inside.get(x).stream().filter(body::contains).toList());
            }
            boolean[] fromHeader = BruteForce.reach(inside, forest.header(l), -1);
            List<List<Integer>> insideReversed = BruteForce.reverse(inside);
            boolean[] toHeader = BruteForce.reach(insideReversed, forest.header(l), -1);
            for (int x : body) {
                assertThat(fromHeader[x] && toHeader[x]).as("%d in loop of %d", x, forest.header(l)).isTrue();
            }
        }
        // Every edge of a cycle among reachable nodes lies within some loop body.
        List<List<Integer>> succ = BruteForce.successors(g);
        boolean[] reachable = BruteForce.reach(succ, g.entry(), -1);
        for (int x = 0; x < g.size(); x++) {
            for (int y : succ.get(x)) {
                if (reachable[x] && BruteForce.reach(succ, y, -1)[x]) {
                    boolean inSomeLoop = false;
                    for (int l = 0; l < forest.loopCount(); l++) {
                        inSomeLoop |= forest.contains(l, x) && forest.contains(l, y);
                    }
                    assertThat(inSomeLoop).as("cycle edge %d -> %d", x, y).isTrue();
                }
            }
        }
    }

    @Test
    void criticalEdgesAreBranchesIntoJoinsCountingMultiEdges() {
        forAllGraphs(10, (g, random) -> {
            List<Edge> expected = new ArrayList<>();
            for (int x = 0; x < g.size(); x++) {
                for (int k = 0; k < g.successors(x).size(); k++) {
                    int y = g.successors(x).get(k);
                    long into = 0;
                    for (int p = 0; p < g.size(); p++) {
                        for (int s : g.successors(p).toArray()) {
                            into += s == y ? 1 : 0;
                        }
                    }
                    if (g.successors(x).size() > 1 && into > 1) {
                        expected.add(new Edge(x, k, y));
                    }
                }
            }
            assertThat(CriticalEdges.of(g).toJavaList()).isEqualTo(expected);
        });
    }
}
