/**
 * Graph algorithms shared by every module, over dense int node ids ({@link org.funssa.core.graph.Graph}):
 * depth-first numbering, dominators (Cooper–Harvey–Kennedy), post-dominators with seed 004 §2.2.4's
 * virtual exit, dominance frontiers and iterated frontiers, control dependence, the loop nesting
 * forest with irreducible-loop detection (Havlak), critical edges and liveness. Every algorithm is
 * iterative (explicit stacks), array-based, and immutable once built.
 */
package org.funssa.core.graph;
