package streambench.harness.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import streambench.common.AtomicFiles;
import streambench.harness.analysis.CommitRow;
import streambench.harness.analysis.SecondBin;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.RunInfo;
import streambench.services.ProcessSampler;
import streambench.services.ProducerReport;

/**
 * Writes the result files: {@code latency_timeseries.csv} (the format the tuning loop reads),
 * {@code summary.csv}, {@code summary.json}, {@code latency_chart.png} in the results directory and
 * a per-commit CSV per engine in the run directory. Each file is written to a temp file and renamed,
 * so a reader (or an interrupted run) never sees half a file; {@code complete=false} marks a run that
 * was cut short.
 */
public final class ResultsWriter {
    /**
     * {@code latency_s} (each second's max) and its percentiles run to when a reader could see the rows;
     * {@code commit_latency_s}, added after the columns the tuning loop reads, to the commit timestamp the writer put
     * in the log (its own clock, read before its own request).
     */
    public static final String TIMESERIES_HEADER =
            "elapsed_s,latency_s,version,p50_s,p99_s,avg_s,msg_count,commit_latency_s" + WaterfallColumns.HEADER;
    /** AtomicFiles closes the stream after the rename's temp file is complete; Jackson must not close it first. */
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    private final Path results;
    private final Path runDir;

    public ResultsWriter(Path results, Path runDir) {
        this.results = results;
        this.runDir = runDir;
    }

    public void write(RunInfo run, List<EngineResult> engines, boolean complete) throws IOException {
        Files.createDirectories(results);
        atomically(results.resolve("latency_timeseries.csv"), w -> writeTimeseries(w, engines));
        atomically(results.resolve("summary.csv"), w -> writeSummaryCsv(w, engines));
        SummaryJson json = summaryJson(run, engines, complete);
        atomically(results.resolve("summary.json"), w -> JSON.writeValue(w, json));
        for (EngineResult e : engines) {
            if (e.ran()) {
                atomically(runDir.resolve(e.id() + "-commits.csv"), w -> writeCommits(w, e.commits()));
                atomically(runDir.resolve(e.id() + "-processes.csv"), w -> writeProcesses(w, e));
            }
        }
        AtomicFiles.write(results.resolve("latency_chart.png"), out -> LatencyChart.write(run, engines, out));
        if (WaterfallChart.hasAny(engines)) {
            AtomicFiles.write(results.resolve("latency_waterfall.png"), out -> WaterfallChart.write(run, engines, out));
        }
    }

    /** Labels may hold commas or quotes: the CSV library quotes them, and {@code check} reads them back with it. */
    static final CSVFormat CSV =
            CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();

    static void writeTimeseries(Writer w, List<EngineResult> engines) throws IOException {
        try (CSVPrinter csv = new CSVPrinter(new NonClosingWriter(w), CSV)) {
            csv.printRecord((Object[]) TIMESERIES_HEADER.split(","));
            for (EngineResult e : engines) {
                java.util.Map<Long, SecondBin> byCommit = new java.util.HashMap<>();
                e.commitBins().forEach(b -> byCommit.put(b.elapsedSecond(), b));
                WaterfallColumns stages = new WaterfallColumns(e.waterfall());
                for (SecondBin b : e.bins()) {
                    SecondBin c = byCommit.get(b.elapsedSecond());
                    List<Object> row = new java.util.ArrayList<>(List.of(
                            b.elapsedSecond(),
                            fixed(b.maxSeconds()),
                            e.label(),
                            fixed(b.p50Seconds()),
                            fixed(b.p99Seconds()),
                            fixed(b.avgSeconds()),
                            b.count(),
                            c == null ? "" : fixed(c.maxSeconds())));
                    row.addAll(stages.of(b.elapsedSecond()));
                    csv.printRecord(row);
                }
            }
        }
    }

