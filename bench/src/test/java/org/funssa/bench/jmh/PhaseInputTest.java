package org.funssa.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.bench.phase.Phase;
import org.funssa.bench.phase.Phases;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

class PhaseInputTest {

    @Test
    void jmhRunsEveryRegisteredPhaseButTheInterpreterWhichHasItsOwnBenchmark() throws NoSuchFieldException {
        String[] listed = PhaseInput.class.getField("phase").getAnnotation(Param.class).value();
        assertThat(listed).containsExactlyElementsOf(Phases.all().map(Phase::name).remove("interp"));
    }
}
