package streambench.harness.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import streambench.common.AtomicFiles;
import streambench.harness.engine.Engines;

/**
 * {@code curve_chart.png}: every engine's per-second max (solid) and p99 (dashed) against the varied setting on one
 * panel, a point that did not pass as a cross; when the sources report files, the files each engine added per minute
 * on a second panel. An engine has the colour it has in a run's latency chart.
 */
final class CurveChart {
    private CurveChart() {}

    static void write(
            Path file,
            CurveAxis over,
            Map<String, List<CurvePoint>> engines,
            double thresholdSeconds,
            List<String> notes)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(domainAxis(over));
        plot.setGap(14);
        // a reading far over the threshold would squash the rest: the axis stops at 3x the threshold
        double top = thresholdSeconds * 3;
        XYPlot latency =
                new XYPlot(null, null, new NumberAxis("latency, s (solid: per-second max; dashed: p99)"), null);
        double highest = engines.values().stream()
                .flatMap(List::stream)
                .mapToDouble(p -> Double.isFinite(p.maxSeconds()) ? p.maxSeconds() : top)
                .max()
                .orElse(0);
        latency.getRangeAxis().setRange(0, Math.min(top, Math.max(highest, thresholdSeconds)) * 1.08);
        latency.addRangeMarker(ThresholdMarker.of(thresholdSeconds));
        XYPlot files = new XYPlot(null, null, filesAxis(), null);
        int i = 0;
        boolean anyFiles = false;
        for (List<CurvePoint> points : engines.values()) {
            Color colour = colour(points.get(0).engine(), i);
            String label = points.get(0).label();
            latency.setDataset(i, series(points, label, top));
            latency.setRenderer(i, renderer(points, colour, true));
            List<CurvePoint> withFiles =
                    points.stream().filter(p -> p.filesPerMinute() > 0).toList();
            if (!withFiles.isEmpty()) {
                anyFiles = true;
                XYSeries f = new XYSeries(label + " files/min", false, true);
                withFiles.forEach(p -> f.add(p.x(), p.filesPerMinute()));
                files.setDataset(i, new XYSeriesCollection(f));
                files.setRenderer(i, renderer(withFiles, colour, false));
            }
            i++;
        }
        plot.add(latency, 3);
        if (anyFiles) {
            plot.add(files, 1);
        }
        JFreeChart chart =
                new JFreeChart("Latency against " + over.title(), new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
        chart.addSubtitle(new TextTitle("dots: passed every check; crosses: did not (failed, invalid or undetermined);"
                + " readings over " + String.format(Locale.ROOT, "%.0f", top) + " s, or none, are drawn at the top;"
                + " every value is in curve.csv"));
        notes.forEach(n -> chart.addSubtitle(new TextTitle(n)));
        chart.setBackgroundPaint(Color.WHITE);
        int height = anyFiles ? 760 : 560;
        AtomicFiles.write(file, out -> ChartUtils.writeChartAsPNG(out, chart, 1000, height));
    }

    /** The engine's place among all engines picks its colour, so it matches every run's chart; else its order here. */
    private static Color colour(String engine, int order) {
        int known = Engines.ids().indexOf(engine);
        Color[] colours = LatencyChart.ENGINE_COLORS;
        return colours[(known >= 0 ? known : order) % colours.length];
    }

    private static ValueAxis domainAxis(CurveAxis over) {
        switch (over) {
            case PARTITIONS -> {
                // 4, 16, 64: even steps on a base-2 axis, one tick per power of two
                LogAxis a = new LogAxis(over.title() + " (log scale)");
                a.setBase(2);
                a.setTickUnit(new NumberTickUnit(1));
                a.setNumberFormatOverride(new DecimalFormat("#,##0"));
                return a;
            }
            case RATE -> {
                NumberAxis a = new NumberAxis(over.title());
                a.setAutoRangeIncludesZero(false);
                a.setNumberFormatOverride(new DecimalFormat("#,##0"));
                return a;
            }
            default -> {
                NumberAxis a = new NumberAxis(over.title());
                a.setAutoRangeIncludesZero(true);
                return a;
            }
        }
    }

    private static ValueAxis filesAxis() {
        NumberAxis a = new NumberAxis("data files added per minute");
        a.setAutoRangeIncludesZero(true);
        a.setNumberFormatOverride(new DecimalFormat("#,##0"));
        return a;
    }

    /** The engine's max and p99 as two series, in the points' order; over {@code top}, or none, drawn at it. */
    private static XYSeriesCollection series(List<CurvePoint> points, String label, double top) {
        XYSeries max = new XYSeries(label, false, true);
        XYSeries p99 = new XYSeries(label + " p99", false, true);
        for (CurvePoint p : points) {
            max.add(p.x(), clamp(p.maxSeconds(), top));
            p99.add(p.x(), clamp(p.p99Seconds(), top));
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(max);
        data.addSeries(p99);
        return data;
    }

    private static double clamp(double v, double top) {
        return Double.isFinite(v) ? Math.min(v, top) : top;
    }

    /** The engine's colour; series 1 (p99) dashed; a point that did not pass drawn as a cross. */
    private static XYLineAndShapeRenderer renderer(List<CurvePoint> points, Color colour, boolean legend) {
        Shape dot = new Ellipse2D.Double(-4, -4, 8, 8);
        Shape cross = ShapeUtils.createDiagonalCross(5, 1.2f);
        // repeats at one value (a capacity search's) would draw a zigzag: their points stand alone
        boolean lines = points.stream().map(CurvePoint::x).distinct().count() == points.size();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(lines, true) {
            @Override
            public Shape getItemShape(int series, int item) {
                return points.get(item).passed() ? dot : cross;
            }
        };
        for (int s = 0; s < 2; s++) {
            r.setSeriesPaint(s, colour);
            r.setSeriesVisibleInLegend(s, legend && s == 0);
            r.setSeriesShape(s, dot);
        }
        r.setSeriesStroke(
                1, new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 4f}, 0f));
        return r;
    }
}
