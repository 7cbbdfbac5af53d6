package org.funssa.psi.ppg;

import io.vavr.collection.Vector;
import java.util.Arrays;
import java.util.function.IntFunction;
import org.funssa.core.graph.DepthFirst;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.Graph;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.LoopNestingForest;

/*
 * Seed 002 §4.2 (Figures 12 and 13): on a CFG with loops a trace may pass both sides of a branch, one per
 * iteration, so the report splits a reducible CFG along its loop nesting forest into acyclic graphs and builds
 * one PPG per graph. The function's graph has each outermost loop "assimilated to its loop header": an edge
 * into the loop goes to the header, an edge leaving it from any of its blocks to v leaves the header to v. Each
 * loop has its own graph, "the connected region alone, but with the back-edges split": a new START before the
 * header, its blocks with its inner loops assimilated to their headers in the same way, a back edge (to the
 * header) going to a new END, and an edge leaving the loop to v going to a new node ★(v) (named "*v") that goes
 * to END — "we repeat the process recursively until there are no more connected regions". A trace of a loop's
 * graph is one iteration; the graphs are linked by their headers' names and the ★ nodes. Each graph gets
 * Algorithm 5 (ControlDependenceConstruction) after TraceGraph's preparation; the loops are those of
 * org.funssa.core.graph.LoopNestingForest, and an irreducible graph is refused, as the report's extension is
 * for reducible ones. Assimilation keeps one edge from a header to each target.
 */

/** The Predicate Partition Graphs of a reducible CFG, one per region of its loop nesting forest. */
public final class PredicatePartitionForest {

    /** A block in no region (unreachable), and the loop of the function's own region. */
    public static final int NONE = -1;

    /**
     * The acyclic graph of a loop ({@code loop} its number in the nesting forest), or of the function outside
     * every loop ({@code loop} = {@link #NONE}); {@code blocks} gives, for each node of {@code ppg.cfg()}, the
     * original block it stands for (a block of the region or the header of a loop nested in it), {@link #NONE}
     * for START, END, ★ nodes and split edges.
     */
    public record Region(int loop, IntSeq blocks, PredicatePartitionGraph ppg) {

        /** The region's node for an original block, or {@link #NONE}. */
        public int nodeOf(int block) {
            for (int node = 0; node < blocks.size(); node++) {
                if (blocks.get(node) == block) {
                    return node;
                }
            }
            return NONE;
        }
    }

    private final LoopNestingForest loops;
    private final Vector<Region> regions;
    private final int[] regionOf;
    private final int[] nodeOf; // block -> its node in its own region's graph

    private PredicatePartitionForest(LoopNestingForest loops, Vector<Region> regions, int[] regionOf) {
        this.loops = loops;
        this.regions = regions;
        this.regionOf = regionOf;
        this.nodeOf = new int[regionOf.length];
        Arrays.fill(nodeOf, NONE);
        for (Region region : regions) {
            for (int node = 0; node < region.blocks().size(); node++) {
                int block = region.blocks().get(node);
                if (block != NONE && regionOf[block] != NONE && regions.get(regionOf[block]) == region) {
                    nodeOf[block] = node;
                }
            }
        }
    }

    /** The forest of a labelled graph. */
    public static PredicatePartitionForest of(DiGraph cfg) {
        return of(cfg, cfg::label);
    }

    /** The forest of a graph whose node {@code n} is named {@code names.apply(n)}. */
    public static PredicatePartitionForest of(Graph cfg, IntFunction<String> names) {
        LoopNestingForest loops = LoopNestingForest.of(cfg);
        if (!loops.isReducible()) {
            int loop = loops.irreducibleLoops().head();
            throw new IllegalArgumentException("the loop at " + names.apply(loops.header(loop))
                    + " is irreducible (entered at " + loops.entries(loop).stream().mapToObj(names::apply).toList()
                    + "): seed 002 §4.2 splits reducible graphs only");
        }
        DepthFirst search = DepthFirst.of(cfg);
        Vector<Region> regions = Vector.empty();
        for (int loop = NONE; loop < loops.loopCount(); loop++) {
            regions = regions.append(region(cfg, names, loops, search, loop));
        }
        int[] regionOf = new int[cfg.size()];
        for (int block = 0; block < cfg.size(); block++) {
            regionOf[block] = !search.isReachable(block) ? NONE : loops.innermostLoop(block) + 1;
        }
        return new PredicatePartitionForest(loops, regions, regionOf);
    }

    /** The region of the function outside every loop. */
    public Region function() {
        return regions.get(0);
    }

    /** The region of a loop of {@link #loops()}. */
    public Region loop(int loop) {
        return regions.get(loop + 1);
    }

