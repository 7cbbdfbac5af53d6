package org.funssa.cps.testkit;

import java.util.function.UnaryOperator;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.lir.Module;

/** {@link LirLaw#preservesMeaning}: the translated module runs as the original does, both as LIR. */
record LirMeaning(String name, UnaryOperator<Module> translation) implements LirLaw {

    @Override
    public Verdict check(LirSample sample) {
        RunResult before = LirInterpreter.run(sample.module(), RunOptions.defaults()
                .withStepBudget(sample.stepBudget()));
        if (before instanceof RunResult.Failed f && f.error().kind() == RuntimeError.Kind.STEP_BUDGET_EXHAUSTED) {
            return new Verdict.Inconclusive("the input does not end within " + sample.stepBudget() + " steps");
        }
        Module translated;
        try {
            translated = translation.apply(sample.module());
        } catch (RuntimeException | StackOverflowError e) {
            return new Verdict.Broken("translation threw", "the translation threw " + e);
        }
        RunResult after;
        try {
            after = LirInterpreter.run(translated, RunOptions.defaults().withStepBudget(4 * sample.stepBudget()));
        } catch (RuntimeException e) {
            return new Verdict.Broken("output does not run", "the LIR interpreter rejects the translation: " + e);
        }
        String expected = Meaning.behaviour(before);
        String actual = Meaning.behaviour(after);
        return expected.equals(actual) ? Verdict.HOLDS
                : new Verdict.Broken("output differs", "before: " + expected + "\nafter: " + actual);
    }
}
