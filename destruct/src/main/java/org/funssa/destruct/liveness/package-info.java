/** Interference of variables over the blocks of one function, from their liveness ({@code org.funssa.cps.liveness}). */
package org.funssa.destruct.liveness;
