/**
 * The Predicate Partition Graph of seed 002 (the internship report "Predicate Partition Graph", §4): the
 * predicates of a control-flow graph's blocks (which START-to-END traces pass a block) as nodes, and
 * partitions of a predicate into disjoint sub-predicates as hyper-edges. {@link
 * org.funssa.psi.ppg.TraceGraph} prepares a CFG as the report assumes it (critical edges split, one END);
 * {@link org.funssa.psi.ppg.BranchMergeConstruction} is Algorithm 1 (from the CFG), {@link
 * org.funssa.psi.ppg.ControlDependenceConstruction} Algorithm 5 (from the control dependence graph, with
 * its precise completion), both for acyclic graphs; {@link org.funssa.psi.ppg.PredicatePartitionForest}
 * extends Algorithm 5 to reducible graphs along the loop nesting forest (§4.2). {@link
 * org.funssa.psi.ppg.PredicatePartitionGraph} answers "are p and q disjoint", "does p imply q" and "is p ∨ q =
 * r" by traversals.
 */
package org.funssa.psi.ppg;
