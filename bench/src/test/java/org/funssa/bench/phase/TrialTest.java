package org.funssa.bench.phase;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TrialTest {

    @Test
    void aRunDoesItsWorkCountsItAndDoesNotKeepTheResult() {
        AtomicInteger runs = new AtomicInteger();
        Trial trial = new Trial(() -> new long[runs.incrementAndGet()], result -> ((long[]) result).length * 10L);
        assertThat(trial.run()).isEqualTo(10);
        assertThat(trial.run()).isEqualTo(20);
        assertThat(runs).hasValue(2);
        // a result kept until the next run would be live data during that run, gigabytes at 10^6 instructions
        assertThat(Trial.published()).isNull();
    }
}
