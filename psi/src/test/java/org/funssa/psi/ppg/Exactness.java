package org.funssa.psi.ppg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.BitSet;
import org.funssa.core.graph.IntSeq;

/**
 * A Predicate Partition Graph checked against brute force over every START-to-END path of its acyclic graph
 * (seed 002 Definitions 12–15): each predicate's blocks have one domain and distinct predicates distinct ones,
 * each partition is exact, and each answer the graph gives holds on every path — two predicates it calls
 * disjoint never hold on one path, one it says implies another is never without it, p ∨ q = r exactly.
 */
final class Exactness {

    private Exactness() {}

    /** How many claims of each kind the queries made and brute force confirmed, and how many truths they missed. */
    static final class Tally {
        int disjoint;
        int implies;
        int unions;
        int missedDisjoint;
        int missedImplies;
        int missedUnions;
        int freshPredicates;
    }

    /** Checks the graph, counting into {@code tally} the claims confirmed and the truths missed. */
    static void check(PredicatePartitionGraph ppg, String where, Tally tally) {
        assertThat(ppg.isComplete()).as(where).isTrue();
        BitSet[] domain = domains(ppg, Traces.of(ppg.cfg()), where);
        checkPartitions(ppg, domain, where);
        checkQueries(ppg, domain, where, tally);
        for (int p = 0; p < ppg.predicateCount(); p++) {
            tally.freshPredicates += ppg.representative(p) == PredicatePartitionGraph.NONE ? 1 : 0;
        }
    }

    /** Every predicate's domain: its blocks' (all equal), or for a fresh one its whole's minus its siblings'. */
    private static BitSet[] domains(PredicatePartitionGraph ppg, Traces traces, String where) {
        TraceGraph cfg = ppg.cfg();
        BitSet[] domain = new BitSet[ppg.predicateCount()];
        for (int b = 0; b < cfg.graph().size(); b++) {
            int p = ppg.predicateOf(b);
            assertThat(p != PredicatePartitionGraph.NONE).as(where + "block " + cfg.label(b)).isTrue();
            BitSet blockDomain = traces.domain(b);
            assertThat(blockDomain.isEmpty()).as(where + "block " + cfg.label(b) + " is on a trace").isFalse();
            if (domain[p] == null) {
                domain[p] = blockDomain;
            } else {
                assertThat(blockDomain).as(where + "blocks merged into " + ppg.name(p)).isEqualTo(domain[p]);
            }
        }
        for (int b = 0; b < cfg.graph().size(); b++) {
            for (int c = 0; c < b; c++) {
                boolean same = ppg.predicateOf(b) == ppg.predicateOf(c);
                assertThat(same).as(where + "blocks " + cfg.label(b) + ", " + cfg.label(c) + " share a predicate iff"
                        + " they have one domain").isEqualTo(traces.domain(b).equals(traces.domain(c)));
            }
        }
        for (Partition partition : ppg.partitions()) {
            IntSeq parts = partition.parts();
            for (int k = 0; k < parts.size(); k++) {
                if (domain[parts.get(k)] == null) {
                    BitSet rest = (BitSet) domain[partition.whole()].clone();
                    for (int j = 0; j < parts.size(); j++) {
                        if (j != k) {
                            rest.andNot(domain[parts.get(j)]);
                        }
                    }
                    domain[parts.get(k)] = rest;
                }
            }
        }
        for (int p = 0; p < domain.length; p++) {
            assertThat(domain[p] != null && !domain[p].isEmpty()).as(where + ppg.name(p) + " has traces").isTrue();
        }
        return domain;
    }

    private static void checkPartitions(PredicatePartitionGraph ppg, BitSet[] domain, String where) {
        for (Partition partition : ppg.partitions()) {
            BitSet union = new BitSet();
            IntSeq parts = partition.parts();
            for (int k = 0; k < parts.size(); k++) {
                assertThat(union.intersects(domain[parts.get(k)])).as(where + ppg.describe(partition)
                        + ": parts overlap").isFalse();
                union.or(domain[parts.get(k)]);
            }
            assertThat(union).as(where + ppg.describe(partition) + ": parts cover the whole")
                    .isEqualTo(domain[partition.whole()]);
        }
    }

    private static void checkQueries(PredicatePartitionGraph ppg, BitSet[] domain, String where, Tally tally) {
        int n = ppg.predicateCount();
        for (int p = 0; p < n; p++) {
            for (int q = 0; q < n; q++) {
                boolean disjoint = !domain[p].intersects(domain[q]);
                boolean implies = subset(domain[p], domain[q]);
                String pair = where + ppg.name(p) + ", " + ppg.name(q);
                if (ppg.disjoint(p, q)) {
                    assertThat(disjoint).as(pair + " claimed disjoint").isTrue();
                    tally.disjoint++;
                } else if (disjoint) {
                    tally.missedDisjoint++;
                }
                if (ppg.implies(p, q)) {
                    assertThat(implies).as(pair + " claimed implication").isTrue();
                    tally.implies++;
                } else if (implies) {
                    tally.missedImplies++;
                }
                if (p < q) {
                    for (int r = 0; r < n; r++) {
                        if (subset(domain[p], domain[r]) && subset(domain[q], domain[r])
                                || (p + q + r) % 7 == 0) {
                            BitSet union = (BitSet) domain[p].clone();
                            union.or(domain[q]);
                            if (ppg.isUnion(p, q, r)) {
                                assertThat(union).as(pair + " claimed to make " + ppg.name(r)).isEqualTo(domain[r]);
                                tally.unions++;
                            } else if (union.equals(domain[r])) {
                                tally.missedUnions++;
                            }
                        }
                    }
                }
            }
        }
    }

    private static boolean subset(BitSet a, BitSet b) {
        BitSet rest = (BitSet) a.clone();
        rest.andNot(b);
        return rest.isEmpty();
    }
}
