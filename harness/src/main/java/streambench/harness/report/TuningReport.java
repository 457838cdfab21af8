package streambench.harness.report;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.csv.CSVPrinter;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import streambench.common.AtomicFiles;
import streambench.common.ConsumerContract;
import streambench.common.Secrets;
import streambench.harness.search.CoordinateDescent;
import streambench.harness.search.TrialOutcome;

/**
 * What {@code tune} leaves in {@code results/tuning/<engine>/}: {@code trials.csv}, one row per trial appended
 * the moment it is decided, and {@code tuning_chart.png}, the objective per trial, redrawn after each, so
 * Ctrl-C leaves them consistent; {@code best.env}, written once the search is over: the best knob set if it
 * survived its confirmation, otherwise comments saying that nothing did (a stale one from an earlier search
 * is replaced by such comments the moment a search starts). The anchor's patch is written by the command, which knows the
 * compose file; a stale one is removed here when a search starts.
 */
public final class TuningReport implements AutoCloseable {
    private final Path dir;
    private final String label;
    private final List<String> engineEndpoints;
    private final double thresholdSeconds;
    private final CSVPrinter csv;
    /** The anchor's patch, beside best.env; written by the command only for a configuration that survived. */
    public static final String PATCH = "docker-compose.patch";

    private final List<CoordinateDescent.Trial> trials = new ArrayList<>();

