/**
 * Executes LIR. {@link org.funssa.core.interp.LirInterpreter} runs a module's {@code main} (or a named
 * function) and returns a {@link org.funssa.core.interp.RunResult}: returned, exited, or failed with a
 * {@link org.funssa.core.interp.RuntimeError}. The parts are reusable without LIR statements:
 * {@link org.funssa.core.interp.Machine} (checked byte memory with the module's static layout, the C
 * library, output, the step counter) and {@link org.funssa.core.interp.Arith} (the operators' x86_64
 * semantics on typed {@link org.funssa.core.interp.Value}s), which the IR interpreter and constant folding
 * share. Seed 004 (LIR, appendix A) and {@code shared/LIR.md} define the language.
 */
package org.funssa.core.interp;
