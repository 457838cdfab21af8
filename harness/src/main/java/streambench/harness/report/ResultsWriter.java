package streambench.harness.report;

import streambench.harness.engine.RunInfo;

import streambench.harness.fault.FaultRun;

import streambench.harness.analysis.ProducerReport;
import streambench.harness.engine.EngineResult;
import streambench.harness.services.ProcessSampler;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import streambench.common.AtomicFiles;
import streambench.harness.analysis.CommitRow;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the result files: {@code latency_timeseries.csv} (the format the tuning loop reads),
 * {@code summary.csv}, {@code summary.json}, {@code latency_chart.png} in the results directory and
 * a per-commit CSV per engine in the run directory. Each file is written to a temp file and renamed,
 * so a reader (or an interrupted run) never sees half a file; {@code complete=false} marks a run that
 * was cut short.
 */
public final class ResultsWriter {
    public static final String TIMESERIES_HEADER = "elapsed_s,latency_s,version,p50_s,p99_s,avg_s,msg_count";
    /** AtomicFiles closes the stream after the rename's temp file is complete; Jackson must not close it first. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
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
        Map<String, Object> json = summaryJson(run, engines, complete);
        atomically(results.resolve("summary.json"), w -> JSON.writeValue(w, json));
        for (EngineResult e : engines) {
            if (e.ran()) {
                atomically(runDir.resolve(e.id() + "-commits.csv"), w -> writeCommits(w, e.commits()));
                atomically(runDir.resolve(e.id() + "-processes.csv"), w -> writeProcesses(w, e));
            }
        }
        AtomicFiles.write(results.resolve("latency_chart.png"), out -> LatencyChart.write(run, engines, out));
    }

    /** Labels may hold commas or quotes: the CSV library quotes them, and {@code check} reads them back with it. */
    static final CSVFormat CSV = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();

    static void writeTimeseries(Writer w, List<EngineResult> engines) throws IOException {
        try (CSVPrinter csv = new CSVPrinter(new NonClosingWriter(w), CSV)) {
            csv.printRecord((Object[]) TIMESERIES_HEADER.split(","));
            for (EngineResult e : engines) {
                for (SecondBin b : e.bins()) {
                    csv.printRecord(b.elapsedSecond(), fixed(b.maxSeconds()), e.label(), fixed(b.p50Seconds()),
                            fixed(b.p99Seconds()), fixed(b.avgSeconds()), b.count());
                }
            }
        }
    }

