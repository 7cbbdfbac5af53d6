/**
 * COINS LIR: the immutable model ({@link org.funssa.core.lir.Module}, {@link org.funssa.core.lir.Stmt},
 * {@link org.funssa.core.lir.LExp}), its reader and printer, and the checker of its static semantics
 * ({@link org.funssa.core.lir.LirChecker}). Seed 004, chapter 2 and appendix A;
 * {@code shared/LIR.md}.
 */
package org.funssa.core.lir;
