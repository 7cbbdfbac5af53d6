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
                "--corpus", "none", "--warmup", "0", "--repetitions", "1", "--max-size", "lir.print=1e3");
        assertThat(s.runs("lir.print", 1000)).isTrue();
        assertThat(s.runs("lir.print", 2000)).isFalse();
        assertThat(s.runs("lir.parse", 2000)).isTrue();
        assertThat(s.asOptions()).endsWith("--max-size lir.print=1000");

        ScalingHarness.Result result = new ScalingHarness(s, new PrintStream(OutputStream.nullOutputStream())).run();
        Vector<Scaling> print = result.scalings().filter(r -> r.phase().equals("lir.print"));
        assertThat(print.single().points().map(Measurement::size)).containsExactly(1000L);
        assertThat(result.scalings().filter(r -> r.phase().equals("lir.parse")).single().points()).hasSize(2);
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
