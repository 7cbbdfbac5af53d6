package org.funssa.bench.scaling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import java.io.PrintStream;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;

class ScalingSettingsTest {

    private static ScalingSettings parse(String... args) {
        return ScalingSettings.from(Arguments.parse(args, ScalingSettings.OPTIONS));
    }

    @Test
    void aPhaseWithAMaximumSizeRunsOnlyUpToItAndTheOptionsSayWhich() {
        ScalingSettings s = parse("--phases", "lir.parse,lir.print", "--sizes", "1000,2000", "--shapes", "STRAIGHT",
                "--corpus", "none", "--warmup", "0", "--warmup-seconds", "0", "--repetitions", "1", "--max-size",
                "lir.print=1e3", "--forks", "0");
        assertThat(s.runs("lir.print", 1000)).isTrue();
        assertThat(s.runs("lir.print", 2000)).isFalse();
        assertThat(s.runs("lir.parse", 2000)).isTrue();
        assertThat(s.asOptions()).endsWith("--max-size lir.print=1000 --forks 0");

        ScalingHarness.Result result = new ScalingHarness(s, new PrintStream(OutputStream.nullOutputStream())).run();
        Vector<Scaling> print = result.scalings().filter(r -> r.phase().equals("lir.print"));
        assertThat(print.single().points().map(Measurement::size)).containsExactly(1000L);
        assertThat(result.scalings().filter(r -> r.phase().equals("lir.parse")).single().points()).hasSize(2);
    }

    @Test
    void forkedPhasesComeBackWithTheTimedRunsOfAllTheirJvms() {
        ScalingSettings s = parse("--phases", "lir.parse,lir.print", "--sizes", "1000,2000", "--shapes",
                "STRAIGHT,LOOPS", "--corpus", "none", "--warmup", "0", "--warmup-seconds", "0", "--repetitions", "2",
                "--max-size", "lir.print=1e3", "--forks", "2");
        assertThat(s.forks()).isEqualTo(2);
        assertThat(s.only("lir.print", org.funssa.core.gen.Shape.STRAIGHT).asOptions())
                .contains("--phases lir.print ").endsWith("--max-size lir.print=1000 --forks 0");
        assertThat(s.only("lir.parse", org.funssa.core.gen.Shape.STRAIGHT).asOptions()).doesNotContain("--max-size");
        // a fork measures one phase on one shape, or one phase on the corpus: the options say so and read back
        ScalingSettings oneShape = s.only("lir.print", org.funssa.core.gen.Shape.LOOPS);
        assertThat(oneShape.asOptions()).contains("--shapes LOOPS --corpus none ");
        assertThat(parse(oneShape.asOptions().split(" "))).isEqualTo(oneShape);
        ScalingSettings corpusOnly = parse("--phases", "lir.parse", "--corpus", "WhiteBox2/bsort2", "--forks", "2")
                .onlyCorpus("lir.parse");
        assertThat(corpusOnly.shapes()).isEmpty();
        assertThat(corpusOnly.asOptions()).contains("--shapes none --corpus WhiteBox2/bsort2 ");
        assertThat(parse(corpusOnly.asOptions().split(" "))).isEqualTo(corpusOnly);

        ScalingHarness.Result result = new ScalingHarness(s, new PrintStream(OutputStream.nullOutputStream())).run();
        assertThat(result.scalings().map(r -> r.phase() + " " + r.shape() + " " + r.points().map(Measurement::size)))
                .containsExactly("lir.parse STRAIGHT Vector(1000, 2000)", "lir.parse LOOPS Vector(1000, 2000)",
                        "lir.print STRAIGHT Vector(1000)", "lir.print LOOPS Vector(1000)");
        assertThat(result.scalings().flatMap(Scaling::points)).allSatisfy(m -> {
            assertThat(m.samples()).hasSize(4).allMatch(t -> t > 0); // 2 timed runs in each of 2 JVMs
            assertThat(m.gcMillis()).hasSize(4);
            assertThat(m.instructions()).isGreaterThanOrEqualTo(m.size());
        });
    }

