/** Sreedhar et al.'s Methods I, II and III of out-of-SSA translation with their SSA-based coalescing. */
package org.funssa.destruct.sreedhar;
