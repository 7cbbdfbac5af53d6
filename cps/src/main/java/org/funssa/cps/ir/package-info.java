/**
 * The functional IR (seed 003, chapter 6; DESIGN.md "The IR"): immutable terms in let-normal form, blocks
 * as local functions whose parameters are the φ-functions, jumps as tail calls with arguments, memory as a
 * threaded value of type {@link org.funssa.cps.ir.Type.Mem}.
 *
 * <p>LIR's {@code PARALLEL} and {@code SUBREG} have no counterpart: like the COINS SSA optimizer (seed 004
 * §4.4), functions containing them are not translated into this form.
 */
package org.funssa.cps.ir;
