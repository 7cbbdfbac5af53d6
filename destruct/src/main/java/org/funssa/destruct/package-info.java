/**
 * Out-of-SSA translation (seed 004 chapter 5; seed 003 §6.2 "Destruction of SSA"): every method is a
 * {@link org.funssa.destruct.Destruction} that makes each jump's arguments coincide with the callee's
 * parameters, so that {@link org.funssa.destruct.lir.LirWriter} can erase them into plain assignments.
 */
package org.funssa.destruct;
