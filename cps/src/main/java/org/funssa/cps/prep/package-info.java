/**
 * Transformations of LIR in normal form that run before SSA construction (seed 004 chapters 3, 4 and
 * §6.9): frame-scalar promotion, division into three-address code, loop preprocessing (merging loops
 * that share a header, preheaders, while → do-while rotation) and φ placement. Every pass is a pure
 * function from a {@link org.funssa.core.lir.Module.Function} (or a whole module) to a new one.
 */
package org.funssa.cps.prep;