    @Test
    void aChildsMeasurementsReadBackAsWritten(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        ScalingSettings s = parse("--phases", "lir.parse", "--sizes", "1000", "--shapes", "MIX", "--corpus", "none",
                "--forks", "0");
        Measurement m = new Measurement("MIX/1000", 1000, 1017, 1017, Vector.of(5L, 7L), Vector.of(0L, 1L),
                Vector.of(1_234_567L, 1_234_999L));
        Measurement c = new Measurement("TestFnami2/Ge7", 24301, 24301, 24301, Vector.of(9L), Vector.of(3L));
        ScalingHarness.Result written = ScalingHarness.result(s,
                Vector.of(new io.vavr.Tuple2<>("lir.parse", new io.vavr.Tuple2<>(org.funssa.core.gen.Shape.MIX, m))),
                Vector.of(new io.vavr.Tuple2<>("lir.parse", c)));
        java.nio.file.Path file = dir.resolve("m.tsv");
        Fork.write(file, written);
        Fork.Measurements read = Fork.read(file);
        assertThat(read.generated().single()._2._2).isEqualTo(m);
        assertThat(read.generated().single()._2._1).isEqualTo(org.funssa.core.gen.Shape.MIX);
        assertThat(read.corpus().single()._2).isEqualTo(c);

        java.nio.file.Files.writeString(file, "generated\tlir.parse\tMIX\tonly five\n");
        assertThatThrownBy(() -> Fork.read(file)).hasMessageContaining("m.tsv:1: not a measurement line");
    }

    @Test
    void forksAndWarmUpSecondsAreCheckedOptions() {
        assertThat(parse("--phases", "lir.parse").forks()).isEqualTo(1);
        assertThat(parse("--phases", "lir.parse", "--warmup-seconds", "0.5").asOptions())
                .contains("--warmup-seconds 0.5 ");
        assertThatThrownBy(() -> parse("--phases", "lir.parse", "--forks", "-1"))
                .hasMessageContaining("forks >= 0");
        assertThatThrownBy(() -> parse("--phases", "lir.parse", "--forks", "some"))
                .hasMessageContaining("option --forks expects a number, got some");
        // a forked child's own option, not a setting: the report and the settings refuse it
        assertThatThrownBy(() -> parse("--phases", "lir.parse", "--measurements-to", "m.tsv"))
                .hasMessageContaining("unknown option --measurements-to");
        assertThatThrownBy(() -> parse("--phases", "lir.parse", "--warmup-seconds", "-1"))
                .hasMessageContaining("warmup-seconds >= 0");
    }

    @Test
    void measurementsOfOneInputFromTwoJvmsPoolTheirRunsAndOfTwoInputsDoNot() {
        Measurement a = new Measurement("MIX/1000", 1000, 1017, 1017, Vector.of(5L, 7L), Vector.of(0L, 1L),
                Vector.of(100L, 300L));
        Measurement b = new Measurement("MIX/1000", 1000, 1017, 1017, Vector.of(9L, 6L), Vector.of(2L, 0L),
                Vector.of(200L, 400L));
        Measurement pooled = a.pooledWith(b);
        assertThat(pooled.samples()).containsExactly(5L, 7L, 9L, 6L);
        assertThat(pooled.gcMillis()).containsExactly(0L, 1L, 2L, 0L);
        assertThat(pooled.allocatedBytes()).containsExactly(100L, 300L, 200L, 400L);
        assertThat(pooled.medianAllocatedBytes().get()).isEqualTo(250.0);
        assertThat(pooled.medianNanos()).isEqualTo(6.5);
        Measurement other = new Measurement("LOOPS/1000", 1000, 1032, 1032, Vector.of(5L), Vector.of(0L));
        assertThatThrownBy(() -> a.pooledWith(other)).hasMessageContaining("cannot pool a measurement of MIX/1000");
    }

    @Test
    void aMaximumSizeForAPhaseNotRunOrWithoutASizeIsRefused() {
        assertThatThrownBy(() -> parse("--phases", "lir.parse", "--max-size", "lir.print=1000"))
                .hasMessageContaining("lir.print, which is not among the phases run: lir.parse");
        assertThatThrownBy(() -> parse("--phases", "lir.parse", "--max-size", "lir.parse"))
                .hasMessageContaining("--max-size wants PHASE=SIZE");
        assertThatThrownBy(() -> parse("--phases", "lir.parse", "--max-size", "lir.parse=lots"))
                .hasMessageContaining("option --max-size expects a number, got lots");
    }
}
