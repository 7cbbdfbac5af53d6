/**
 * SSA construction: COINS LIR to the functional IR (issue 3). {@link org.funssa.cps.construct.Ssa#construct}
 * is the entry point; {@link org.funssa.cps.construct.Construction} names the methods ({@code lifted dropped
 * mini semi prun}) and {@link org.funssa.cps.construct.ConstructionOptions} the switches of seed 004 appendix
 * A. Block sinking, parameter dropping and redundant-φ elimination are also {@link org.funssa.cps.pass.Pass}es
 * of their own.
 */
package org.funssa.cps.construct;
