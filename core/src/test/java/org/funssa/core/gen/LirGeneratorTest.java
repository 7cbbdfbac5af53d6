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
