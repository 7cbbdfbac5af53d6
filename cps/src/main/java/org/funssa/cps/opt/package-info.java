/**
 * The optimizations of seed 004 chapter 6 as pure rewrites of the functional IR, one file per pass, each named
 * as COINS names it in pass strings ({@code prun/cpyp/cstp/cse/dce/srd3}) and citing its section and figure.
 * {@link org.funssa.cps.opt.Optimizations} lists them by name.
 */
package org.funssa.cps.opt;
