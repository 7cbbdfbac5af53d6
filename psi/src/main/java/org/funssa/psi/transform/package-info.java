/**
 * The ψ transformations of seed 000 §"Psi-SSA algorithms" and seed 001 §3.1: ψ-inlining, ψ-reduction,
 * ψ-projection, ψ-permutation and ψ-predicate promotion, each a pass usable after {@code ifcv} in any order.
 */
package org.funssa.psi.transform;
