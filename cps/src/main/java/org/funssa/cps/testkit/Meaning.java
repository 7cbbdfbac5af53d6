package org.funssa.cps.testkit;

import io.vavr.collection.HashSet;
import io.vavr.collection.Set;
import io.vavr.control.Option;
import java.util.function.Function;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.RuntimeError;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.IdentityCache;

/**
 * {@link Law#preservesMeaning} and {@link Law#refines}: the pass's output runs as its input does. The output
 * gets four times the input's budget, so a pass may make a program slower but not make it loop.
 */
record Meaning(Pass pass, boolean refinement, Option<Function<Program, Option<String>>> wellFormed) implements Law {

    /** The error kinds that are undefined behaviour of the program rather than limits of the machine. */
    static final Set<RuntimeError.Kind> UNDEFINED = HashSet.of(RuntimeError.Kind.DIVISION_BY_ZERO,
            RuntimeError.Kind.DIVISION_OVERFLOW, RuntimeError.Kind.MEMORY_ACCESS, RuntimeError.Kind.INVALID_FREE,
            RuntimeError.Kind.CALL_OF_NON_FUNCTION, RuntimeError.Kind.LIBRARY_ERROR);

    @Override
    public String name() {
        return pass.name() + (refinement ? " refines meaning" : " preserves meaning");
    }

    @Override
    public Verdict check(Sample sample) {
        if (sample.stepBudget() <= 0) {
            return new Verdict.Inconclusive("the sample has no step budget");
        }
        RunResult before = run(sample);
        if (before instanceof RunResult.Failed f && f.error().kind() == RuntimeError.Kind.STEP_BUDGET_EXHAUSTED) {
            return new Verdict.Inconclusive("the input does not end within " + sample.stepBudget() + " steps");
        }
        if (refinement && before instanceof RunResult.Failed f && UNDEFINED.contains(f.error().kind())) {
            return Verdict.HOLDS;
        }
        var out = wellFormed.isEmpty() ? Applied.applyToSample(pass, sample.program())
                : Applied.apply(pass, sample.program(), wellFormed);
        if (out.isLeft()) {
            return out.getLeft();
        }
        if (out.get() == sample.program()) {
            // A pass returns what it does not change by identity; the interpreter is deterministic and the
            // input ended within a quarter of the output's budget, so the output runs as the input did.
            return Verdict.HOLDS;
        }
        RunResult after = IrInterpreter.run(out.get(), RunOptions.defaults().withStepBudget(4 * sample.stepBudget()));
        String expected = behaviour(before);
        String actual = behaviour(after);
        return expected.equals(actual) ? Verdict.HOLDS
                : new Verdict.Broken("output differs", "before " + pass.name() + ": " + expected + "\nafter: "
                        + actual);
    }

    /** A run of a sample's program within its budget. */
    private record Run(long budget, RunResult result) {}

    /** The last runs of samples' programs: the laws of several passes checked on one sample run it once. */
    private static final IdentityCache<Program, Run> RUNS = new IdentityCache<>(4);

    private static RunResult run(Sample sample) {
        Run run = RUNS.get(sample.program(), p -> new Run(sample.stepBudget(),
                IrInterpreter.run(p, RunOptions.defaults().withStepBudget(sample.stepBudget()))));
        return run.budget() == sample.stepBudget() ? run.result()
                : IrInterpreter.run(sample.program(), RunOptions.defaults().withStepBudget(sample.stepBudget()));
    }

    /** How a run ended and what it printed; the step count is not part of the meaning. */
    static String behaviour(RunResult result) {
        return switch (result) {
            case RunResult.Returned r -> "returned " + r.values() + " (status " + r.exitStatus() + "), stdout "
                    + quoted(r.stdout());
            case RunResult.Exited e -> "exited " + e.status() + ", stdout " + quoted(e.stdout());
            case RunResult.Failed f -> "failed " + f.error().kind() + ", stdout " + quoted(f.stdout());
        };
    }

    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\n", "\\n") + "\"";
    }
}
