package org.funssa.bench.scaling;

import io.vavr.Tuple2;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.gen.Shape;

/**
 * How one phase's time grows with input size on one shape of generated input.
 *
 * <p>The fit uses only the points whose size is at least {@code fitFrom} (10^4 by default): below that,
 * fixed costs (allocation of small tables, timer resolution, JIT state) dominate and would make every
 * phase look sub-linear. The reference exponent is what the same least-squares fit gives for exactly
 * {@code n·log n} on the same sizes ({@link PowerLawFit#nLogNExponent}); the phase is flagged when its
 * exponent exceeds that by more than the tolerance.
 *
 * @param phase      the phase's name
 * @param unit       the phase's throughput unit
 * @param shape      the generated input's shape
 * @param points     one measurement per size, ascending
 * @param fit        the power-law fit, when at least two sizes are at or above {@code fitFrom}
 * @param nLogN      the reference exponent of {@code n·log n} over the fitted sizes (NaN without a fit)
 * @param tolerance  how far above {@code nLogN} the exponent may be before the phase is flagged
 * @param decadeRatio time at the largest size over time at a tenth of it, when both were measured
 * @param allocationRatio the same ratio of the bytes the runs allocated, when both sizes' are known: about 10
 *                    for a phase whose work grows in proportion to its input, so that a time ratio well above
 *                    it is the memory hierarchy's doing (each access costs more in a larger working set), and
 *                    one near it the algorithm's
 */
public record Scaling(String phase, String unit, Shape shape, Vector<Measurement> points, Option<PowerLawFit> fit,
                      double nLogN, double tolerance, Option<Double> decadeRatio, Option<Double> allocationRatio) {

    /** Analyses measurements of a phase on one shape. */
    public static Scaling of(String phase, String unit, Shape shape, Vector<Measurement> measurements,
                             double fitFrom, double tolerance) {
        Vector<Measurement> points = measurements.sortBy(Measurement::size);
        Vector<Measurement> fitted = points.filter(m -> m.size() >= fitFrom);
        Vector<Double> sizes = fitted.map(m -> (double) m.instructions());
        boolean fits = fitted.map(Measurement::size).distinct().size() >= 2;
        Option<PowerLawFit> fit = fits
                ? Option.of(PowerLawFit.of(sizes, fitted.map(Measurement::medianNanos)))
                : Option.none();
        double reference = fits ? PowerLawFit.nLogNExponent(sizes) : Double.NaN;
        Option<Tuple2<Measurement, Measurement>> decade = points.lastOption().flatMap(largest -> points
                .find(m -> m.size() * 10 == largest.size())
                .map(tenth -> new Tuple2<>(largest, tenth)));
        Option<Double> ratio = decade.map(d -> d._1.medianNanos() / d._2.medianNanos());
        Option<Double> allocationRatio = decade.flatMap(d -> d._1.medianAllocatedBytes()
                .flatMap(large -> d._2.medianAllocatedBytes().filter(small -> small > 0).map(small -> large / small)));
        return new Scaling(phase, unit, shape, points, fit, reference, tolerance, ratio, allocationRatio);
    }

    /** Whether time grows faster than {@code n·log n}: the fitted exponent exceeds {@code nLogN + tolerance}. */
    public boolean flagged() {
        return fit.exists(f -> f.exponent() > nLogN + tolerance);
    }

    /** Throughput at the largest size, work units per second. */
    public Option<Double> largestThroughput() {
        return points.lastOption().map(Measurement::throughput);
    }

    /** The measurement at a requested size, if there is one. */
    public Option<Measurement> at(long size) {
        return points.find(m -> m.size() == size);
    }
}
