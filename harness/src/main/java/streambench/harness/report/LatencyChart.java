package streambench.harness.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import streambench.harness.analysis.CommitRow;
import streambench.harness.analysis.SecondBin;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.RunInfo;

/**
 * One picture per run, readable at a glance: per-second max latency of each engine against the
 * threshold, committed throughput against the offered rate, and CPU and memory of every process on
 * the machine, all on one time axis (seconds since the first event).
 */
final class LatencyChart {
    /** One colour per engine across every panel; the process is told by the line's dash instead. */
    static final Color[] ENGINE_COLORS = {
        new Color(31, 119, 180),
        new Color(214, 39, 40),
        new Color(44, 160, 44),
        new Color(148, 103, 189),
        new Color(255, 127, 14)
    };

    private static final Map<String, float[]> PROCESS_DASH = Map.of(
            "consumer",
            new float[] {1f, 0f},
            "producer",
            new float[] {6f, 4f},
            "kafka",
            new float[] {2f, 3f},
            "azurite",
            new float[] {10f, 3f, 2f, 3f});

    private LatencyChart() {}

    private static String shorten(String reason) {
        String line = reason.lines().findFirst().orElse("");
        return line.length() <= 90 ? line : line.substring(0, 87) + "...";
    }

    static void write(RunInfo run, List<EngineResult> engines, java.io.OutputStream png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        Panels panels = new Panels();
        int engineIndex = -1;
        for (EngineResult e : engines) {
            panels.add(e, ENGINE_COLORS[++engineIndex % ENGINE_COLORS.length]);
        }
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("seconds since the first event"));
        plot.setGap(12);
        plot.add(latencyPlot(run, panels), 3);
        plot.add(throughputPlot(run, panels), 2);
        plot.add(subplot(panels.cpu, "CPU % (100 = one core)", panels.processPaint, panels.processStroke), 2);
        plot.add(subplot(panels.rss, "RSS (MiB)", panels.processPaint, panels.processStroke), 2);

