package streambench.harness.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVPrinter;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import streambench.common.AtomicFiles;
import streambench.harness.engine.Engines;
import streambench.harness.engine.YardstickRatios;
import streambench.harness.search.CapacitySearch;
import streambench.harness.search.TrialOutcome;

/**
 * What {@code capacity} leaves behind: {@code capacity_trials.csv}, one row per trial appended the moment the
 * trial is decided (so Ctrl-C keeps every finished trial); {@code capacity.csv}, one row per engine and rate
 * (its trials, passes, failures, undetermined ones and their lengths), and {@code capacity_chart.png}, both
 * rewritten after each trial; {@code capacity_summary.csv} (one row per engine: the confirmed capacity or
 * none, the band, the ratio to the yardstick's confirmed capacity) rewritten after each engine; and the
 * console lines.
 */
public final class CapacityReport implements AutoCloseable {
    /** The verdict's checks, one column each, in the order the verdict reports them. */
    public static final List<String> CHECKS =
            List.of("threshold", "trend", "kept-up", "complete", "load", "clean", "clocks");

    /** One engine's search as the chart and the table show it. */
    public record EngineSearch(
            String id, String label, List<CapacitySearch.Trial> trials, CapacitySearch.Result result) {}

    private final Path trialsFile;
    private final Path ratesFile;
    private final Path chartFile;
    private final Path summaryFile;
    private final double thresholdSeconds;
    private final CSVPrinter csv;
    private final Map<String, EngineSearch> searches = new LinkedHashMap<>();

