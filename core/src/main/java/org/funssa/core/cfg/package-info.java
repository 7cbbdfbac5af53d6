/**
 * The control-flow graph of an LIR function ({@link org.funssa.core.cfg.Cfg}), what each block does to
 * its registers ({@link org.funssa.core.cfg.RegisterEffects}) and the liveness of its registers
 * ({@link org.funssa.core.cfg.RegisterLiveness}), built on the generic algorithms of
 * {@code org.funssa.core.graph}.
 */
package org.funssa.core.cfg;