    private static void writeSummaryCsv(Writer w, List<EngineResult> engines) throws IOException {
        try (CSVPrinter csv = new CSVPrinter(new NonClosingWriter(w), CSV)) {
            csv.printRecord(
                    "engine",
                    "version",
                    "status",
                    "offered_rate",
                    "achieved_rate",
                    "committed_rate",
                    "p50_s",
                    "p90_s",
                    "p99_s",
                    "p999_s",
                    "max_s",
                    "trend_s_per_s",
                    "missing",
                    "duplicates",
                    "malformed",
                    "foreign",
                    "consumer_cores_per_1000_msg_s",
                    "failed_checks");
            for (EngineResult e : engines) {
                csv.printRecord(
                        e.id(),
                        e.label(),
                        e.status().text(),
                        num(e.producer().map(p -> (double) p.targetRate()).orElse(Double.NaN)),
                        num(e.producer().map(ProducerReport::achievedRate).orElse(Double.NaN)),
                        num(e.committedRate()),
                        num(e.percentileSeconds(50)),
                        num(e.percentileSeconds(90)),
                        num(e.percentileSeconds(99)),
                        num(e.percentileSeconds(99.9)),
                        num(e.maxSeconds()),
                        num(e.trendSlope()),
                        e.completeness().map(c -> Long.toString(c.missing())).orElse(""),
                        e.completeness().map(c -> Long.toString(c.duplicates())).orElse(""),
                        e.ran() ? Long.toString(e.malformed()) : "",
                        e.ran() ? Long.toString(e.foreignRows()) : "",
                        num(e.consumerCoresPerThousand()),
                        String.join("; ", e.verdict().failures()));
            }
        }
    }

    /** CSVPrinter closes what it prints to; AtomicFiles must close the file itself, after the rename's temp file is complete. */
    private static final class NonClosingWriter extends java.io.FilterWriter {
        NonClosingWriter(Writer w) {
            super(w);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }

    private static String fixed(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /**
     * Per data version: when the writer stamped it, when the tail found it, the start of the tail's last look that
     * did not find it yet and how long the look that found it took (the store's round trip); each empty where the
     * tail did not see the version appear.
     */
    static final String COMMITS_HEADER = "version,commit_ts_ms,observed_ts_ms,observed_minus_commit_ms,records,"
            + "min_latency_s,max_latency_s,not_yet_ts_ms,look_ms";

    static void writeCommits(Writer w, List<CommitRow> commits) throws IOException {
        w.write(COMMITS_HEADER + "\n");
        for (CommitRow c : commits) {
            w.write(String.format(
                    Locale.ROOT,
                    "%d,%d,%s,%s,%d,%.3f,%.3f,%s,%s%n",
                    c.version(),
                    c.commitMillis(),
                    orEmpty(c.observedMillis()),
                    c.observedMillis() < 0 ? "" : Long.toString(c.observedMillis() - c.commitMillis()),
                    c.records(),
                    c.minLatencySeconds(),
                    c.maxLatencySeconds(),
                    orEmpty(c.notYetMillis()),
                    orEmpty(c.lookMillis())));
        }
    }

    private static String orEmpty(long millis) {
        return millis < 0 ? "" : Long.toString(millis);
    }

    private static void writeProcesses(Writer w, EngineResult e) throws IOException {
        w.write("process,ts_ms,elapsed_s,cpu_percent,rss_mib,heap_after_gc_mib\n");
        for (Map.Entry<String, List<ProcessSampler.Sample>> p : e.processes().entrySet()) {
            for (ProcessSampler.Sample s : p.getValue()) {
                w.write(String.format(
                        Locale.ROOT,
                        "%s,%d,%.1f,%.1f,%.1f,%s%n",
                        p.getKey(),
                        s.epochMillis(),
                        s.secondsSince(e.startMicros()),
                        s.cpuPercent(),
                        s.rssMiB(),
                        Double.isNaN(s.heapAfterGcMiB())
                                ? ""
                                : String.format(Locale.ROOT, "%.1f", s.heapAfterGcMiB())));
            }
        }
    }

    static SummaryJson summaryJson(RunInfo run, List<EngineResult> engines, boolean complete) {
        return SummaryJson.of(run, engines, complete);
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }

    @FunctionalInterface
    interface WriterBody {
        void write(Writer w) throws IOException;
    }

    static void atomically(Path file, WriterBody body) throws IOException {
        AtomicFiles.write(file, out -> {
            Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
            body.write(w);
            w.flush();
        });
    }
}
