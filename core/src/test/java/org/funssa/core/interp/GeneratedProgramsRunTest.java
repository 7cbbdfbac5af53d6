package org.funssa.core.interp;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.junit.jupiter.api.Test;

/**
 * Property: a generated program (terminating, free of undefined behaviour) runs to its end within the
 * generator's step bound, prints something, and prints the same after a print → read round trip.
 */
class GeneratedProgramsRunTest {

    @Test
    void generatedProgramsReturnWithinTheirStepBoundAndSurviveARoundTrip() {
        for (Shape shape : Shape.values()) {
            for (long seed = 0; seed < 25; seed++) {
                LirGenerator.Generated g = LirGenerator.generate(seed, GeneratorConfig.defaults().withShape(shape));
                RunResult r = LirInterpreter.run(g.module(), RunOptions.defaults());
                assertThat(r).as(shape + " seed " + seed).isInstanceOf(RunResult.Returned.class);
                assertThat(r.steps()).as(shape + " seed " + seed).isPositive().isLessThanOrEqualTo(g.stepBound());
                assertThat(r.stdout()).isNotEmpty();
                RunResult again = LirInterpreter.run(
                        LirReader.read("printed.lir", LirPrinter.print(g.module())), RunOptions.defaults());
                assertThat(again).isEqualTo(r);
            }
        }
    }
}
