/** Liveness and interference of variables over the blocks of one function in the nested IR. */
package org.funssa.destruct.liveness;
