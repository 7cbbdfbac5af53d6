package org.funssa.bench.report;

import io.vavr.collection.Vector;
import java.util.Locale;

/**
 * A log–log line plot as a standalone SVG document: one polyline per series, decade ticks and grid lines
 * on both axes, and a legend. Series of the same group share a colour; their style (dash pattern) tells
 * the variants of a group apart, so a phase is one colour and its input shapes are dash patterns.
 *
 * @param title  the plot's title
 * @param xLabel the x axis label
 * @param yLabel the y axis label
 * @param series the lines; points with non-positive coordinates cannot be drawn on log axes and are rejected
 */
public record LogLogPlot(String title, String xLabel, String yLabel, Vector<Series> series) {

    /** A point of a series. */
    public record Point(double x, double y) {
        public Point {
            if (!(x > 0) || !(y > 0)) {
                throw new IllegalArgumentException("a log-log plot needs positive coordinates, got " + x + ", " + y);
            }
        }
    }

    /**
     * One line.
     *
     * @param name    the legend text
     * @param group   index of its colour
     * @param variant index of its dash pattern
     * @param points  its points, in drawing order
     */
    public record Series(String name, int group, int variant, Vector<Point> points) {}

    private static final Vector<String> COLOURS = Vector.of("#1f77b4", "#d62728", "#2ca02c", "#9467bd",
            "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22");
    private static final Vector<String> DASHES = Vector.of("none", "8 4", "2 3", "10 3 2 3", "4 4");

    private static final int WIDTH = 860;
    private static final int MIN_HEIGHT = 520;
    private static final int LEFT = 80;
    private static final int TOP = 40;
    private static final int PLOT_WIDTH = 540;
    private static final int PLOT_HEIGHT = 420;

    /** The SVG document. */
    public String svg() {
        Vector<Point> all = series.flatMap(Series::points);
        if (all.isEmpty()) {
            throw new IllegalArgumentException("nothing to plot: no series has points");
        }
        int x0 = (int) Math.floor(Math.log10(all.map(Point::x).min().get()));
        int x1 = Math.max(x0 + 1, (int) Math.ceil(Math.log10(all.map(Point::x).max().get())));
        int y0 = (int) Math.floor(Math.log10(all.map(Point::y).min().get()));
        int y1 = Math.max(y0 + 1, (int) Math.ceil(Math.log10(all.map(Point::y).max().get())));
        Axis xAxis = new Axis(x0, x1, LEFT, LEFT + PLOT_WIDTH);
        Axis yAxis = new Axis(y0, y1, TOP + PLOT_HEIGHT, TOP);

        int height = Math.max(MIN_HEIGHT, TOP + 30 + 20 * series.size());
        StringBuilder out = new StringBuilder();
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, height, WIDTH, height));
        out.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        out.append(text(LEFT + PLOT_WIDTH / 2.0, 22, "middle", 15, title));
        for (int d = x0; d <= x1; d++) {
            double x = xAxis.at(Math.pow(10, d));
            out.append(line(x, TOP, x, TOP + PLOT_HEIGHT, "#dddddd"));
            out.append(decade(x, TOP + PLOT_HEIGHT + 18, "middle", d));
        }
        for (int d = y0; d <= y1; d++) {
            double y = yAxis.at(Math.pow(10, d));
            out.append(line(LEFT, y, LEFT + PLOT_WIDTH, y, "#dddddd"));
            out.append(decade(LEFT - 8, y + 4, "end", d));
        }
        out.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"black\"/>%n", LEFT, TOP, PLOT_WIDTH, PLOT_HEIGHT));
        out.append(text(LEFT + PLOT_WIDTH / 2.0, TOP + PLOT_HEIGHT + 40, "middle", 13, xLabel));
        out.append(String.format(Locale.ROOT, "<text x=\"0\" y=\"0\" text-anchor=\"middle\" font-size=\"13\""
                + " transform=\"translate(22 %.1f) rotate(-90)\">%s</text>%n", TOP + PLOT_HEIGHT / 2.0, escape(yLabel)));
        for (Series s : series) {
            String coordinates = s.points().map(p -> String.format(Locale.ROOT, "%.1f,%.1f",
                    xAxis.at(p.x()), yAxis.at(p.y()))).mkString(" ");
            out.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\""
                    + " stroke-dasharray=\"%s\" points=\"%s\"><title>%s</title></polyline>%n",
                    colour(s), dash(s), coordinates, escape(s.name())));
        }
        double legendX = LEFT + PLOT_WIDTH + 20;
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            double y = TOP + 10 + i * 20;
            out.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
                    + " stroke-width=\"2\" stroke-dasharray=\"%s\"/>%n", legendX, y, legendX + 30, y, colour(s), dash(s)));
            out.append(text(legendX + 38, y + 4, "start", 12, s.name()));
        }
        out.append("</svg>\n");
        return out.toString();
    }

    /** Maps a decade range onto a pixel range, logarithmically. */
    private record Axis(int fromDecade, int toDecade, double fromPixel, double toPixel) {
        double at(double value) {
            double t = (Math.log10(value) - fromDecade) / (toDecade - fromDecade);
            return fromPixel + t * (toPixel - fromPixel);
        }
    }

    private static String colour(Series s) {
        return COLOURS.get(Math.floorMod(s.group(), COLOURS.size()));
    }

    private static String dash(Series s) {
        return DASHES.get(Math.floorMod(s.variant(), DASHES.size()));
    }

    private static String line(double x1, double y1, double x2, double y2, String stroke) {
        return String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                x1, y1, x2, y2, stroke);
    }

    private static String decade(double x, double y, String anchor, int exponent) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">10<tspan dy=\"-6\""
                + " font-size=\"9\">%d</tspan></text>%n", x, y, anchor, exponent);
    }

    private static String text(double x, double y, String anchor, int size, String content) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n",
                x, y, anchor, size, escape(content));
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