    /** Every region: the function's, then each loop's in the nesting forest's order. */
    public Vector<Region> regions() {
        return regions;
    }

    public LoopNestingForest loops() {
        return loops;
    }

    /** The region whose graph holds the block itself (its innermost loop's), if it is reachable. */
    public Region regionOf(int block) {
        if (regionOf[block] == NONE) {
            throw new IllegalArgumentException("block " + block + " is unreachable: it is in no region");
        }
        return regions.get(regionOf[block]);
    }

    /** The block's predicate in {@link #regionOf(int)}'s graph. */
    public int predicateOf(int block) {
        return regionOf(block).ppg().predicateOf(nodeOf[block]);
    }

    private static Region region(Graph cfg, IntFunction<String> names, LoopNestingForest loops, DepthFirst search,
                                 int loop) {
        boolean isLoop = loop != NONE;
        IntList members = new IntList();
        for (int block = 0; block < cfg.size(); block++) {
            if (search.isReachable(block) && levelOf(loops, block, loop) == block) {
                members.add(block);
            }
        }
        // Nodes: [START], the members, the ★ nodes as found, [END].
        IntList blocks = new IntList();
        Vector<String> labels = Vector.empty();
        if (isLoop) {
            blocks.add(NONE);
            labels = labels.append("START");
        }
        int[] nodeOf = new int[cfg.size()];
        int[] exitNode = new int[cfg.size()];
        Arrays.fill(nodeOf, NONE);
        Arrays.fill(exitNode, NONE);
        for (int i = 0; i < members.size(); i++) {
            nodeOf[members.get(i)] = blocks.size();
            blocks.add(members.get(i));
            labels = labels.append(names.apply(members.get(i)));
        }
        IntList stars = new IntList();
        IntList sources = new IntList();
        IntList targets = new IntList();
        int backEdge = -2;
        for (int i = 0; i < members.size(); i++) {
            int member = members.get(i);
            IntSeq inside = loops.isHeader(member) && loops.loopHeadedBy(member) != loop
                    ? loops.body(loops.loopHeadedBy(member)) : IntSeq.of(member);
            int firstEdge = targets.size();
            for (int s = 0; s < inside.size(); s++) {
                IntSeq succ = cfg.successors(inside.get(s));
                for (int k = 0; k < succ.size(); k++) {
                    int t = succ.get(k);
                    int target;
                    if (isLoop && t == loops.header(loop)) {
                        target = backEdge;
                    } else {
                        int level = levelOf(loops, t, loop);
                        if (level == member) {
                            continue;
                        }
                        if (level == NONE) {
                            if (exitNode[t] == NONE) {
                                exitNode[t] = blocks.size();
                                stars.add(blocks.size());
                                blocks.add(NONE);
                                labels = labels.append("*" + names.apply(t));
                            }
                            target = exitNode[t];
                        } else {
                            target = nodeOf[level];
                        }
                    }
                    boolean seen = false;
                    for (int e = firstEdge; e < targets.size(); e++) {
                        seen |= targets.get(e) == target;
                    }
                    if (!seen) {
                        sources.add(nodeOf[member]);
                        targets.add(target);
                    }
                }
            }
        }
        int end = blocks.size();
        DiGraph.Builder builder;
        if (isLoop) {
            blocks.add(NONE);
            labels = labels.append("END");
            builder = DiGraph.builder(blocks.size()).entry(0).edge(0, nodeOf[loops.header(loop)]);
        } else {
            builder = DiGraph.builder(blocks.size()).entry(nodeOf[cfg.entry()]);
        }
        for (int e = 0; e < sources.size(); e++) {
            builder.edge(sources.get(e), targets.get(e) == backEdge ? end : targets.get(e));
        }
        for (int i = 0; i < stars.size(); i++) {
            builder.edge(stars.get(i), end);
        }
        TraceGraph traces = TraceGraph.of(builder.labels(labels).build());
        IntList all = new IntList(traces.graph().size());
        for (int node = 0; node < traces.graph().size(); node++) {
            all.add(node < blocks.size() ? blocks.get(node) : NONE);
        }
        return new Region(loop, all.toSeq(), ControlDependenceConstruction.of(traces));
    }

    /**
     * What stands for the block in the region of {@code loop}: the block itself when its innermost loop is
     * that loop, the header of the loop nested in the region's that holds it, or {@link #NONE} outside.
     */
    private static int levelOf(LoopNestingForest loops, int block, int loop) {
        int l = loops.innermostLoop(block);
        if (l == loop) {
            return block;
        }
        while (l != NONE && loops.parent(l) != loop) {
            l = loops.parent(l);
        }
        return l == NONE ? NONE : loops.header(l);
    }
}
