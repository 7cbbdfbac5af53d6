package org.funssa.cps.testkit;

import org.funssa.core.lir.Module;

/**
 * A LIR module with the number of LIR interpreter steps within which a run of its {@code main} ends
 * ({@link org.funssa.core.gen.LirGenerator.Generated#stepBound()}).
 */
public record LirSample(Module module, long stepBudget) {}
