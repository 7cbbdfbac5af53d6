package org.funssa.core.gen;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Stmt;
import org.junit.jupiter.api.Test;

class LirGeneratorTest {

    @Test
    void sameSeedGivesTheSameModuleAndAnotherSeedAnother() {
        GeneratorConfig config = GeneratorConfig.defaults();
        assertThat(LirGenerator.generate(7, config)).isEqualTo(LirGenerator.generate(7, config));
        assertThat(LirGenerator.generate(7, config).module())
                .isNotEqualTo(LirGenerator.generate(8, config).module());
    }

    @Test
    void everyShapeGivesOneBlockPerConfiguredBlockAndJumpsOnlyToDefinedLabels() {
        for (Shape shape : Shape.values()) {
            for (long seed = 0; seed < 50; seed++) {
                Module module = LirGenerator.generate(seed, GeneratorConfig.defaults().withShape(shape)).module();
                assertThat(module.functions()).hasSize(3);
                for (Module.Function f : module.functions()) {
                    Vector<String> defined = f.body().flatMap(s -> s instanceof Stmt.DefLabel d
                            ? Vector.of(d.name()) : Vector.empty());
                    assertThat(defined).as(shape + " " + f.name()).hasSize(13).doesNotHaveDuplicates();
                    Vector<String> targets = f.body().flatMap(LirGeneratorTest::targets);
                    assertThat(defined).as(shape + " seed " + seed).containsAll(targets);
                    assertThat(f.body().head()).isInstanceOf(Stmt.Prologue.class);
                    assertThat(f.body().last()).isInstanceOf(Stmt.Epilogue.class);
                }
            }
        }
    }

    @Test
    void diamondsAlternateBranchesAndJoins() {
        Module module = LirGenerator.generate(1, GeneratorConfig.sized(600, Shape.DIAMONDS)).module();
        Module.Function main = module.function("main").get();
        long branches = main.body().count(s -> s instanceof Stmt.JumpC);
        assertThat(branches).isEqualTo(main.body().count(s -> s instanceof Stmt.DefLabel) / 3);
    }

    /**
     * A counted loop is three blocks, so a sized function of 6000 statements (1000 blocks) has 333 loops and
     * as many counters: all set in the entry block (COUNTERS_AHEAD: before the first label) or each in the block
     * before its loop (COUNTERS_LATE: after the first label).
     */
    @Test
    void counterShapesSetOneCounterPerLoopAheadOrLate() {
        for (Shape shape : new Shape[] {Shape.COUNTERS_AHEAD, Shape.COUNTERS_LATE}) {
            Module.Function main = LirGenerator.generate(4, GeneratorConfig.sized(6_000, shape)).module()
                    .function("main").get();
            int firstLabel = main.body().indexWhere(s -> s instanceof Stmt.DefLabel);
            Vector<Integer> zeroed = main.body().zipWithIndex().flatMap(t -> counterSetToZero(t._1)
                    ? Vector.of(t._2) : Vector.empty());
            assertThat(zeroed).as(shape.name()).hasSize(333);
            assertThat(zeroed.forAll(i -> i < firstLabel)).as(shape.name())
                    .isEqualTo(shape == Shape.COUNTERS_AHEAD);
            assertThat(zeroed.forAll(i -> i > firstLabel)).as(shape.name())
                    .isEqualTo(shape == Shape.COUNTERS_LATE);
            assertThat(main.symbols().count(s -> s.name().startsWith("c"))).isEqualTo(333);
        }
    }

    private static boolean counterSetToZero(Stmt s) {
        return s instanceof Stmt.Set set && set.target() instanceof org.funssa.core.lir.LExp.Reg r
                && r.name().startsWith("c") && set.value() instanceof org.funssa.core.lir.LExp.IntConst c
                && c.bits() == 0;
    }

    @Test
    void sizedConfigurationsHitTheirSizeWithinAFewPercent() {
        for (int size : new int[] {1_000, 100_000}) {
            Module module = LirGenerator.generate(3, GeneratorConfig.sized(size, Shape.MIX)).module();
            int statements = module.functions().map(f -> f.body().size()).sum().intValue();
            assertThat(statements).isBetween(size * 95 / 100, size * 110 / 100);
        }
    }

    @Test
    void theStepBoundGrowsWithFuel() {
        GeneratorConfig config = GeneratorConfig.defaults();
        long low = LirGenerator.generate(5, config.withFuel(2)).stepBound();
        long high = LirGenerator.generate(5, config.withFuel(20)).stepBound();
        assertThat(high).isGreaterThan(low);
    }

    private static Vector<String> targets(Stmt s) {
        return switch (s) {
            case Stmt.Jump j -> Vector.of(j.target().name());
            case Stmt.JumpC j -> Vector.of(j.ifTrue().name(), j.ifFalse().name());
            case Stmt.JumpN j -> j.cases().map(c -> c.target().name()).append(j.otherwise().name());
            default -> Vector.empty();
        };
    }
}
