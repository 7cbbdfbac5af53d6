package org.funssa.psi.ppg;

import io.vavr.collection.Vector;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import org.funssa.core.graph.IntList;
import org.funssa.core.graph.IntSeq;

/*
 * Seed 002 §4.1.1, Definition 15: a directed half-hyper-graph whose nodes are the symbolic predicates of a CFG
 * (p_v stands for the traces through block v, Definition 14) and whose arcs (p_u, {p_v1, …, p_vn}) say
 * Domain(p_u) = Domain(p_v1) | … | Domain(p_vn). Equivalent blocks share one predicate (Property 4), and the
 * constructions may add predicates named after no block (Algorithm 1's p★). Complete (Definition 16): one
 * root, p_START, from which every predicate is reached; acyclic (Property 8).
 *
 * The queries are the graph traversals §5.1 describes ("testing if the predicate of one position is a subset of
 * the other predicate … is equivalent to search a path in the PPG"), closed under the two rules a partition
 * gives: a part of a set lies in it, and a predicate whose parts (in one of its partitions) all lie in a set
 * lies in it. So
 *  - p implies q when p is in the least set holding q closed under both rules;
 *  - p and q are disjoint when p is in the least such set holding every sibling of every ancestor of q (a
 *    sibling of a superset of q misses q), or the same with p and q exchanged;
 *  - p ∨ q = r when p and q imply r and r is in the least such set holding p and q;
 *  - p ⊆ q₁ ∪ … ∪ qₙ when p is in the least such set holding the qs.
 * Each query is one walk over the graph with a work list, which stops once the predicate asked about is reached
 * and keeps sparse sets: linear in the part of the graph it visits.
 */

/** The Predicate Partition Graph of seed 002: predicates as nodes, partitions as hyper-edges. */
public final class PredicatePartitionGraph {

    /** The predicate of a node that is on no trace, and the block a fresh predicate is named after: none. */
    public static final int NONE = -1;

    private final TraceGraph cfg;
    private final int[] predicateOf;
    private final int[] representative;
    private final Vector<Partition> partitions;
    private final IntSeq[] partitionsOf;
    private final IntSeq[] containing;

    private PredicatePartitionGraph(TraceGraph cfg, int[] predicateOf, int[] representative,
                                    Vector<Partition> partitions) {
        this.cfg = cfg;
        this.predicateOf = predicateOf;
        this.representative = representative;
        this.partitions = partitions;
        int n = representative.length;
        IntList[] down = new IntList[n];
        IntList[] up = new IntList[n];
        for (int p = 0; p < n; p++) {
            down[p] = new IntList(1);
            up[p] = new IntList(1);
        }
        for (int i = 0; i < partitions.size(); i++) {
            Partition partition = partitions.get(i);
            down[partition.whole()].add(i);
            for (int k = 0; k < partition.parts().size(); k++) {
                up[partition.parts().get(k)].add(i);
            }
        }
        partitionsOf = new IntSeq[n];
        containing = new IntSeq[n];
        for (int p = 0; p < n; p++) {
            partitionsOf[p] = down[p].toSeq();
            containing[p] = up[p].toSeq();
        }
    }

    /** The graph whose blocks the predicates stand for. */
    public TraceGraph cfg() {
        return cfg;
    }

    /** Number of predicates, numbered {@code 0 .. predicateCount()-1}. */
    public int predicateCount() {
        return representative.length;
    }

    /** The predicate of a block of {@link #cfg()}, or {@link #NONE} when no trace passes it. */
    public int predicateOf(int node) {
        return predicateOf[node];
    }

    /** The block the predicate is named after, or {@link #NONE} for a fresh predicate (Algorithm 1's p★). */
    public int representative(int predicate) {
        return representative[predicate];
    }

    /** The blocks whose predicate it is, in increasing order (empty for a fresh predicate). */
    public IntSeq blocks(int predicate) {
        IntList blocks = new IntList();
        for (int node = 0; node < predicateOf.length; node++) {
            if (predicateOf[node] == predicate) {
                blocks.add(node);
            }
        }
        return blocks.toSeq();
    }

    /** "p" and the name of the block the predicate is named after; "p#" and its number for a fresh one (p★). */
    public String name(int predicate) {
        int block = representative[predicate];
        return block == NONE ? "p#" + predicate : "p" + cfg.label(block);
    }

