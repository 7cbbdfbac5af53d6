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
    MIX
}