    private static void writeSummaryCsv(Writer w, List<EngineResult> engines) throws IOException {
        try (CSVPrinter csv = new CSVPrinter(new NonClosingWriter(w), CSV)) {
            csv.printRecord("engine", "version", "status", "offered_rate", "achieved_rate", "committed_rate", "p50_s",
                    "p90_s", "p99_s", "p999_s", "max_s", "trend_s_per_s", "missing", "duplicates", "malformed", "foreign",
                    "failed_checks");
            for (EngineResult e : engines) {
                csv.printRecord(e.id(), e.label(), e.status().text(),
                        num(e.producer().map(p -> (double) p.targetRate()).orElse(Double.NaN)),
                        num(e.producer().map(ProducerReport::achievedRate).orElse(Double.NaN)),
                        num(e.committedRate()), num(e.percentileSeconds(50)), num(e.percentileSeconds(90)),
                        num(e.percentileSeconds(99)), num(e.percentileSeconds(99.9)), num(e.maxSeconds()),
                        num(e.trendSlope()),
                        e.completeness().map(c -> Long.toString(c.missing())).orElse(""),
                        e.completeness().map(c -> Long.toString(c.duplicates())).orElse(""),
                        e.ran() ? Long.toString(e.malformed()) : "",
                        e.ran() ? Long.toString(e.foreignRows()) : "",
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

    private static void writeCommits(Writer w, List<CommitRow> commits) throws IOException {
        w.write("version,commit_ts_ms,observed_ts_ms,observed_minus_commit_ms,records,min_latency_s,max_latency_s\n");
        for (CommitRow c : commits) {
            w.write(String.format(Locale.ROOT, "%d,%d,%d,%s,%d,%.3f,%.3f%n", c.version(), c.commitMillis(),
                    c.observedMillis(), c.observedMillis() < 0 ? "" : Long.toString(c.observedMillis() - c.commitMillis()),
                    c.records(), c.minLatencySeconds(), c.maxLatencySeconds()));
        }
    }

    private static void writeProcesses(Writer w, EngineResult e) throws IOException {
        w.write("process,ts_ms,elapsed_s,cpu_percent,rss_mib\n");
        for (Map.Entry<String, List<ProcessSampler.Sample>> p : e.processes().entrySet()) {
            for (ProcessSampler.Sample s : p.getValue()) {
                w.write(String.format(Locale.ROOT, "%s,%d,%.1f,%.1f,%.1f%n", p.getKey(), s.epochMillis(),
                        s.secondsSince(e.startMicros()), s.cpuPercent(), s.rssMiB()));
            }
        }
    }

    static Map<String, Object> summaryJson(RunInfo run, List<EngineResult> engines, boolean complete) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("run_id", run.runId());
        root.put("started", run.started().toString());
        root.put("complete", complete);
        root.put("status", complete && EngineResult.allPassed(engines) ? "Succeeded" : "Failed");
        root.put("machine", Map.of("cores", run.machine().cores(),
                "memory_gib", Math.round(run.machine().memoryBytes() / 1073741824.0 * 10) / 10.0,
                "jvm", run.machine().jvm()));
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("rate", run.rate());
        settings.put("duration_s", run.durationSeconds());
        settings.put("partitions", run.partitions());
        settings.put("message_bytes", run.messageBytes());
        settings.put("warmup_s", run.warmupSeconds());
        settings.put("threshold_s", run.thresholdSeconds());
        settings.put("drain_timeout_s", run.drainTimeoutSeconds());
        settings.put("trend_bound_s_per_s", run.trendBound());
        settings.put("trend_min_rise_s", run.trendMinRiseSeconds());
        settings.put("keep_up_ratio", run.keepUpRatio());
        settings.put("clock_tolerance_ms", run.clockToleranceMs());
        if (!run.faults().isEmpty()) {
            settings.put("faults", run.faults());
        }
        root.put("settings", settings);
        // a consumer's knobs name its secrets; a reason or a log tail may quote one back in any form
        engines.forEach(e -> streambench.common.Secrets.rememberSecretsIn(e.knobs()));
        List<Map<String, Object>> list = new ArrayList<>();
        for (EngineResult e : engines) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("engine", e.id());
            m.put("version", e.label());
            m.put("status", e.status().text());
            e.notRun().ifPresent(r -> m.put("not_run_reason", streambench.common.Secrets.redactText(r)));
            m.put("failures", e.verdict().failures());
            List<Map<String, Object>> checks = new ArrayList<>();
            for (Verdict.Check c : e.verdict().checks()) {
                Map<String, Object> check = new LinkedHashMap<>();
                check.put("check", c.name());
                check.put("passed", c.passed());
                check.put("detail", c.detail());
                checks.add(check);
            }
            m.put("checks", checks);
            if (e.ran()) {
                e.producer().ifPresent(p -> {
                    m.put("offered_rate", p.targetRate());
                    m.put("achieved_rate", round(p.achievedRate()));
                    m.put("producer_max_ack_lag_ms", round(p.maxAckLagMs()));
                });
                m.put("produced_rate_steady", round(e.producedRate()));
                m.put("committed_rate_steady", round(e.committedRate()));
                m.put("keep_up_ratio", e.producedRate() > 0 ? round(e.committedRate() / e.producedRate()) : null);
                Map<String, Object> lat = new LinkedHashMap<>();
                lat.put("p50", round(e.percentileSeconds(50)));
                lat.put("p90", round(e.percentileSeconds(90)));
                lat.put("p99", round(e.percentileSeconds(99)));
                lat.put("p99.9", round(e.percentileSeconds(99.9)));
                lat.put("max", round(e.maxSeconds()));
                m.put("latency_s", lat);
                m.put("trend_s_per_s", round(e.trendSlope()));
                e.completeness().ifPresent(c -> {
                    m.put("expected", c.expected());
                    m.put("rows", c.rows());
                    m.put("missing", c.missing());
                    m.put("duplicates", c.duplicates());
                    m.put("unexpected", c.unexpected());
                });
                m.put("malformed", e.malformed());
                m.put("foreign", e.foreignRows());
                if (!e.foreignExamples().isEmpty()) {
                    m.put("foreign_examples", e.foreignExamples());
                }
                if (!e.faults().isEmpty()) {
                    List<Map<String, Object>> faults = new ArrayList<>();
                    for (FaultRun.Outcome f : e.faults()) {
                        Map<String, Object> fm = new LinkedHashMap<>();
                        fm.put("fault", f.fault());
                        fm.put("at_s", round(f.atSecond()));
                        fm.put("peak_latency_s", round(f.peakSeconds()));
                        fm.put("recovery_s", f.recoverySeconds());
                        fm.put("recovered", f.recovered());
                        fm.put("how", f.how());
                        fm.put("note", f.note());
                        faults.add(fm);
                    }
                    m.put("faults", faults);
                }
                if (e.poisonInjected() >= 0) {
                    m.put("poison_injected", e.poisonInjected());
                }
                m.put("negative_latencies", e.negativeLatencies());
                m.put("worst_negative_latency_ms", round(e.worstNegativeMicros() / 1e3));
                m.put("commits", e.commits().size());
                List<Long> gaps = e.commits().stream().filter(c -> c.observedMillis() >= 0)
                        .map(c -> c.observedMillis() - c.commitMillis()).sorted().toList();
                if (!gaps.isEmpty()) {
                    m.put("observed_minus_commit_ms", Map.of("median", gaps.get(gaps.size() / 2),
                            "max", gaps.get(gaps.size() - 1), "min", gaps.get(0)));
                }
                Map<String, Object> procs = new LinkedHashMap<>();
                e.processes().forEach((name, samples) -> procs.put(name, Map.of(
                        "cpu_percent_avg", round(ProcessSampler.average(samples, ProcessSampler.Sample::cpuPercent)),
                        "cpu_percent_max", round(ProcessSampler.max(samples, ProcessSampler.Sample::cpuPercent)),
                        "rss_mib_max", round(ProcessSampler.max(samples, ProcessSampler.Sample::rssMiB)))));
                m.put("processes", procs);
            }
            m.put("knobs", streambench.common.Secrets.redact(new java.util.TreeMap<>(e.knobs())));
            if (!e.logTail().isEmpty()) {
                m.put("log_tail", streambench.common.Secrets.redactText(e.logTail()));
            }
            list.add(m);
        }
        root.put("engines", list);
        return root;
    }

    private static Double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 1000) / 1000.0 : null;
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