    /** The root: the predicate of START, which every trace satisfies. */
    public int root() {
        return predicateOf[cfg.start()];
    }

    /** Every partition, in the order the construction made them. */
    public Vector<Partition> partitions() {
        return partitions;
    }

    /** The partitions of the predicate (its out-edges). */
    public Vector<Partition> partitionsOf(int predicate) {
        return select(partitionsOf[predicate]);
    }

    /** The partitions the predicate is a part of (its in-edges). */
    public Vector<Partition> partitionsContaining(int predicate) {
        return select(containing[predicate]);
    }

    private Vector<Partition> select(IntSeq indices) {
        return Vector.ofAll(indices.stream().mapToObj(partitions::get));
    }

    /** Definition 16: the root is in no partition's parts and every predicate is reached from it. */
    public boolean isComplete() {
        int root = root();
        if (!containing[root].isEmpty()) {
            return false;
        }
        return below(IntSeq.of(root)).cardinality() == predicateCount();
    }

    /** Whether every trace through p passes q: Domain(p) ⊆ Domain(q). */
    public boolean implies(int p, int q) {
        return p == q || inClosure(p, IntSeq.of(q));
    }

    /** Whether no trace satisfies both: Domain(p) ∩ Domain(q) = ∅. */
    public boolean disjoint(int p, int q) {
        return p != q && (inClosure(p, siblingsOfAncestors(q)) || inClosure(q, siblingsOfAncestors(p)));
    }

    /** Whether Domain(p) ∪ Domain(q) = Domain(r). */
    public boolean isUnion(int p, int q, int r) {
        return implies(p, r) && implies(q, r) && coveredBy(r, IntSeq.of(p, q));
    }

    /** Whether Domain(p) ⊆ Domain(q₁) ∪ … ∪ Domain(qₙ): the second half of {@link #isUnion}, for any number. */
    public boolean coveredBy(int p, IntSeq qs) {
        return inClosure(p, qs);
    }

    /**
     * Whether p is in the least set of predicates holding {@code base}, every part of a partition of a member, and
     * the whole of a partition whose parts are all members: those whose domain lies in the union of the base's.
     */
    private boolean inClosure(int p, IntSeq base) {
        return closure(base, true, p).get(p);
    }

    /** The predicates reached from the given ones along partitions (the given ones included). */
    private BitSet below(IntSeq from) {
        return closure(from, false, NONE);
    }

    /**
     * The closure ({@code wholes}) or the predicates below, the walk stopping once {@code target} is reached. Its
     * sets are sparse: a query costs the part of the graph it walks, not the graph.
     */
    private BitSet closure(IntSeq base, boolean wholes, int target) {
        BitSet in = new BitSet();
        Map<Integer, Integer> membersAmongParts = new HashMap<>();
        IntList work = new IntList();
        for (int i = 0; i < base.size(); i++) {
            if (!in.get(base.get(i))) {
                in.set(base.get(i));
                work.add(base.get(i));
            }
        }
        while (!work.isEmpty() && (target == NONE || !in.get(target))) {
            int p = work.pop();
            IntSeq down = partitionsOf[p];
            for (int i = 0; i < down.size(); i++) {
                IntSeq parts = partitions.get(down.get(i)).parts();
                for (int k = 0; k < parts.size(); k++) {
                    if (!in.get(parts.get(k))) {
                        in.set(parts.get(k));
                        work.add(parts.get(k));
                    }
                }
            }
            IntSeq up = wholes ? containing[p] : IntSeq.empty();
            for (int i = 0; i < up.size(); i++) {
                Partition partition = partitions.get(up.get(i));
                if (membersAmongParts.merge(up.get(i), 1, Integer::sum) == partition.parts().size()
                        && !in.get(partition.whole())) {
                    in.set(partition.whole());
                    work.add(partition.whole());
                }
            }
        }
        return in;
    }

