/**
 * The ψ transformations' questions about guards, answered by a Predicate Partition Graph (seed 002 §4.3, §5.2):
 * {@link org.funssa.psi.guard.GuardPaths} reads each guard of a function as a path of branch outcomes ({@link
 * org.funssa.psi.guard.Outcome} of a {@link org.funssa.psi.guard.BranchTest}), {@link
 * org.funssa.psi.guard.DecisionGraph} makes the acyclic graph whose blocks those paths reach, and {@link
 * org.funssa.psi.guard.GuardPartitions} builds its PPG with Algorithm 5 and answers inclusion, disjointness,
 * inclusion in a union and exhaustiveness.
 */
package org.funssa.psi.guard;
