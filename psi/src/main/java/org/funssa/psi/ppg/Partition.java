package org.funssa.psi.ppg;

import org.funssa.core.graph.IntSeq;

/**
 * A hyper-edge of the Predicate Partition Graph (seed 002 Definition 15): {@code Domain(whole) = Domain(parts₁)
 * | … | Domain(partsₙ)}, the whole's traces split into disjoint sets, one per part (Definition 1). Parts are
 * predicate numbers in increasing order, at least two, none of them the whole.
 */
public record Partition(int whole, IntSeq parts) {

    public Partition {
        if (parts.size() < 2) {
            throw new IllegalArgumentException("a partition of p" + whole + " needs two parts or more: " + parts);
        }
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i) == whole) {
                throw new IllegalArgumentException("predicate " + whole + " cannot be a part of itself");
            }
            if (i > 0 && parts.get(i - 1) >= parts.get(i)) {
                throw new IllegalArgumentException("parts must be distinct and increasing: " + parts);
            }
        }
    }
}
