/**
 * Parallel copies (the simultaneous binding of a jump's arguments to the callee's parameters) and their
 * sequentialization into ordinary copies, cycles broken with one temporary.
 */
package org.funssa.destruct.parallel;
