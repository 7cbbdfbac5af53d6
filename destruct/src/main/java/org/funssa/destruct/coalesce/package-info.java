/** Coalescing after destruction: Chaitin's aggressive method (seed 004 §5.5.2). */
package org.funssa.destruct.coalesce;
