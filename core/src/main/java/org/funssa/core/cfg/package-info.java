/**
 * The control-flow graph of an LIR function ({@link org.funssa.core.cfg.Cfg}) and the liveness of
 * its registers ({@link org.funssa.core.cfg.RegisterLiveness}), both built on the generic
 * algorithms of {@code org.funssa.core.graph}.
 */
package org.funssa.core.cfg;
