/** Iterative traversals of the nest of local functions that destruction rewrites. */
package org.funssa.destruct.nest;
