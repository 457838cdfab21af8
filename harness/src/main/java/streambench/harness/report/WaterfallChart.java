package streambench.harness.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StackedXYAreaRenderer2;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.DefaultTableXYDataset;
import org.jfree.data.xy.XYSeries;
import streambench.harness.analysis.LatencyWaterfall;
import streambench.harness.analysis.LatencyWaterfall.Stage;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.RunInfo;

/**
 * {@code latency_waterfall.png}: per engine, each second's worst record (the one that made the second's maximum)
 * split into its stages, stacked, against the threshold, so a glance tells whose time a bad second was: the load's
 * (producer, broker) or the engine's (engine, commit, visibility).
 */
final class WaterfallChart {
    /** Warm colours before the engine, cool ones from it: the load's share reads apart from the engine's. */
    private static final Color[] STAGE_COLORS = {
        new Color(253, 174, 97),
        new Color(215, 48, 39),
        new Color(69, 117, 180),
        new Color(116, 173, 209),
        new Color(171, 217, 233)
    };

    private WaterfallChart() {}

    /** Whether any engine's table could be split: without one there is no chart to write. */
    static boolean hasAny(List<EngineResult> engines) {
        return engines.stream().anyMatch(e -> e.ran() && e.waterfall().any());
    }

    static void write(RunInfo run, List<EngineResult> engines, OutputStream png) throws IOException {
        System.setProperty("java.awt.headless", "true");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("seconds since the first event"));
        plot.setGap(14);
        int panels = 0;
        for (EngineResult e : engines) {
            if (e.ran() && e.waterfall().any()) {
                plot.add(panel(run, e, panels == 0), 1);
                panels++;
            }
        }
        JFreeChart chart = new JFreeChart(
                "Where the time went: each second's worst record, stage by stage",
                new Font("SansSerif", Font.BOLD, 18),
                plot,
                true);
        chart.addSubtitle(new TextTitle(String.format(
                "run %s, %,d msg/s for %d s; producer = send lag, broker = to the Kafka timestamp, engine = to the"
                        + " data file, commit = to the Delta commit, visibility = to the first read",
                run.runId(), run.rate(), run.durationSeconds())));
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.writeChartAsPNG(png, chart, 1400, 250 + 300 * Math.max(1, panels));
    }

    private static XYPlot panel(RunInfo run, EngineResult e, boolean legend) {
        DefaultTableXYDataset data = new DefaultTableXYDataset();
        for (Stage stage : Stage.values()) {
            XYSeries series = new XYSeries(stage.label, true, false);
            for (LatencyWaterfall.Second s : e.waterfall().seconds()) {
                series.add(s.elapsedSecond(), Math.max(0, s.worstSplit()[stage.ordinal()]) / 1e6);
            }
            data.addSeries(series);
        }
        StackedXYAreaRenderer2 renderer = new StackedXYAreaRenderer2();
        for (Stage stage : Stage.values()) {
            renderer.setSeriesPaint(stage.ordinal(), STAGE_COLORS[stage.ordinal()]);
        }
        // one legend for all panels: the stages are the same everywhere
        renderer.setDefaultSeriesVisibleInLegend(legend);
        NumberAxis axis = new NumberAxis(e.label() + " (s)");
        axis.setAutoRangeIncludesZero(true);
        XYPlot p = new XYPlot(data, null, axis, renderer);
        p.setBackgroundPaint(Color.WHITE);
        p.setRangeGridlinePaint(new Color(220, 220, 220));
        p.setDomainGridlinePaint(new Color(220, 220, 220));
        p.addRangeMarker(ThresholdMarker.of(run.thresholdSeconds()));
        double top = e.waterfall().seconds().stream()
                .mapToDouble(s -> s.worstMicros() / 1e6)
                .max()
                .orElse(0);
        axis.setRange(0, Math.max(run.thresholdSeconds() * 1.2, top * 1.05));
        return p;
    }
}
