package org.funssa.core.gen;

/** The control flow of a generated function. */
public enum Shape {
    /** A chain of blocks, each jumping to the next: the dominator tree is a path. */
    STRAIGHT,
    /** A chain of if-then-else diamonds: the dominator tree is as deep as the chain is long. */
    DIAMONDS,
    /** Structured loops nested up to {@link GeneratorConfig#maxLoopDepth()}, in while form. */
    LOOPS,
    /** Random forward jumps, conditional and multiway, and fuel-guarded back edges to any earlier
     *  block: irreducible loops and critical edges are common. */
    UNSTRUCTURED,
    /** Regions of all the shapes above, one after the other. */
    MIX,
    /**
     * Sequential loops, each counting its own counter {@code c_k} from 0 to 2, every counter set to 0 in the
     * entry block: {@code c_k} is live through loops 1..k-1, so the live sets hold a number of entries
     * quadratic in the number of loops (the case of pruned φ placement that must not build them). Not a part
     * of {@link #MIX}.
     */
    COUNTERS_AHEAD,
    /** As {@link #COUNTERS_AHEAD}, but each counter is set to 0 in the block just before its loop. */
    COUNTERS_LATE
}
