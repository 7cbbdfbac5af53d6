package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.stream.Stream;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.gen.Storage;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.Module;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Program;
import org.funssa.cps.prep.PhiPlacement;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 3's property test over LirGenerator: for every shape (irreducible loops included) and both storages,
 * 40 seeded modules of three functions each (1200 functions), every construction under the default options
 * (even seeds) or under {@link ConstructionOptions#PLAIN} (odd seeds) verifies and runs exactly as the LIR does (same output, same
 * end), and the dropped form's parameters are the pruned φs.
 *
 * <p>By default seed {@code s} is constructed in the {@code s mod 5}th variant only: over ten consecutive seeds
 * every variant meets both options, four times per shape and storage; {@link Exhaustive#ON} constructs every
 * seed in every variant.
 */
class GeneratedConstructionTest {

    private static final int SEEDS = 40;

    private static final Vector<Construction> CONSTRUCTIONS = Vector.of(Construction.values());

    private static final Vector<ConstructionOptions> OPTIONS = Vector.of(ConstructionOptions.DEFAULTS,
            ConstructionOptions.PLAIN);

    @TestFactory
    Stream<DynamicTest> everyConstructionRunsAsTheLir() {
        return Stream.of(Shape.values()).flatMap(shape -> Stream.of(Storage.values()).map(storage ->
                DynamicTest.dynamicTest(shape + " " + storage, () -> Vector.range(0, SEEDS).toJavaParallelStream()
                        .forEach(seed -> check(seed, GeneratorConfig.defaults().withShape(shape)
                                .withStorage(storage))))));
    }

    /**
     * The counted loops at scale: 333 loops in one function, their counters set on entry or before each loop;
     * the pruned form verifies, runs as the LIR does, and gives each counter its one φ, at its loop's header.
     */
    @org.junit.jupiter.api.Test
    void countedLoopsRunAsTheLirAfterPrunedConstruction() {
        for (Shape shape : new Shape[] {Shape.COUNTERS_AHEAD, Shape.COUNTERS_LATE}) {
            LirGenerator.Generated generated = LirGenerator.generate(3, GeneratorConfig.sized(6_000, shape));
            long budget = generated.stepBound() * 4 + 1000;
            RunResult expected = LirInterpreter.run(generated.module(), RunOptions.defaults().withStepBudget(budget));
            assertThat(expected).as(shape.name()).isInstanceOf(RunResult.Returned.class);
            Program program = Ssa.construct(generated.module(), Construction.PRUNED);
            assertThat(Verifier.verify(program)).as(shape.name()).isEmpty();
            RunResult actual = IrInterpreter.run(program, RunOptions.defaults().withStepBudget(budget * 4));
            assertThat(outcome(actual)).as(shape.name()).isEqualTo(outcome(expected));
            Module.Function main = generated.module().function("main").get();
            Vector<String> counterPhis = PhiPlacement.place(main, PhiPlacement.Variant.PRUNED).sites()
                    .filter(site -> site._1.startsWith("c")).map(site -> site._2);
            assertThat(counterPhis).as(shape.name()).hasSize(333).doesNotHaveDuplicates();
        }
    }

    private static void check(long seed, GeneratorConfig config) {
        LirGenerator.Generated generated = LirGenerator.generate(seed, config);
        Module module = generated.module();
        long budget = generated.stepBound() * 4 + 1000;
        RunResult expected = LirInterpreter.run(module, RunOptions.defaults().withStepBudget(budget));
        assertThat(expected).as("seed %d %s", seed, config).isNotInstanceOf(RunResult.Failed.class);
        ConstructionOptions options = OPTIONS.get((int) (seed % OPTIONS.size()));
        for (Construction construction : CONSTRUCTIONS.filter(c -> Exhaustive.inTurn(seed, c.ordinal(),
                CONSTRUCTIONS.size()))) {
            Program program = Ssa.construct(module, construction, options);
            String what = construction.seedName() + " " + options + " seed " + seed + " " + config;
            assertThat(Verifier.verify(program)).as(what).isEmpty();
            RunResult actual = IrInterpreter.run(program, RunOptions.defaults().withStepBudget(budget * 4));
            assertThat(outcome(actual)).as(what).isEqualTo(outcome(expected));
        }
        ConstructionOptions unfolded = ConstructionOptions.DEFAULTS.withCopyFolding(false)
                .withRedundantPhiElimination(false);
        for (Module.Function f : module.functions()) {
            var placed = Phis.of(PhiPlacement.place(NormalForm.of(f, unfolded).function(),
                    PhiPlacement.Variant.PRUNED));
            assertThat(Phis.of(Ssa.construct(f, Construction.DROPPED, unfolded)))
                    .as("dropped %s seed %d %s", f.name(), seed, config).isEqualTo(placed);
        }
    }

    /** How a run ended and what it printed. */
    static String outcome(RunResult result) {
        return switch (result) {
            case RunResult.Returned r -> "returned " + r.values() + " status " + r.exitStatus() + "\n" + r.stdout();
            case RunResult.Exited e -> "exited " + e.status() + "\n" + e.stdout();
            case RunResult.Failed f -> "failed " + f.error() + "\n" + f.stdout();
        };
    }
}
