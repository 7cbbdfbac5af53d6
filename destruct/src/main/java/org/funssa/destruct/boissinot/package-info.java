/**
 * Boissinot, Darte, Rastello, Dupont de Dinechin and Guillon's out-of-SSA translation (CGO 2009): φs isolated
 * by parallel copies, then congruence classes coalesced under value-based interference with their linear
 * intersection check, then the remaining parallel copies sequentialized.
 */
package org.funssa.destruct.boissinot;
