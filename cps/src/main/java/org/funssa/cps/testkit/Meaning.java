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
        RunResult before = IrInterpreter.run(sample.program(), RunOptions.defaults().withStepBudget(sample.stepBudget()));
        if (before instanceof RunResult.Failed f && f.error().kind() == RuntimeError.Kind.STEP_BUDGET_EXHAUSTED) {
            return new Verdict.Inconclusive("the input does not end within " + sample.stepBudget() + " steps");
        }
        if (refinement && before instanceof RunResult.Failed f && UNDEFINED.contains(f.error().kind())) {
            return Verdict.HOLDS;
        }
        var out = Applied.apply(pass, sample.program(), wellFormed);
        if (out.isLeft()) {
            return out.getLeft();
        }
        RunResult after = IrInterpreter.run(out.get(), RunOptions.defaults().withStepBudget(4 * sample.stepBudget()));
        String expected = behaviour(before);
        String actual = behaviour(after);
        return expected.equals(actual) ? Verdict.HOLDS
                : new Verdict.Broken("output differs", "before " + pass.name() + ": " + expected + "\nafter: "
                        + actual);
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
