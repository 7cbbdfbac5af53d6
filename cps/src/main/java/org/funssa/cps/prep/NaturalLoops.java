package org.funssa.cps.prep;

import java.util.Arrays;
import java.util.function.IntPredicate;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DiGraph;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.IntSeq;

/*
 * Natural loops (seed 004 §2.2.6): an edge b → h is a back edge when h dominates b; LOOP(h, b) is h
 * plus every node that reaches b without going through h. All loops of one header taken together
 * are "the loop of h". Cycles without a back edge (irreducible ones, entered at several nodes) have
 * no natural loop, so the passes built on this class leave them alone.
 *
 * Nothing here allocates in proportion to the function for each header: a loop's blocks are a list of
 * ids, and its membership test reads one stamp array shared by all loops of the graph. A bit set per
 * loop (or per header's predecessors) costs a word for every 64 blocks up to the highest id in it, which
 * made the preparation passes quadratic on a function with many loops.
 */

/** The natural loops of a function's graph, by header. */
final class NaturalLoops {

    private final Cfg cfg;
    private final DominatorTree tree;
    /** {@code stamp[b] == generation} exactly when b is in the loop computed last. */
    private final int[] stamp;
    private int generation;

    private NaturalLoops(Cfg cfg, DominatorTree tree) {
        this.cfg = cfg;
        this.tree = tree;
        this.stamp = new int[cfg.size()];
    }

    static NaturalLoops of(Cfg cfg) {
        return new NaturalLoops(cfg, Dominators.of(cfg));
    }

    /** The natural loops of a graph whose dominator tree is known: {@code tree} must be {@code Dominators.of(cfg)}. */
    static NaturalLoops of(Cfg cfg, DominatorTree tree) {
        return new NaturalLoops(cfg, tree);
    }

    Cfg cfg() {
        return cfg;
    }

    DominatorTree dominators() {
        return tree;
    }

    /** Whether the edge {@code source → header} is a back edge (both reachable, header dominates source). */
    boolean isBackEdge(int source, int header) {
        return tree.contains(source) && tree.dominates(header, source);
    }

    /** Whether some back edge enters the block. */
    boolean isHeader(int block) {
        DiGraph graph = cfg.graph();
        int count = graph.predecessorCount(block);
        for (int i = 0; i < count; i++) {
            if (isBackEdge(graph.predecessor(block, i), block)) {
                return true;
            }
        }
        return false;
    }

    /** The distinct sources of back edges into the header, in increasing order. */
    IntSeq latches(int header) {
        return predecessors(header, p -> isBackEdge(p, header));
    }

    /** The distinct reachable predecessors of the header that are not latches, in increasing order. */
    IntSeq entries(int header) {
        return predecessors(header, p -> tree.contains(p) && !isBackEdge(p, header));
    }

    private IntSeq predecessors(int block, IntPredicate which) {
        IntSeq preds = cfg.predecessors(block);
        int[] found = new int[preds.size()];
        int n = 0;
        for (int i = 0; i < preds.size(); i++) {
            if (which.test(preds.get(i))) {
                found[n++] = preds.get(i);
            }
        }
        Arrays.sort(found, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct == 0 || found[distinct - 1] != found[i]) {
                found[distinct++] = found[i];
            }
        }
        return IntSeq.of(Arrays.copyOf(found, distinct));
    }

    /**
     * The loop of the header: the union of the natural loops of its back edges. Its membership test holds
     * until the next call; the blocks themselves stay valid.
     */
    Loop loop(int header) {
        int mark = ++generation;
        int[] blocks = new int[8];
        int n = 0;
        stamp[header] = mark;
        blocks[n++] = header;
        IntSeq latches = latches(header);
        for (int i = 0; i < latches.size(); i++) {
            int b = latches.get(i);
            if (stamp[b] != mark) {
                stamp[b] = mark;
                blocks = grown(blocks, n);
                blocks[n++] = b;
            }
        }
        // the list is its own work list: the blocks after the header are expanded in turn (the graph's predecessors
        // read in place: a function's loops hold a block once for each loop around it)
        DiGraph graph = cfg.graph();
        for (int next = 1; next < n; next++) {
            int count = graph.predecessorCount(blocks[next]);
            for (int i = 0; i < count; i++) {
                int p = graph.predecessor(blocks[next], i);
                if (tree.contains(p) && stamp[p] != mark) {
                    stamp[p] = mark;
                    blocks = grown(blocks, n);
                    blocks[n++] = p;
                }
            }
        }
        return new Loop(IntSeq.of(Arrays.copyOf(blocks, n)), mark);
    }

    private static int[] grown(int[] blocks, int n) {
        return n < blocks.length ? blocks : Arrays.copyOf(blocks, 2 * blocks.length);
    }

    /** A natural loop: its blocks, the header first, and (until the next loop is computed) membership. */
    final class Loop {
        private final IntSeq blocks;
        private final int mark;

        private Loop(IntSeq blocks, int mark) {
            this.blocks = blocks;
            this.mark = mark;
        }

        /** The blocks of the loop, the header first, the others in no particular order. */
        IntSeq blocks() {
            return blocks;
        }

        /** Whether the block is in the loop; only until another loop of the same graph is computed. */
        boolean contains(int block) {
            if (mark != generation) {
                throw new IllegalStateException("a loop's membership test ends when the next loop is computed");
            }
            return stamp[block] == mark;
        }
    }
}
