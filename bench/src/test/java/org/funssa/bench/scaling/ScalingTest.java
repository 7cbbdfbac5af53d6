package org.funssa.bench.scaling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.vavr.collection.Vector;
import java.util.function.DoubleUnaryOperator;
import org.funssa.core.gen.Shape;
import org.junit.jupiter.api.Test;

class ScalingTest {

    private static final Vector<Long> SIZES = Vector.of(1_000L, 10_000L, 100_000L, 1_000_000L);

    /** Measurements whose median time is exactly f(size) nanoseconds. */
    private static Vector<Measurement> law(DoubleUnaryOperator f) {
        return SIZES.map(n -> new Measurement("x/" + n, n, n, n,
                Vector.of(1L, (long) f.applyAsDouble(n), Long.MAX_VALUE)));
    }

    private static Scaling analyse(DoubleUnaryOperator f) {
        return Scaling.of("p", "instr", Shape.MIX, law(f), 10_000, 0.05);
    }

    @Test
    void linearAndNLogNPassQuadraticAndNLogSquaredNAreFlagged() {
        assertThat(analyse(n -> 50 * n).flagged()).isFalse();
        assertThat(analyse(n -> 50 * n * Math.log(n)).flagged()).isFalse();
        assertThat(analyse(n -> n * n).flagged()).isTrue();
        assertThat(analyse(n -> n * Math.log(n) * Math.log(n)).flagged()).isTrue();
        assertThat(analyse(n -> 5 * Math.pow(n, 1.25)).flagged()).isTrue();
    }

    @Test
    void fitIgnoresSizesBelowFitFrom() {
        // Huge fixed cost at 10^3 only: the fit from 10^4 on sees an exact line.
        Vector<Measurement> points = law(n -> n == 1_000 ? 1e9 : 100 * n);
        Scaling s = Scaling.of("p", "instr", Shape.MIX, points, 10_000, 0.05);
        assertThat(s.fit().get().exponent()).isCloseTo(1.0, within(1e-6));
        assertThat(s.fit().get().points()).isEqualTo(3);
    }

    @Test
    void decadeRatioIsTimeAtLargestOverTimeAtATenth() {
        Scaling s = analyse(n -> n * Math.log(n));
        assertThat(s.decadeRatio().get()).isCloseTo(10 * Math.log(1e6) / Math.log(1e5), within(1e-3));
        assertThat(s.decadeRatio().get()).isCloseTo(12.0, within(0.01));
    }

    @Test
    void medianAndThroughputUseTheMiddleSample() {
        Measurement m = new Measurement("x", 1000, 1000, 2000, Vector.of(9_000_000L, 1_000_000L, 2_000_000L, 4_000_000L));
        assertThat(m.medianNanos()).isEqualTo(3_000_000.0);
        assertThat(m.throughput()).isCloseTo(2000 / 3e-3, within(1e-6));
    }

    @Test
    void theGarbageCollectionTimeIsOnePerRunAndItsMedianIsReported() {
        Measurement m = new Measurement("x", 1000, 1000, 1000, Vector.of(5_000_000L, 9_000_000L, 7_000_000L),
                Vector.of(0L, 4L, 1L));
        assertThat(m.medianGcMillis()).isEqualTo(1.0);
        assertThat(new Measurement("x", 1, 1, 1, Vector.of(1L, 2L)).gcMillis()).containsExactly(0L, 0L);
        assertThatThrownBy(() -> new Measurement("x", 1, 1, 1, Vector.of(1L, 2L), Vector.of(0L)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 garbage-collection times for 2");
    }

    @Test
    void takeRecordsAWallTimeAndACollectionTimeForEveryTimedRun() {
        org.funssa.bench.phase.Workload w = org.funssa.bench.phase.Workload.generated(Shape.STRAIGHT, 100);
        Measurement m = Measurement.take(new org.funssa.bench.phase.Trial(() -> new long[1 << 20], r -> 1), w, 100,
                1, 3);
        assertThat(m.samples()).hasSize(3).allMatch(t -> t > 0);
        assertThat(m.gcMillis()).hasSize(3).allMatch(t -> t >= 0);
        // each run allocates the 8 MiB array, and not much else
        assertThat(m.allocatedBytes()).hasSize(3).allMatch(b -> b >= 8L << 20 && b < 9L << 20);
        assertThat(m.medianAllocatedBytes().get()).isBetween(8.0 * (1 << 20), 9.0 * (1 << 20));
    }

    @Test
    void theAllocationRatioIsTheLargestSizesMedianAllocationOverATenthsAndNeedsBothKnown() {
        Vector<Measurement> points = SIZES.map(n -> new Measurement("x/" + n, n, n, n, Vector.of(n, n, n),
                Vector.of(0L, 0L, 0L), Vector.of(40 * n, 30 * n, n == 1_000_000 ? 35 * n : 31 * n)));
        Scaling s = Scaling.of("p", "instr", Shape.MIX, points, 10_000, 0.05);
        assertThat(s.allocationRatio().get()).isCloseTo(35.0 * 1_000_000 / (31.0 * 100_000), within(1e-9));
        assertThat(s.decadeRatio().get()).isCloseTo(10.0, within(1e-9));

        Vector<Measurement> unknown = points.update(2, new Measurement("x/100000", 100_000, 100_000, 100_000,
                Vector.of(100_000L), Vector.of(0L)));
        assertThat(Scaling.of("p", "instr", Shape.MIX, unknown, 10_000, 0.05).allocationRatio().isEmpty()).isTrue();
        assertThat(unknown.get(2).allocatedBytes()).containsExactly(Measurement.UNKNOWN);
        assertThatThrownBy(() -> new Measurement("x", 1, 1, 1, Vector.of(1L, 2L), Vector.of(0L, 0L), Vector.of(5L)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1 allocation counts for 2");
    }

    @Test
    void noFitWithFewerThanTwoSizesAtOrAboveFitFrom() {
        Scaling s = Scaling.of("p", "instr", Shape.MIX, law(n -> n).take(2), 10_000, 0.05);
        assertThat(s.fit().isEmpty()).isTrue();
        assertThat(s.flagged()).isFalse();
    }
}
