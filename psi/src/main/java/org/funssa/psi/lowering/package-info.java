/**
 * From ψ-SSA back to φ-SSA, so that the existing destruction writes LIR (issue 33's lowering; the next issue's
 * out-of-ψ-SSA replaces it where copies matter).
 */
package org.funssa.psi.lowering;
