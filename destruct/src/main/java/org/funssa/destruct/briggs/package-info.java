/** Briggs, Cooper, Harvey and Simpson's out-of-SSA translation (seed 004 §5.3), pass {@code brig}. */
package org.funssa.destruct.briggs;