    /** {@code engineEndpoints}: the engine's own endpoint variables ({@code Engine.endpointNames()}). */
    public TuningReport(Path dir, String label, List<String> engineEndpoints, double thresholdSeconds)
            throws IOException {
        this.dir = dir;
        this.label = label;
        this.engineEndpoints = List.copyOf(engineEndpoints);
        this.thresholdSeconds = thresholdSeconds;
        Files.createDirectories(dir);
        Writer w = Files.newBufferedWriter(
                dir.resolve("trials.csv"),
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        this.csv = new CSVPrinter(w, ResultsWriter.CSV);
        List<String> header =
                new ArrayList<>(List.of("trial", "round", "knob", "value", "knobs_changed", "decision", "passed"));
        CapacityReport.CHECKS.forEach(c -> header.add(c.replace("-", "_")));
        header.addAll(List.of("max_s", "p99_s", "consumer_cores", "reason"));
        csv.printRecord(header);
        csv.flush();
        // what an earlier search left must not pass for this one's result while it runs, or after it fails
        Files.deleteIfExists(dir.resolve(PATCH));
        writeComments("tune " + label + " is running: nothing has survived its confirmation yet.");
    }

    public Path dir() {
        return dir;
    }

    /** Appends the trial (a search trial or the confirmation of the best) and redraws the chart. */
    public void trial(CoordinateDescent.Trial t) throws IOException {
        trials.add(t);
        TrialOutcome o = t.outcome();
        boolean confirm = t.decision() == CoordinateDescent.Decision.CONFIRM;
        List<Object> row = new ArrayList<>(List.of(
                t.number(),
                confirm ? "" : Integer.toString(t.round()),
                t.knob(),
                t.value(),
                changes(t.changed()),
                t.decision().name().toLowerCase(Locale.ROOT),
                o.undetermined() ? "undetermined" : Boolean.toString(o.passed())));
        row.addAll(outcomeCells(o));
        row.add(t.reason());
        csv.printRecord(row);
        csv.flush();
        writeChart();
    }

    /** A trial's checks, max, p99 and consumer cores: the same columns in a trial's row and a confirmation's. */
    private static List<Object> outcomeCells(TrialOutcome o) {
        List<Object> cells = new ArrayList<>();
        for (String check : CapacityReport.CHECKS) {
            Boolean passed = o.checks().get(check);
            cells.add(passed == null ? "" : passed ? "pass" : "fail");
        }
        cells.add(num(o.maxLatencySeconds()));
        cells.add(num(o.p99Seconds()));
        cells.add(num(o.consumerCores()));
        return cells;
    }

    /**
     * {@code best.env}: the winning knob set, one KEY=VALUE per line, and nothing else; for a configuration that
     * survived its confirmation only (see {@link #writeNothingSurvived}). Where Kafka, the lake
     * and the engine's server are, and every secret, are the user's and stay out (named in a comment), so
     * that the file, sourced after the user's own settings, changes knobs only. It used to hold the anchor's
     * {@code FELDERA_URL} and an empty {@code FELDERA_API_KEY}, which replaced the ones the run used, and to
     * advise {@code docker compose --env-file best.env}, with which Compose reads it instead of .env: every
     * endpoint back to the compose default, while the knobs, literal in the anchors, did not change at all.
     */
    public void writeBest(Map<String, String> bestKnobs) throws IOException {
        Secrets.rememberSecretsIn(bestKnobs);
        Map<String, String> knobs = new TreeMap<>();
        List<String> usersOwn = new ArrayList<>();
        new TreeMap<>(bestKnobs).forEach((k, v) -> {
            if (isUsersOwn(k)) {
                usersOwn.add(k);
            } else {
                knobs.put(k, v);
            }
        });
        StringBuilder b = new StringBuilder("# the best knob set tune found for " + label
                + ", which survived its confirmation run:\n# the anchor's defaults with the kept changes. Knobs only: where Kafka, the lake and the engine's\n"
                + "# server are, and every secret, stay as your environment or .env has them"
                + (usersOwn.isEmpty() ? "" : " (left out here: " + String.join(", ", usersOwn) + ")") + ".\n"
                + "# Compose: apply docker-compose.patch (tune --apply); its services take knobs from the anchors.\n"
                + "# A consumer you start yourself: `set -a; . ./best.env; set +a` in the shell with your settings.\n"
                + "# The harness: --set KEY=VALUE for each changed knob.\n");
        Secrets.redact(knobs)
                .forEach((k, v) -> b.append(k).append('=').append(v).append('\n'));
        AtomicFiles.write(dir.resolve("best.env"), out -> out.write(b.toString().getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * {@code best.env} when nothing survived (the confirmation failed, or never ran): comments only, so that
     * sourcing it changes nothing, and saying why.
     */
    public void writeNothingSurvived(String why) throws IOException {
        writeComments("tune " + label + ": nothing survived, so this file sets no knob.\n" + why
                + "\nThe anchor's defaults stand; trials.csv has every trial and why it was kept or not.");
    }

    private void writeComments(String text) throws IOException {
        StringBuilder b = new StringBuilder();
        text.lines().forEach(l -> b.append("# ").append(l).append('\n'));
        AtomicFiles.write(dir.resolve("best.env"), out -> out.write(b.toString().getBytes(StandardCharsets.UTF_8)));
    }

    /** Endpoints and secrets: the user's environment decides them, never a tuning result. */
    private boolean isUsersOwn(String name) {
        return ConsumerContract.isEndpoint(name) || engineEndpoints.contains(name) || Secrets.isSecretName(name);
    }

    public static String changes(Map<String, String> changed) {
        List<String> parts = new ArrayList<>();
        changed.forEach((k, v) -> parts.add(k + "=" + v));
        return parts.isEmpty() ? "(baseline)" : String.join(" ", parts);
    }

    /**
     * Baseline, promising (a first trial that beat the best and ran again), kept, reverted, best so far and
     * confirmation, in that order (the renderer's colours follow it).
     */
    XYSeriesCollection chartData() {
        XYSeries baseline = new XYSeries("baseline", true, true);
        XYSeries promising = new XYSeries("promising, run again", true, true);
        XYSeries kept = new XYSeries("kept", true, true);
        XYSeries reverted = new XYSeries("reverted", true, true);
        XYSeries best = new XYSeries("best so far", true, true);
        XYSeries confirm = new XYSeries("confirmation of the best", true, true);
        double bestMax = Double.NaN;
        double promisingMax = Double.NaN;
        for (CoordinateDescent.Trial t : trials) {
            double max = Double.isFinite(t.outcome().maxLatencySeconds())
                    ? t.outcome().maxLatencySeconds()
                    : 0;
            switch (t.decision()) {
                case BASELINE -> {
                    baseline.add(t.number(), max);
                    bestMax = Double.isNaN(bestMax) ? max : Math.min(bestMax, max);
                }
                case PROMISING -> {
                    promising.add(t.number(), max);
                    promisingMax = max;
                }
                case KEPT -> {
                    kept.add(t.number(), max);
                    // the kept set's lowest passing max: what the next change must beat
                    bestMax = Double.isNaN(promisingMax) ? max : Math.min(promisingMax, max);
                }
                case CONFIRM -> confirm.add(t.number(), max);
                default -> reverted.add(t.number(), max);
            }
            if (t.decision() != CoordinateDescent.Decision.CONFIRM) {
                best.add(t.number(), bestMax);
            }
        }
        XYSeriesCollection data = new XYSeriesCollection();
        data.addSeries(baseline);
        data.addSeries(promising);
        data.addSeries(kept);
        data.addSeries(reverted);
        data.addSeries(best);
        data.addSeries(confirm);
        return data;
    }

    private void writeChart() throws IOException {
        System.setProperty("java.awt.headless", "true");
        XYSeriesCollection data = chartData();
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        r.setSeriesPaint(0, Color.DARK_GRAY);
        r.setSeriesPaint(1, new Color(148, 103, 189));
        r.setSeriesPaint(2, new Color(44, 160, 44));
        r.setSeriesPaint(3, new Color(214, 39, 40));
        r.setSeriesPaint(4, new Color(31, 119, 180));
        r.setSeriesLinesVisible(4, true);
        r.setSeriesShapesVisible(4, false);
        r.setSeriesPaint(5, new Color(255, 127, 14));
        NumberAxis x = new NumberAxis("trial");
        x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        XYPlot plot = new XYPlot(data, x, new NumberAxis("per-second max latency, s"), r);
        plot.addRangeMarker(ThresholdMarker.of(thresholdSeconds));
        JFreeChart chart = new JFreeChart(
                "tune " + label + ": the objective of each trial",
                new Font(Font.SANS_SERIF, Font.BOLD, 14),
                plot,
                true);
        chart.addSubtitle(new TextTitle("kept: passed and beat the best so far by more than the baseline's noise "
                + "in two trials; a failed trial is never kept; the best survives only if its confirmation passes"));
        chart.setBackgroundPaint(Color.WHITE);
        AtomicFiles.write(dir.resolve("tuning_chart.png"), out -> ChartUtils.writeChartAsPNG(out, chart, 1000, 520));
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }

    @Override
    public void close() throws IOException {
        csv.close();
    }
}
