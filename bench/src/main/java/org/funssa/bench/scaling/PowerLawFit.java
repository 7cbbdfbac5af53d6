package org.funssa.bench.scaling;

import io.vavr.collection.Vector;

/**
 * A power law {@code time = e^a · size^k} fitted by ordinary least squares on {@code log time = a + k·log size}
 * (natural logarithms). With exact power-law data the fit recovers {@code k} exactly; with noisy data it
 * is the slope of the best line through the log–log points.
 *
 * @param intercept {@code a}
 * @param exponent  {@code k}, the slope on a log–log plot
 * @param points    how many points the fit used
 */
public record PowerLawFit(double intercept, double exponent, int points) {

    /** Fits {@code ys ≈ e^a · xs^k}; needs at least two points with distinct positive x and positive y. */
    public static PowerLawFit of(Vector<Double> xs, Vector<Double> ys) {
        if (xs.size() != ys.size()) {
            throw new IllegalArgumentException(xs.size() + " sizes but " + ys.size() + " times");
        }
        if (xs.size() < 2) {
            throw new IllegalArgumentException("a power-law fit needs at least two points, got " + xs.size());
        }
        if (xs.exists(x -> !(x > 0)) || ys.exists(y -> !(y > 0))) {
            throw new IllegalArgumentException("a power-law fit needs positive values: " + xs + " " + ys);
        }
        Vector<Double> lx = xs.map(Math::log);
        Vector<Double> ly = ys.map(Math::log);
        int n = xs.size();
        double mx = lx.sum().doubleValue() / n;
        double my = ly.sum().doubleValue() / n;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (lx.get(i) - mx) * (lx.get(i) - mx);
            sxy += (lx.get(i) - mx) * (ly.get(i) - my);
        }
        if (sxx == 0) {
            throw new IllegalArgumentException("a power-law fit needs at least two distinct sizes: " + xs);
        }
        double k = sxy / sxx;
        return new PowerLawFit(my - k * mx, k, n);
    }

    /**
     * The exponent that a fit of exactly {@code n·log n} over these sizes gives: the local exponent of
     * {@code n log n}, {@code 1 + 1/ln n} at a point, about 1.09 over 10^4…10^6.
     */
    public static double nLogNExponent(Vector<Double> sizes) {
        return of(sizes, sizes.map(n -> n * Math.log(n))).exponent();
    }

    /** The fitted time at a size. */
    public double predict(double size) {
        return Math.exp(intercept + exponent * Math.log(size));
    }
}
