/**
 * Liveness of variables over the blocks of one function in the nested IR (seed 004 §5.4.2: LiveIn and LiveOut per
 * block, read the SSA way: a jump's arguments are used at the end of the jumping block, a block's parameters are
 * defined at its entry), by the variables' numbers. The one IR liveness: SSA destruction and the optimizations
 * ask it.
 */
package org.funssa.cps.liveness;
