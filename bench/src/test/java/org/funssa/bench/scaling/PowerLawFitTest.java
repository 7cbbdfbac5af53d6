package org.funssa.bench.scaling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.vavr.collection.Vector;
import org.junit.jupiter.api.Test;

class PowerLawFitTest {

    private static final Vector<Double> DECADES = Vector.of(1e4, 1e5, 1e6);

    @Test
    void exactPowerLawsRecoverTheirExponentAndConstant() {
        for (double k : new double[] {0.5, 1.0, 1.5, 2.0, 3.0}) {
            Vector<Double> times = DECADES.map(n -> 3.5e-6 * Math.pow(n, k));
            PowerLawFit fit = PowerLawFit.of(DECADES, times);
            assertThat(fit.exponent()).as("k = %s", k).isCloseTo(k, within(1e-12));
            assertThat(Math.exp(fit.intercept())).isCloseTo(3.5e-6, within(1e-12));
            assertThat(fit.predict(3e5)).isCloseTo(3.5e-6 * Math.pow(3e5, k), within(1e-9 * Math.pow(3e5, k)));
        }
    }

    @Test
    void unevenlySpacedSizesStillRecoverTheExponent() {
        Vector<Double> sizes = Vector.of(1234.0, 20_000.0, 77_777.0, 1_000_000.0, 3_000_000.0);
        PowerLawFit fit = PowerLawFit.of(sizes, sizes.map(n -> Math.pow(n, 1.25)));
        assertThat(fit.exponent()).isCloseTo(1.25, within(1e-12));
        assertThat(fit.points()).isEqualTo(5);
    }

    @Test
    void theLeastSquaresSlopeOfNoisyPointsIsTheMeanOfTheTwoPairSlopes() {
        // log10 points (4, 0), (5, 1.2), (6, 2.0): slope = ((−1)(−1.067) + (1)(0.933)) / 2 = 1.0 in log10 units.
        Vector<Double> times = Vector.of(1.0, Math.pow(10, 1.2), 100.0);
        assertThat(PowerLawFit.of(DECADES, times).exponent()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void nLogNHasLocalExponentAboutOnePointNineOverFourToSixDecades() {
        double k = PowerLawFit.nLogNExponent(DECADES);
        // Over [a, b] the exponent of n ln n is 1 + (ln ln b − ln ln a)/(ln b − ln a) for two points;
        // with three evenly spaced decades the fit lands between the local exponents 1 + 1/ln n at the ends.
        assertThat(k).isBetween(1 + 1 / Math.log(1e6), 1 + 1 / Math.log(1e4));
        assertThat(k).isCloseTo(1 + (Math.log(Math.log(1e6)) - Math.log(Math.log(1e4))) / Math.log(100),
                within(1e-3));
    }

    @Test
    void rejectsFitsThatCannotBeMade() {
        assertThatThrownBy(() -> PowerLawFit.of(Vector.of(1e4), Vector.of(1.0)))
                .hasMessageContaining("at least two points");
        assertThatThrownBy(() -> PowerLawFit.of(Vector.of(1e4, 1e4), Vector.of(1.0, 2.0)))
                .hasMessageContaining("two distinct sizes");
        assertThatThrownBy(() -> PowerLawFit.of(Vector.of(1e4, 1e5), Vector.of(1.0, 0.0)))
                .hasMessageContaining("positive");
    }
}
