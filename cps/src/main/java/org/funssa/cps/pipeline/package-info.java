/** Pipelines of passes and their COINS-style pass strings ({@code prun/cstp/srd3}, seed 004 appendix A). */
package org.funssa.cps.pipeline;
