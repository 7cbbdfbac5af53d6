package org.funssa.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.junit.jupiter.api.Test;

class LogLogPlotTest {

    private static LogLogPlot.Series series(String name, int group, int variant, double scale) {
        return new LogLogPlot.Series(name, group, variant, Vector.of(1e3, 1e4, 1e5, 1e6)
                .map(n -> new LogLogPlot.Point(n, scale * n / 1e3)));
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void isWellFormedSvgWithOnePolylinePerSeriesAndALegendEntryEach() throws Exception {
        Vector<LogLogPlot.Series> lines = Vector.of(series("lir.parse MIX", 0, 0, 1), series("lir.parse LOOPS", 0, 1, 2),
                series("lir.print <MIX> & \"co\"", 1, 0, 0.5));
        Document doc = parse(new LogLogPlot("t", "size", "ms", lines).svg());
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
        NodeList polylines = doc.getElementsByTagName("polyline");
        assertThat(polylines.getLength()).isEqualTo(3);
        Element first = (Element) polylines.item(0);
        assertThat(first.getAttribute("points").split(" ")).hasSize(4);
        assertThat(polylines.item(2).getTextContent()).isEqualTo("lir.print <MIX> & \"co\"");
        String all = doc.getDocumentElement().getTextContent();
        assertThat(all).contains("lir.parse MIX", "lir.parse LOOPS", "lir.print <MIX> & \"co\"");
    }

    @Test
    void hasATickPerDecadeOnBothAxesAndLineIsStraightForAPowerLaw() throws Exception {
        Document doc = parse(new LogLogPlot("t", "size", "ms", Vector.of(series("a", 0, 0, 1))).svg());
        // x: 10^3..10^6 (4 ticks), y: 10^0..10^3 (4 ticks); each tick label is "10" plus an exponent tspan.
        assertThat(doc.getElementsByTagName("tspan").getLength()).isEqualTo(8);
        String[] points = ((Element) doc.getElementsByTagName("polyline").item(0)).getAttribute("points").split(" ");
        double[][] xy = new double[points.length][];
        for (int i = 0; i < points.length; i++) {
            String[] p = points[i].split(",");
            xy[i] = new double[] {Double.parseDouble(p[0]), Double.parseDouble(p[1])};
        }
        double slope = (xy[1][1] - xy[0][1]) / (xy[1][0] - xy[0][0]);
        for (int i = 2; i < xy.length; i++) {
            assertThat((xy[i][1] - xy[0][1]) / (xy[i][0] - xy[0][0])).isCloseTo(slope,
                    org.assertj.core.api.Assertions.within(0.01));
        }
    }

    @Test
    void rejectsNonPositivePointsAndEmptyPlots() {
        assertThatThrownBy(() -> new LogLogPlot.Point(0, 1)).hasMessageContaining("positive");
        assertThatThrownBy(() -> new LogLogPlot("t", "x", "y", Vector.empty()).svg())
                .hasMessageContaining("nothing to plot");
    }
}