    public CapacityReport(Path results, double thresholdSeconds) throws IOException {
        Files.createDirectories(results);
        this.trialsFile = results.resolve("capacity_trials.csv");
        this.ratesFile = results.resolve("capacity.csv");
        this.chartFile = results.resolve("capacity_chart.png");
        this.summaryFile = results.resolve("capacity_summary.csv");
        this.thresholdSeconds = thresholdSeconds;
        Writer w = Files.newBufferedWriter(
                trialsFile,
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        this.csv = new CSVPrinter(w, ResultsWriter.CSV);
        List<String> header =
                new ArrayList<>(List.of("engine", "version", "rate", "trial", "phase", "seconds", "outcome"));
        CHECKS.forEach(c -> header.add(c.replace("-", "_")));
        header.addAll(List.of("max_s", "p99_s", "consumer_cores", "msg_per_consumer_core", "commits_per_s", "note"));
        csv.printRecord(header);
        csv.flush();
        writeRates();
    }

    /** Appends the trial to the trials CSV, rewrites the per-rate CSV and redraws the chart. */
    public void trial(String id, String label, CapacitySearch.Trial t) throws IOException {
        TrialOutcome o = t.outcome();
        List<Object> row = new ArrayList<>(List.of(
                id, label, t.rate(), t.number(), t.phase().name().toLowerCase(Locale.ROOT), t.seconds(), o.word()));
        for (String check : CHECKS) {
            Boolean passed = o.checks().get(check);
            row.add(passed == null ? "" : passed ? "pass" : "fail");
        }
        row.add(num(o.maxLatencySeconds()));
        row.add(num(o.p99Seconds()));
        row.add(num(o.consumerCores()));
        row.add(o.consumerCores() > 0 ? String.format(Locale.ROOT, "%.0f", t.rate() / o.consumerCores()) : "");
        row.add(num(o.commitsPerSecond()));
        row.add(o.undetermined() ? o.undeterminedReason() : failedChecks(o));
        csv.printRecord(row);
        csv.flush();
        EngineSearch s = searches.get(id);
        List<CapacitySearch.Trial> trials = new ArrayList<>(s == null ? List.of() : s.trials());
        trials.add(t);
        searches.put(id, new EngineSearch(id, label, trials, s == null ? null : s.result()));
        writeRates();
        writeChart();
    }

    /** The search of one engine is over. */
    public void finished(String id, String label, CapacitySearch.Result result) throws IOException {
        searches.put(id, new EngineSearch(id, label, result.trials(), result));
        writeRates();
        writeChart();
        writeSummary();
    }

    private static String failedChecks(TrialOutcome o) {
        List<String> failed = new ArrayList<>();
        o.checks().forEach((name, passed) -> {
            if (!passed) {
                failed.add(name);
            }
        });
        return String.join("; ", failed);
    }

    /** {@code capacity.csv}: per engine and rate, lowest rate first, what its trials came to. */
    private void writeRates() throws IOException {
        AtomicFiles.write(ratesFile, out -> {
            Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
            CSVPrinter p = new CSVPrinter(w, ResultsWriter.CSV);
            p.printRecord("engine", "version", "rate", "trials", "passed", "failed", "undetermined", "durations_s");
            for (EngineSearch s : searches.values()) {
                for (CapacitySearch.RateTally r : CapacitySearch.tally(s.trials())) {
                    p.printRecord(
                            s.id(),
                            s.label(),
                            r.rate(),
                            r.trials(),
                            r.passed(),
                            r.failed(),
                            r.undetermined(),
                            r.durations());
                }
            }
            p.flush();
        });
    }

    /**
     * One engine's search on the console: a line per rate (its trials, passes, failures, undetermined ones and
     * each trial's length), then the band and the confirmed capacity, or "none confirmed" and why.
     */
    public static void printRates(String label, CapacitySearch.Result r, PrintStream out) {
        out.println();
        out.println(String.format(
                Locale.ROOT,
                "%s per rate: %12s %7s %7s %7s %13s  %s",
                label,
                "rate msg/s",
                "trials",
                "passed",
                "failed",
                "undetermined",
                "durations s"));
        String indent = " ".repeat(label.length() + 10);
        for (CapacitySearch.RateTally t : r.rates()) {
            out.println(String.format(
                    Locale.ROOT,
                    "%s %,12d %7d %7d %7d %13d  %s",
                    indent,
                    t.rate(),
                    t.trials(),
                    t.passed(),
                    t.failed(),
                    t.undetermined(),
                    t.durations()));
        }
        out.println(label + ": band " + r.band().text() + " (highest rate with no failure at or below it, lowest"
                + " rate with a failure)");
        out.println(label + ": " + r.confirmation());
    }

    /** The console table: one line per engine, each with its confirmation, then where the files are. */
    public void printTable(PrintStream out) {
        out.println();
        out.println(String.format(
                Locale.ROOT,
                "%-11s %18s %-30s %11s %8s %8s %10s %14s %6s  %s",
                "engine",
                "confirmed msg/s",
                "band msg/s",
                "x yardstick",
                "max s",
                "p99 s",
                "cpu cores",
                "msg/s per core",
                "trials",
                "how the search ended"));
        for (EngineSearch s : searches.values()) {
            CapacitySearch.Result r = s.result();
            if (r == null) {
                continue;
            }
            String ratio = vsYardstick(s).orElse("-");
            CapacitySearch.Trial best = bestTrial(s);
            String capacity = r.capacity().isEmpty()
                    ? "none confirmed"
                    : (r.lowerBoundOnly() ? ">= " : "")
                            + String.format(Locale.ROOT, "%,d", r.capacity().getAsLong());
            out.println(String.format(
                    Locale.ROOT,
                    "%-11s %18s %-30s %11s %8s %8s %10s %14s %6d  %s",
                    s.label(),
                    capacity,
                    r.band().text(),
                    ratio,
                    best == null ? "-" : fmt(best.outcome().maxLatencySeconds()),
                    best == null ? "-" : fmt(best.outcome().p99Seconds()),
                    best == null ? "-" : fmt(best.outcome().consumerCores()),
                    perCore(best).stream()
                            .mapToObj(x -> String.format(Locale.ROOT, "%,.0f", x))
                            .findFirst()
                            .orElse("-"),
                    r.trials().size(),
                    r.stop().text() + (r.detail().isEmpty() ? "" : ": " + r.detail())));
            out.println("  " + s.label() + ": " + r.confirmation());
        }
        out.println();
        out.println("results: " + ratesFile + ", " + trialsFile + ", " + summaryFile + ", " + chartFile);
    }

    /** The engine's confirmed capacity over the yardstick's in the same search, bounds kept; empty for the yardstick. */
    private java.util.Optional<String> vsYardstick(EngineSearch s) {
        EngineSearch yardstick = searches.get(Engines.YARDSTICK);
        if (s.id().equals(Engines.YARDSTICK)
                || s.result() == null
                || s.result().capacity().isEmpty()
                || yardstick == null
                || yardstick.result() == null
                || yardstick.result().capacity().isEmpty()) {
            return java.util.Optional.empty();
        }
        return YardstickRatios.capacityText(
                s.result().capacity().getAsLong(),
                s.result().lowerBoundOnly(),
                yardstick.result().capacity().getAsLong(),
                yardstick.result().lowerBoundOnly());
    }

    /**
     * {@code capacity_summary.csv}: one row per engine whose search ended, rewritten as each ends, with the
     * confirmed capacity (empty when none), whether it is only a lower bound, the band, its ratio to the
     * yardstick's, the figures of the run that confirmed it and why it is confirmed or not.
     */
    private void writeSummary() throws IOException {
        try (CSVPrinter out =
                new CSVPrinter(Files.newBufferedWriter(summaryFile, StandardCharsets.UTF_8), ResultsWriter.CSV)) {
            out.printRecord(
                    "engine",
                    "version",
                    "capacity_msg_s",
                    "confirmed",
                    "lower_bound_only",
                    "band_low_msg_s",
                    "band_high_msg_s",
                    "x_yardstick",
                    "max_s",
                    "p99_s",
                    "consumer_cores",
                    "msg_per_consumer_core",
                    "trials",
                    "stop",
                    "detail",
                    "confirmation");
            for (EngineSearch s : searches.values()) {
                CapacitySearch.Result r = s.result();
                if (r == null) {
                    continue;
                }
                CapacitySearch.Trial best = bestTrial(s);
                out.printRecord(
                        s.id(),
                        s.label(),
                        r.capacity().isEmpty() ? "" : Long.toString(r.capacity().getAsLong()),
                        r.confirmed(),
                        r.lowerBoundOnly(),
                        text(r.band().low()),
                        text(r.band().high()),
                        vsYardstick(s).orElse(""),
                        best == null ? "" : num(best.outcome().maxLatencySeconds()),
                        best == null ? "" : num(best.outcome().p99Seconds()),
                        best == null ? "" : num(best.outcome().consumerCores()),
                        perCore(best).stream()
                                .mapToObj(x -> String.format(Locale.ROOT, "%.0f", x))
                                .findFirst()
                                .orElse(""),
                        r.trials().size(),
                        r.stop().text(),
                        r.detail(),
                        r.confirmation());
            }
        }
    }

    private static String text(java.util.OptionalLong v) {
        return v.isEmpty() ? "" : Long.toString(v.getAsLong());
    }

    /** The trial's offered msg/s per consumer core; empty without a trial or a CPU reading. */
    private static java.util.OptionalDouble perCore(CapacitySearch.Trial t) {
        return t == null || !(t.outcome().consumerCores() > 0)
                ? java.util.OptionalDouble.empty()
                : java.util.OptionalDouble.of(t.rate() / t.outcome().consumerCores());
    }

    /** The last passing trial at the confirmed capacity (its confirmation run): the figures it stands on. */
    static CapacitySearch.Trial bestTrial(EngineSearch s) {
        if (s.result() == null || s.result().capacity().isEmpty()) {
            return null;
        }
        long capacity = s.result().capacity().getAsLong();
        CapacitySearch.Trial best = null;
        for (CapacitySearch.Trial t : s.trials()) {
            if (t.rate() == capacity && t.outcome().passed()) {
                best = t;
            }
        }
        return best;
    }

    private void writeChart() throws IOException {
        System.setProperty("java.awt.headless", "true");
        // the ramp doubles: on a log axis its trials stand evenly, and a slow engine's are not crushed at 0
        LogAxis rateAxis = new LogAxis("offered rate, msg/s (log scale)");
        rateAxis.setBase(10);
        rateAxis.setNumberFormatOverride(new java.text.DecimalFormat("#,##0"));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(rateAxis);
        plot.setGap(14);
        // a trial far over the threshold would squash the rest: the axis stops at 3x the threshold and such
        // trials are drawn at its top (their values are in the CSV)
        double top = thresholdSeconds * 3;
        boolean first = true;
        for (EngineSearch s : searches.values()) {
            XYPlot sub = new XYPlot(trialPoints(s, top), null, latencyAxis(s, top), trialRenderer(first));
            first = false;
            sub.addRangeMarker(ThresholdMarker.of(thresholdSeconds));
            bandMarker(s).ifPresent(sub::addDomainMarker);
            plot.add(sub, 1);
        }
        JFreeChart chart = new JFreeChart(
                "Capacity search: per-second max latency of each trial against its offered rate",
                new Font(Font.SANS_SERIF, Font.BOLD, 14),
                plot,
                true);
        chart.addSubtitle(
                new TextTitle("a trial passes when every check of the verdict passes; grey: undetermined (the load "
                        + "generator could not hold the rate); green: no failure up to there; trials over "
                        + String.format(Locale.ROOT, "%.0f", top)
                        + " s are drawn at the top"));
        chart.setBackgroundPaint(Color.WHITE);
        int height = Math.max(360, 260 * Math.max(1, searches.size()) + 120);
        AtomicFiles.write(chartFile, out -> ChartUtils.writeChartAsPNG(out, chart, 1000, height));
    }

    /** Passed, failed and undetermined trials as three series; a maximum over {@code top} is drawn at it. */
    private static XYSeriesCollection trialPoints(EngineSearch s, double top) {
        XYSeries passed = new XYSeries("passed", true, true);
        XYSeries failed = new XYSeries("failed", true, true);
        XYSeries undetermined = new XYSeries("undetermined", true, true);
        for (CapacitySearch.Trial t : s.trials()) {
            double max = t.outcome().maxLatencySeconds();
            if (!Double.isFinite(max)) {
                max = 0; // no reading at all: drawn on the axis, listed as failed in the CSV
            }
            max = Math.min(max, top);
            (t.outcome().undetermined() ? undetermined : t.outcome().passed() ? passed : failed).add(t.rate(), max);
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(passed);
        data.addSeries(failed);
        data.addSeries(undetermined);
        return data;
    }

    /** Points only, green, red and grey; the legend once, under the first engine's panel. */
    private static XYLineAndShapeRenderer trialRenderer(boolean inLegend) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        renderer.setSeriesPaint(0, new Color(44, 160, 44));
        renderer.setSeriesPaint(1, new Color(214, 39, 40));
        renderer.setSeriesPaint(2, Color.GRAY);
        for (int i = 0; i < 3; i++) {
            renderer.setSeriesVisibleInLegend(i, inLegend);
            renderer.setSeriesShape(i, new java.awt.geom.Ellipse2D.Double(-4, -4, 8, 8));
        }
        return renderer;
    }

    private static NumberAxis latencyAxis(EngineSearch s, double top) {
        NumberAxis latency = new NumberAxis(s.label() + ": per-second max, s");
        latency.setRange(0, top * 1.05);
        return latency;
    }

    /** The rates with no failure at or below them, shaded green and labelled; empty when the lowest failed. */
    private static java.util.Optional<IntervalMarker> bandMarker(EngineSearch s) {
        CapacitySearch.Band band = CapacitySearch.band(s.trials());
        if (band.low().isEmpty()) {
            return java.util.Optional.empty();
        }
        long low = band.low().getAsLong();
        long lowest =
                s.trials().stream().mapToLong(CapacitySearch.Trial::rate).min().orElse(low);
        IntervalMarker region = new IntervalMarker(Math.min(lowest, low), low, new Color(44, 160, 44, 40));
        CapacitySearch.Result r = s.result();
        region.setLabel(
                r != null && r.capacity().isPresent()
                        ? String.format(
                                Locale.ROOT,
                                "capacity %s%,d msg/s, confirmed",
                                r.lowerBoundOnly() ? ">= " : "",
                                r.capacity().getAsLong())
                        : String.format(
                                Locale.ROOT, "no failure up to %,d msg/s%s", low, r == null ? "" : "; none confirmed"));
        region.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        region.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_LEFT);
        region.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.TOP_LEFT);
        region.setLabelOffset(new org.jfree.chart.ui.RectangleInsets(6, 6, 6, 6));
        return java.util.Optional.of(region);
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }

    private static String fmt(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : "-";
    }

    @Override
    public void close() throws IOException {
        csv.close();
    }
}
