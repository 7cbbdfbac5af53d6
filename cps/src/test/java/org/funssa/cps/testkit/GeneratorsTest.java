package org.funssa.cps.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.gen.Shape;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** The kit's generators are deterministic, sized, verified, and their runnable programs end within budget. */
class GeneratorsTest {

    @Test
    void lirAndIrAreDeterministicAndEndWithinTheirBudget() {
        for (long seed = 0; seed < 10; seed++) {
            LirSample lir = Generators.lir().generate(seed, 8);
            assertThat(Generators.lir().generate(seed, 8)).isEqualTo(lir);
            RunResult lirRun = LirInterpreter.run(lir.module(), RunOptions.defaults().withStepBudget(lir.stepBudget()));
            assertThat(lirRun).as("seed %d", seed).isNotInstanceOf(RunResult.Failed.class);
            Sample ir = Generators.ir(Construction.PRUNED).generate(seed, 8);
            assertThat(Generators.ir(Construction.PRUNED).generate(seed, 8)).isEqualTo(ir);
            assertThat(Verifier.verify(ir.program())).isEmpty();
            RunResult irRun = IrInterpreter.run(ir.program(), RunOptions.defaults().withStepBudget(ir.stepBudget()));
            assertThat(irRun).as("seed %d", seed).isNotInstanceOf(RunResult.Failed.class);
            assertThat(irRun.stdout()).isEqualTo(lirRun.stdout());
        }
    }

    @Test
    void seedsCoverEveryShapeAndSizeScales() {
        assertThat(Vector.range(0, 5).map(seed -> Generators.config(seed, 4).shape()))
                .containsExactlyInAnyOrder(Shape.STRAIGHT, Shape.DIAMONDS, Shape.LOOPS, Shape.UNSTRUCTURED, Shape.MIX);
        long small = ProgramSize.of(Generators.ir(Construction.LIFTED).generate(3, 2).program()).localFunctions();
        long large = ProgramSize.of(Generators.ir(Construction.LIFTED).generate(3, 40).program()).localFunctions();
        assertThat(large).isGreaterThan(4 * small);
    }

    @Test
    void termsAreVerifiedAndDeterministic() {
        for (long seed = 0; seed < 50; seed++) {
            Sample s = Generators.terms().generate(seed, 1 + (int) (seed % 7));
            assertThat(Verifier.verify(s.program())).isEmpty();
            assertThat(Generators.terms().generate(seed, 1 + (int) (seed % 7))).isEqualTo(s);
            assertThat(s.stepBudget()).isZero();
        }
    }
}
