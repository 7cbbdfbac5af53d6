package org.funssa.cps.prep;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Stream;
import io.vavr.collection.Vector;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.gen.Storage;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.Module;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every pass, alone and in the A.2 pipeline, keeps the meaning of generated programs: 200 seeded
 * modules (every shape, both storages) print the same and end the same way before and after.
 */
class GeneratedMeaningTest {

    private static final int SEEDS = 20;

    @TestFactory
    Stream<DynamicTest> everyPassKeepsTheOutput() {
        return Stream.of(Shape.values()).flatMap(shape -> Stream.of(Storage.values()).map(storage ->
                DynamicTest.dynamicTest(shape + " " + storage, () -> {
                    for (long seed = 0; seed < SEEDS; seed++) {
                        check(seed, GeneratorConfig.defaults().withShape(shape).withStorage(storage));
                    }
                })));
    }

    private static void check(long seed, GeneratorConfig config) {
        LirGenerator.Generated generated = LirGenerator.generate(seed, config);
        Module original = generated.module();
        long budget = generated.stepBound() * 4 + 1000;
        RunResult expected = Runs.run(original, budget);
        assertThat(expected).as("seed %d %s", seed, config).isNotInstanceOf(RunResult.Failed.class);
        String want = Runs.outcome(expected);
        Vector<String> names = Vector.of("promotion", "merge", "preheaders", "rotation", "division");
        Module piped = original;
        for (int i = 0; i < Runs.PIPELINE.size(); i++) {
            Module alone = Runs.PIPELINE.get(i).apply(original);
            assertThat(Runs.outcome(Runs.run(alone, budget * 3))).as("%s alone, seed %d, %s", names.get(i), seed, config)
                    .isEqualTo(want);
            piped = Runs.PIPELINE.get(i).apply(piped);
        }
        assertThat(Runs.outcome(Runs.run(piped, budget * 3))).as("pipeline, seed %d, %s", seed, config)
                .isEqualTo(want);
    }
}