        JFreeChart chart = new JFreeChart(
                "Kafka to Delta on ADLS Gen2: visibility latency", new Font("SansSerif", Font.BOLD, 18), plot, true);
        chart.addSubtitle(new TextTitle(String.format(
                "run %s, %,d msg/s for %d s, %d partitions, %d-byte events; %s",
                run.runId(),
                run.rate(),
                run.durationSeconds(),
                run.partitions(),
                run.messageBytes(),
                run.machine().describe())));
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.writeChartAsPNG(png, chart, 1400, 1300);
    }

    /** Each panel's series and their paints, one engine at a time; an engine keeps its colour in every panel. */
    private static final class Panels {
        final List<java.awt.Paint> latencyPaint = new java.util.ArrayList<>();
        final List<java.awt.Paint> throughputPaint = new java.util.ArrayList<>();
        final List<java.awt.Paint> processPaint = new java.util.ArrayList<>();
        final List<java.awt.Stroke> processStroke = new java.util.ArrayList<>();
        final XYSeriesCollection latency = new XYSeriesCollection();
        final XYSeriesCollection throughput = new XYSeriesCollection();
        final XYSeriesCollection cpu = new XYSeriesCollection();
        final XYSeriesCollection rss = new XYSeriesCollection();

        void add(EngineResult e, Color color) {
            latencyPaint.add(color);
            if (!e.ran()) {
                // no line, but a legend entry: a reader must see which engine is missing and why
                latency.addSeries(new XYSeries(e.label() + ": " + e.status().text() + " ("
                        + shorten(e.notRun().orElse("")) + ")"));
                return;
            }
            throughputPaint.add(color);
            XYSeries max = new XYSeries(e.label() + " max latency");
            for (SecondBin b : e.bins()) {
                max.add(b.elapsedSecond(), b.maxSeconds());
            }
            latency.addSeries(max);
            throughput.addSeries(committedPerSecond(e));
            e.processes().forEach((name, samples) -> {
                XYSeries c = new XYSeries(e.label() + " " + name);
                XYSeries r = new XYSeries(e.label() + " " + name + " RSS");
                processPaint.add(color);
                processStroke.add(new BasicStroke(
                        name.equals("consumer") ? 2f : 1.3f,
                        BasicStroke.CAP_BUTT,
                        BasicStroke.JOIN_MITER,
                        1f,
                        PROCESS_DASH.getOrDefault(name, new float[] {1f, 0f}),
                        0f));
                samples.forEach(s -> {
                    c.add(s.secondsSince(e.startMicros()), s.cpuPercent());
                    r.add(s.secondsSince(e.startMicros()), s.rssMiB());
                });
                cpu.addSeries(c);
                rss.addSeries(r);
            });
        }

        private static XYSeries committedPerSecond(EngineResult e) {
            XYSeries committed = new XYSeries(e.label() + " committed/s");
            Map<Long, Long> bySecond = new TreeMap<>();
            for (CommitRow c : e.commits()) {
                bySecond.merge(
                        Math.floorDiv(c.commitMillis() * 1000 - e.startMicros(), 1_000_000L), c.records(), Long::sum);
            }
            // a commit every few seconds lands all at once: smooth over 5 s so the line shows the rate
            bySecond.forEach((s, n) -> committed.add((double) s, average(bySecond, s, 5)));
            return committed;
        }
    }

    private static XYPlot latencyPlot(RunInfo run, Panels panels) {
        XYPlot latencyPlot = subplot(panels.latency, "max latency per second (s)", panels.latencyPaint, List.of());
        ValueMarker threshold = new ValueMarker(
                run.thresholdSeconds(),
                new Color(200, 30, 30),
                new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {8f, 6f}, 0f));
        threshold.setLabel(String.format("threshold %.1f s", run.thresholdSeconds()));
        threshold.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        threshold.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        latencyPlot.addRangeMarker(threshold);
        ((NumberAxis) latencyPlot.getRangeAxis()).setLowerBound(0);
        double top = Math.max(
                run.thresholdSeconds() * 1.3,
                panels.latency.getSeriesCount() == 0 ? 0 : panels.latency.getRangeUpperBound(false) * 1.05);
        latencyPlot.getRangeAxis().setRange(0, top);
        return latencyPlot;
    }

    private static XYPlot throughputPlot(RunInfo run, Panels panels) {
        XYPlot throughputPlot =
                subplot(panels.throughput, "committed records/s (5 s average)", panels.throughputPaint, List.of());
        ValueMarker offered = new ValueMarker(run.rate(), Color.GRAY, new BasicStroke(1.5f));
        offered.setLabel(String.format("offered %,d/s", run.rate()));
        offered.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        offered.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        throughputPlot.addRangeMarker(offered);
        return throughputPlot;
    }

    private static XYPlot subplot(
            XYSeriesCollection data, String label, List<java.awt.Paint> paints, List<java.awt.Stroke> strokes) {
        NumberAxis axis = new NumberAxis(label);
        axis.setAutoRangeIncludesZero(true);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesPaint(i, paints.get(i));
            renderer.setSeriesStroke(i, i < strokes.size() ? strokes.get(i) : new BasicStroke(1.8f));
        }
        // the RSS panel repeats the CPU panel's series: one legend entry per line style is enough
        if (label.startsWith("RSS")) {
            renderer.setDefaultSeriesVisibleInLegend(false);
        }
        XYPlot p = new XYPlot(data, null, axis, renderer);
        p.setBackgroundPaint(Color.WHITE);
        p.setRangeGridlinePaint(new Color(220, 220, 220));
        p.setDomainGridlinePaint(new Color(220, 220, 220));
        return p;
    }

    private static double average(Map<Long, Long> bySecond, long second, int window) {
        long sum = 0;
        for (long s = second - window + 1; s <= second; s++) {
            sum += bySecond.getOrDefault(s, 0L);
        }
        return sum / (double) window;
    }
}
