package org.funssa.cps.prep;

import java.util.ArrayDeque;
import java.util.BitSet;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.IntSeq;

/*
 * Natural loops (seed 004 §2.2.6): an edge b → h is a back edge when h dominates b; LOOP(h, b) is h
 * plus every node that reaches b without going through h. All loops of one header taken together
 * are "the loop of h". Cycles without a back edge (irreducible ones, entered at several nodes) have
 * no natural loop, so the passes built on this class leave them alone.
 */

/** The natural loops of a function's graph, by header. */
final class NaturalLoops {

    private final Cfg cfg;
    private final DominatorTree tree;

    private NaturalLoops(Cfg cfg) {
        this.cfg = cfg;
        this.tree = Dominators.of(cfg);
    }

    static NaturalLoops of(Cfg cfg) {
        return new NaturalLoops(cfg);
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
        IntSeq preds = cfg.predecessors(block);
        for (int i = 0; i < preds.size(); i++) {
            if (isBackEdge(preds.get(i), block)) {
                return true;
            }
        }
        return false;
    }

    /** The distinct sources of back edges into the header, in increasing order. */
    BitSet latches(int header) {
        BitSet latches = new BitSet();
        IntSeq preds = cfg.predecessors(header);
        for (int i = 0; i < preds.size(); i++) {
            if (isBackEdge(preds.get(i), header)) {
                latches.set(preds.get(i));
            }
        }
        return latches;
    }

    /** The union of the natural loops of the header's back edges. */
    BitSet body(int header) {
        BitSet body = new BitSet();
        body.set(header);
        ArrayDeque<Integer> work = new ArrayDeque<>();
        BitSet latches = latches(header);
        for (int b = latches.nextSetBit(0); b >= 0; b = latches.nextSetBit(b + 1)) {
            if (!body.get(b)) {
                body.set(b);
                work.push(b);
            }
        }
        while (!work.isEmpty()) {
            IntSeq preds = cfg.predecessors(work.pop());
            for (int i = 0; i < preds.size(); i++) {
                int p = preds.get(i);
                if (tree.contains(p) && !body.get(p)) {
                    body.set(p);
                    work.push(p);
                }
            }
        }
        return body;
    }
}
