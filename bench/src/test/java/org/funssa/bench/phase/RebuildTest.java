package org.funssa.bench.phase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Program;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RebuildTest {

    /**
     * The floor phase is only a floor if it builds the whole output: equal to it, and sharing no node but what a
     * construction refers to rather than allocates (operands and jump targets).
     */
    @ParameterizedTest
    @CsvSource({"MIX, 3000", "LOOPS, 3000", "UNSTRUCTURED, 3000", "DIAMONDS, 60000"})
    void theCopyEqualsTheProgramAndSharesOnlyItsOperandsWithIt(Shape shape, int size) {
        Program ssa = Ssa.construct(LirGenerator.generate(Workload.SEED, GeneratorConfig.sized(size, shape)).module(),
                Construction.PRUNED);
        Program copy = Rebuild.of(ssa);

        assertThat(copy).isEqualTo(ssa);
        ArrayDeque<Body[]> pairs = new ArrayDeque<>();
        pairs.push(new Body[] {ssa.functions().get(0).body(), copy.functions().get(0).body()});
        int bodies = 0;
        while (!pairs.isEmpty()) {
            Body[] pair = pairs.pop();
            bodies++;
            assertThat(pair[1]).isNotSameAs(pair[0]);
            assertThat(pair[1].tail()).isNotSameAs(pair[0].tail());
            for (int i = 0; i < pair[0].lets().size(); i++) {
                assertThat(pair[1].lets().get(i)).isNotSameAs(pair[0].lets().get(i));
                assertThat(pair[1].lets().get(i).vars().get(0)).isNotSameAs(pair[0].lets().get(i).vars().get(0));
                assertThat(pair[1].lets().get(i).vars().get(0)).isEqualTo(pair[0].lets().get(i).vars().get(0));
            }
            for (int i = 0; i < pair[0].functions().size(); i++) {
                assertThat(pair[1].functions().get(i)).isNotSameAs(pair[0].functions().get(i));
                pairs.push(new Body[] {pair[0].functions().get(i).body(), pair[1].functions().get(i).body()});
            }
        }
        assertThat(bodies).isGreaterThan(size / 20);
    }
}