    /** The other parts of every partition one of q's ancestors (q included) is a part of: all miss q. */
    private IntSeq siblingsOfAncestors(int q) {
        BitSet ancestor = new BitSet();
        IntList work = new IntList();
        IntList siblings = new IntList();
        ancestor.set(q);
        work.add(q);
        while (!work.isEmpty()) {
            int a = work.pop();
            IntSeq up = containing[a];
            for (int i = 0; i < up.size(); i++) {
                Partition partition = partitions.get(up.get(i));
                for (int k = 0; k < partition.parts().size(); k++) {
                    if (partition.parts().get(k) != a) {
                        siblings.add(partition.parts().get(k));
                    }
                }
                if (!ancestor.get(partition.whole())) {
                    ancestor.set(partition.whole());
                    work.add(partition.whole());
                }
            }
        }
        return siblings.toSeq();
    }

    /** The partition as "p1 = p4 | p5", parts in the order of the blocks they are named after, fresh ones last. */
    public String describe(Partition partition) {
        StringBuilder text = new StringBuilder(name(partition.whole())).append(" =");
        int[] parts = partition.parts().stream().boxed()
                .sorted(Comparator.comparingInt(this::displayOrder).thenComparingInt(p -> p))
                .mapToInt(Integer::intValue).toArray();
        for (int k = 0; k < parts.length; k++) {
            text.append(k == 0 ? " " : " | ").append(name(parts[k]));
        }
        return text.toString();
    }

    /** Where the predicate comes when listed: at its block's number, or after every block when fresh. */
    private int displayOrder(int predicate) {
        return representative[predicate] == NONE ? Integer.MAX_VALUE : representative[predicate];
    }

    /** One line per partition, as {@link #describe}, in the order they were made. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (Partition partition : partitions) {
            text.append(describe(partition)).append('\n');
        }
        return text.toString();
    }

    /** Builds a graph: predicates named after blocks or fresh, blocks' predicates, partitions (each kept once). */
    static final class Builder {
        private final TraceGraph cfg;
        private final int[] predicateOf;
        private final int[] namedAfter;
        private final IntList representative = new IntList();
        private final LinkedHashSet<Partition> partitions = new LinkedHashSet<>();
        private final IntList hasParent = new IntList();

        Builder(TraceGraph cfg) {
            this.cfg = cfg;
            int n = cfg.graph().size();
            predicateOf = new int[n];
            namedAfter = new int[n];
            Arrays.fill(predicateOf, NONE);
            Arrays.fill(namedAfter, NONE);
        }

        /** The predicate named after the block, made on first call. */
        int named(int block) {
            if (namedAfter[block] == NONE) {
                namedAfter[block] = add(block);
            }
            return namedAfter[block];
        }

        /** A new predicate named after no block. */
        int fresh() {
            return add(NONE);
        }

        private int add(int block) {
            representative.add(block);
            hasParent.add(0);
            return representative.size() - 1;
        }

        /** Gives the block its predicate. */
        void assign(int block, int predicate) {
            predicateOf[block] = predicate;
        }

        /** The block's predicate, which must have been assigned. */
        int predicateOf(int block) {
            if (predicateOf[block] == NONE) {
                throw new IllegalStateException("block " + cfg.label(block) + " has no predicate yet");
            }
            return predicateOf[block];
        }

        /** The predicates of the blocks, in their order. */
        IntList predicatesOf(IntSeq blocks) {
            IntList predicates = new IntList(blocks.size());
            for (int k = 0; k < blocks.size(); k++) {
                predicates.add(predicateOf(blocks.get(k)));
            }
            return predicates;
        }

        /** The block that named the predicate, or NONE. */
        int representative(int predicate) {
            return representative.get(predicate);
        }

        /** Whether the predicate is a part of some partition already. */
        boolean hasParent(int predicate) {
            return hasParent.get(predicate) != 0;
        }

        /** make_partition(whole, parts): parts may come in any order and repeat. */
        void partition(int whole, IntList parts) {
            IntList distinct = new IntList(parts.size());
            parts.sort();
            for (int k = 0; k < parts.size(); k++) {
                if (distinct.isEmpty() || distinct.last() != parts.get(k)) {
                    distinct.add(parts.get(k));
                }
            }
            Partition partition = new Partition(whole, distinct.toSeq());
            if (partitions.add(partition)) {
                for (int k = 0; k < distinct.size(); k++) {
                    hasParent.set(distinct.get(k), 1);
                }
            }
        }

        PredicatePartitionGraph build() {
            return new PredicatePartitionGraph(cfg, predicateOf.clone(), representative.toArray(),
                    Vector.ofAll(partitions));
        }
    }
}
