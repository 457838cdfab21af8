package streambench.harness.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVPrinter;
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

/**
 * What {@code curve} writes: {@code curve.csv}, one row per engine and point with the folder, commit and machine it
 * came from, and {@code curve_chart.png}: every engine's per-second max (solid) and p99 (dashed) against the varied
 * setting on one panel, failed points as crosses, and, when the sources report files, the files each engine added
 * per minute on a second.
 */
public final class CurveReport {
    public static final String CSV_FILE = "curve.csv";
    public static final String CHART_FILE = "curve_chart.png";

    private CurveReport() {}

    /** Both files into {@code results}; the chart's latency axis stops at three times {@code thresholdSeconds}. */
    public static void write(
            Path results, CurveAxis over, List<CurveSource> sources, double thresholdSeconds, Optional<String> note)
            throws IOException {
        java.nio.file.Files.createDirectories(results);
        writeCsv(results.resolve(CSV_FILE), over, sources);
        writeChart(results.resolve(CHART_FILE), over, byEngine(sources), thresholdSeconds, note);
    }

    /** Each engine's points, lowest value first, engines in the order the sources first name them. */
    static Map<String, List<CurvePoint>> byEngine(List<CurveSource> sources) {
        Map<String, List<CurvePoint>> out = new LinkedHashMap<>();
        sources.stream()
                .flatMap(s -> s.points().stream())
                .forEach(p -> out.computeIfAbsent(p.engine(), k -> new ArrayList<>())
                        .add(p));
        out.values().forEach(l -> l.sort(Comparator.comparingDouble(CurvePoint::x)));
        return out;
    }

    private static void writeCsv(Path file, CurveAxis over, List<CurveSource> sources) throws IOException {
        AtomicFiles.write(file, os -> {
            CSVPrinter csv = new CSVPrinter(new OutputStreamWriter(os, StandardCharsets.UTF_8), ResultsWriter.CSV);
            csv.printRecord(
                    over.key(),
                    "engine",
                    "version",
                    "outcome",
                    "seconds",
                    "p99_s",
                    "max_s",
                    "consumer_cores",
                    "files_per_min",
                    "mean_file_kib",
                    "source",
                    "kind",
                    "commit",
                    "started",
                    "cpu_probe_ms");
            for (CurveSource s : sources) {
                for (CurvePoint p : s.points()) {
                    csv.printRecord(
                            p.x() == Math.rint(p.x()) ? Long.toString((long) p.x()) : Double.toString(p.x()),
                            p.engine(),
                            p.label(),
                            p.outcome(),
                            p.seconds(),
                            num(p.p99Seconds()),
                            num(p.maxSeconds()),
                            num(p.consumerCores()),
                            num(p.filesPerMinute()),
                            num(p.meanFileKiB()),
                            s.folder(),
                            s.kind(),
                            s.commit(),
                            s.started(),
                            num(s.probeMs()));
                }
            }
            csv.flush();
        });
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }

    private static void writeChart(
            Path file,
            CurveAxis over,
            Map<String, List<CurvePoint>> engines,
            double thresholdSeconds,
            Optional<String> note)
            throws IOException {
        System.setProperty("java.awt.headless", "true");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(domainAxis(over));
        plot.setGap(14);
        double top = thresholdSeconds * 3;
        XYPlot latency = new XYPlot(null, null, new NumberAxis("latency, s (solid: per-second max; dashed: p99)"), null);
        // up to the highest reading, never under the threshold's line nor over the cap
        double highest = engines.values().stream()
                .flatMap(List::stream)
                .mapToDouble(p -> Math.max(p.maxSeconds(), p.p99Seconds()))
                .filter(Double::isFinite)
                .max()
                .orElse(0);
        latency.getRangeAxis().setRange(0, Math.min(top, Math.max(highest, thresholdSeconds)) * 1.08);
        latency.addRangeMarker(ThresholdMarker.of(thresholdSeconds));
        XYPlot files = new XYPlot(null, null, filesAxis(), null);
        int i = 0;
        boolean anyFiles = false;
        for (List<CurvePoint> points : engines.values()) {
            Color colour = LatencyChart.ENGINE_COLORS[i % LatencyChart.ENGINE_COLORS.length];
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
        JFreeChart chart = new JFreeChart(
                "Latency against " + over.title(), new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
        chart.addSubtitle(new TextTitle("dots: passed every check; crosses: did not (failed, invalid or undetermined);"
                + " readings over " + String.format(Locale.ROOT, "%.0f", top) + " s are drawn at the top, their"
                + " values are in curve.csv"));
        note.ifPresent(n -> chart.addSubtitle(new TextTitle(n)));
        chart.setBackgroundPaint(Color.WHITE);
        int height = anyFiles ? 760 : 560;
        AtomicFiles.write(file, out -> ChartUtils.writeChartAsPNG(out, chart, 1000, height));
    }

    private static ValueAxis domainAxis(CurveAxis over) {
        switch (over) {
            case RATE -> {
                NumberAxis a = new NumberAxis(over.title());
                a.setAutoRangeIncludesZero(false);
                a.setNumberFormatOverride(new java.text.DecimalFormat("#,##0"));
                return a;
            }
            case PARTITIONS -> {
                // 4, 16, 64: even steps on a base-2 axis, one tick per power of two
                LogAxis a = new LogAxis(over.title() + " (log scale)");
                a.setBase(2);
                a.setTickUnit(new NumberTickUnit(1));
                a.setNumberFormatOverride(new java.text.DecimalFormat("#,##0"));
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
        a.setNumberFormatOverride(new java.text.DecimalFormat("#,##0"));
        return a;
    }

    /** The engine's max and p99 as two series, in the points' order; a reading over {@code top} is drawn at it. */
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

    private static Double clamp(double v, double top) {
        return Double.isFinite(v) ? Math.min(v, top) : null;
    }

    /** The engine's colour; series 1 (p99) dashed; a point that did not pass drawn as a cross. */
    private static XYLineAndShapeRenderer renderer(List<CurvePoint> points, Color colour, boolean legend) {
        Shape dot = new java.awt.geom.Ellipse2D.Double(-4, -4, 8, 8);
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
        r.setSeriesStroke(1, new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {5f, 4f}, 0f));
        return r;
    }
}
