/** Sreedhar et al.'s Method III out-of-SSA translation with their SSA-based coalescing. */
package org.funssa.destruct.sreedhar;
