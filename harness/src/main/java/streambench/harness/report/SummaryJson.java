package streambench.harness.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import streambench.common.Secrets;
import streambench.harness.analysis.CommitRow;
import streambench.harness.analysis.Completeness;
import streambench.harness.analysis.LatencyWaterfall;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.RunInfo;
import streambench.harness.engine.YardstickRatios;
import streambench.harness.fault.FaultRun;
import streambench.services.ProcessSampler;
import streambench.services.ProducerReport;

/**
 * The shape of summary.json, one record per object. A group of fields that is there or not as a whole
 * (the figures of an engine that ran, the producer's, the completeness counts) is an unwrapped record that
 * is null when absent; a figure that could not be computed is written as null.
 */
record SummaryJson(
        @JsonProperty("run_id") String runId,
        String started,
        boolean complete,
        String status,
        MachineJson machine,
        Settings settings,
        List<Engine> engines) {

    record MachineJson(
            int cores, @JsonProperty("memory_gib") double memoryGib, String jvm) {}

    record Settings(
            long rate,
            @JsonProperty("duration_s") long durationSeconds,
            int partitions,
            @JsonProperty("message_bytes") int messageBytes,
            @JsonProperty("warmup_s") long warmupSeconds,
            @JsonProperty("threshold_s") double thresholdSeconds,
            @JsonProperty("drain_timeout_s") long drainTimeoutSeconds,
            @JsonProperty("trend_bound_s_per_s") double trendBound,
            @JsonProperty("trend_min_rise_s") double trendMinRiseSeconds,
            @JsonProperty("keep_up_ratio") double keepUpRatio,
            @JsonProperty("clock_tolerance_ms") long clockToleranceMs,
            @JsonInclude(Include.NON_EMPTY) List<String> faults,
            @JsonProperty("warm_start_s") long warmStartSeconds,
            @JsonProperty("store_delay_ms") long storeDelayMs,
            @JsonProperty("visibility_poll_ms") long visibilityPollMs,
            @JsonProperty("ts_tolerance_ms") long tsToleranceMs,
            @JsonProperty("backlog_growth_max_s") double backlogGrowthSeconds,
            @JsonProperty("read_back_s") long readBackSeconds,
            @JsonProperty("store_probe_ms") long storeProbeMs,
            @JsonProperty("prefill_store") long prefillFiles,

            @JsonProperty("engine_cpus") @JsonInclude(Include.NON_EMPTY)
            String engineCpus,

            @JsonProperty("ack_bound_ms") double ackBoundMs,
            @JsonProperty("heap_growth_share") double heapGrowthShare,
            @JsonProperty("clock_requests") int clockRequests) {}

    record Engine(
            String engine,
            String version,
            String status,

            /** Beside a pass: "under a late load (slowest ack N ms)". */
            @JsonProperty("status_note") @JsonInclude(Include.NON_NULL)
            String statusNote,

            @JsonProperty("not_run_reason") @JsonInclude(Include.NON_NULL)
            String notRunReason,

            List<String> failures,
            List<Check> checks,
            @JsonUnwrapped Figures figures,

            @JsonProperty("vs_yardstick") @JsonInclude(Include.NON_NULL)
            VsYardstick vsYardstick,

            Map<String, String> knobs,

            @JsonProperty("log_tail") @JsonInclude(Include.NON_EMPTY)
            String logTail) {}

    record Check(String check, boolean passed, String detail) {}

    /** The engine's figures over the yardstick's in the same run; absent when the yardstick did not run. */
    record VsYardstick(
            Double p99,
            Double max,
            @JsonProperty("consumer_cores_per_1000_msg_s") Double coresPerThousand) {}

    /** What an engine that ran measured. */
    record Figures(
            @JsonUnwrapped Producer producer,
            @JsonProperty("produced_rate_steady") Double producedRateSteady,
            @JsonProperty("committed_rate_steady") Double committedRateSteady,
            @JsonProperty("keep_up_ratio") Double keepUpRatio,
            /** To when a reader could see each row (the tail's visibility time): what the threshold judges. */
            @JsonProperty("latency_s") Latency latency,
            /** The largest latency to the commit timestamp the writer put in the log, for comparison. */
            @JsonProperty("commit_latency_max_s") Double commitLatencyMax,
            @JsonProperty("trend_s_per_s") Double trend,
            @JsonUnwrapped Counts completeness,
            long malformed,
            long foreign,

            @JsonProperty("foreign_examples") @JsonInclude(Include.NON_EMPTY)
            List<String> foreignExamples,

            @JsonInclude(Include.NON_EMPTY) List<Fault> faults,

            @JsonProperty("poison_injected") @JsonInclude(Include.NON_NULL)
            Long poisonInjected,

            @JsonProperty("negative_latencies") long negativeLatencies,
            @JsonProperty("worst_negative_latency_ms") Double worstNegativeLatencyMs,
            long commits,

            /** Data versions the tail never saw appear: their visibility fell back to their commit timestamp. */
            @JsonProperty("unobserved_versions") long unobservedVersions,

            @JsonProperty("observed_minus_commit_ms") @JsonInclude(Include.NON_NULL)
            Gaps observedMinusCommitMs,

            Map<String, ProcessFigures> processes,
            @JsonProperty("consumer_cores_per_1000_msg_s") Double consumerCoresPerThousand,

            @JsonProperty("warm_start") @JsonInclude(Include.NON_NULL)
            WarmStartJson warmStart,

            @JsonInclude(Include.NON_NULL) Anatomy anatomy,

            @JsonProperty("consumer_jvm") @JsonInclude(Include.NON_NULL)
            Jvm consumerJvm,

            @JsonInclude(Include.NON_NULL) Waterfall waterfall,
            @JsonInclude(Include.NON_EMPTY) List<Window> windows,

            @JsonProperty("read_back") @JsonInclude(Include.NON_EMPTY)
            List<ReadBackJson> readBack) {}

    /**
     * One reader's read of the load's last minutes after the drain (a fresh JVM): the version it read, seconds to the
     * table's state and then to its rows, the data files it opened and their MiB (null where the reader does not
     * say), and the rows it found.
     */
    record ReadBackJson(
            String reader,
            long version,
            @JsonProperty("total_s") double totalSeconds,
            @JsonProperty("table_state_s") double tableStateSeconds,
            @JsonProperty("rows_s") double rowsSeconds,
            Long files,
            @JsonProperty("files_mib") Double filesMiB,
            long rows) {}

    /**
     * One window of the run (300 s; the last may be shorter), seconds of the schedule: its records' largest latency
     * and 99th percentile, the consumer's largest resident memory and its heap after GC (lowest and highest) while
     * they were due, and the table at its end: data files, files added and their mean size, the log's bytes, and the
     * log checkpoints written in it (seconds since the schedule began). Null where not read.
     */
    record Window(
            @JsonProperty("from_s") long fromSecond,
            @JsonProperty("to_s") long toSecond,
            @JsonProperty("max_s") Double maxSeconds,
            @JsonProperty("p99_s") Double p99Seconds,
            long rows,
            @JsonProperty("consumer_rss_mib_max") Double rssMaxMiB,
            @JsonProperty("consumer_heap_after_gc_mib_min") Double heapAfterGcMinMiB,
            @JsonProperty("consumer_heap_after_gc_mib_max") Double heapAfterGcMaxMiB,
            @JsonProperty("table_files") long files,
            @JsonProperty("files_added_per_minute") Double filesPerMinute,
            @JsonProperty("mean_file_kib") Double meanFileKiB,
            @JsonProperty("log_mib") Double logMiB,
            @JsonProperty("log_checkpoints_at_s") List<Long> checkpointSeconds,
            @JsonInclude(Include.NON_NULL) StoreWindow store) {}

    /**
     * The store beside the engine in one window: the store probe's median and largest time per kind of request (ms),
     * its failed requests, the store process's CPU (percent of a core, and ms per request the consumer made) where it
     * runs on this machine, and the engine's own cost (CPU µs per row, storage requests per unit of work).
     */
    record StoreWindow(
            @JsonProperty("probe_p50_ms") Map<String, Double> probeP50Ms,
            @JsonProperty("probe_max_ms") Map<String, Double> probeMaxMs,
            @JsonProperty("probe_failures") long probeFailures,
            @JsonProperty("store_cpu_percent") Double storeCpuPercent,
            @JsonProperty("store_cpu_ms_per_request") Double storeCpuMsPerRequest,
            @JsonProperty("consumer_cpu_us_per_row") Double consumerCpuMicrosPerRow,
            @JsonProperty("requests_per_unit") Double requestsPerUnit) {}

    /**
     * Where the measured rows' latency went, by stage (producer, broker, engine, commit, visibility; seconds): each
     * stage's largest and 99th percentile over the run, the run's worst record split into them and the stage it
     * spent most in, and every second at or over the threshold with its worst record's split. {@code stamped} rows
     * had a Kafka timestamp to split by, {@code unstamped} did not; {@code file_times_whole_seconds}: every data file's
     * time was a whole second (a store's listing with seconds only), so engine and commit are told apart to a second.
     */
    record Waterfall(
            @JsonProperty("max_s") Map<String, Double> maxSeconds,
            @JsonProperty("p99_s") Map<String, Double> p99Seconds,
            @JsonProperty("dominant_stage") String dominantStage,
            @JsonProperty("worst_record_s") Map<String, Double> worstRecord,
            @JsonProperty("seconds_over_threshold") List<StageSecond> overThreshold,
            long stamped,
            long unstamped,
            @JsonProperty("file_times_whole_seconds") boolean fileTimesWholeSeconds) {}

    /**
     * One second whose worst stamped record is at or over the threshold (over the whole run, faults included): its
     * worst record's latency, split and dominant stage, and {@code caused_by_load}: every record of the second would
     * have passed had it reached the broker on schedule (the load's, not the engine's).
     */
    record StageSecond(
            @JsonProperty("elapsed_s") long second,
            @JsonProperty("latency_s") Double latency,
            @JsonProperty("dominant_stage") String dominantStage,
            @JsonProperty("split_s") Map<String, Double> split,
            @JsonProperty("caused_by_load") boolean loadsFault) {}

    /** What the consumer's JVM saw once ready: a container's cpus and mem_limit show here. */
    record Jvm(
            @JsonProperty("available_processors") long availableProcessors,
            @JsonProperty("max_heap_mib") long maxHeapMib) {}

    /** The consumer's units of work (micro-batches, checkpoints) while the measured schedule ran. */
    record Anatomy(
            long units,
            @JsonProperty("rows_per_unit") Double rowsPerUnit,
            @JsonProperty("mean_ms") Map<String, Double> meanMs,
            @JsonProperty("max_ms") Map<String, Double> maxMs,
            @JsonProperty("storage_requests_per_unit") Map<String, Double> requestsPerUnit) {}

    /** Sent at the run's rate before the measured schedule; its rows are in the table but never measured. */
    record WarmStartJson(
            long seconds,
            long rate,
            long acked,
            @JsonProperty("rows_in_table") long rows,
            @JsonProperty("visible_after_s") Double visibleAfterSeconds,
            boolean completed) {}

    record Producer(
            @JsonProperty("offered_rate") long offeredRate,
            @JsonProperty("achieved_rate") Double achievedRate,
            @JsonProperty("producer_max_ack_lag_ms") Double maxAckLagMs) {}

    /**
     * {@code censored}: readings of rows that never became visible, in the percentiles and the max with the latency
     * they had when the drain ended (a lower bound).
     */
    record Latency(
            Double p50,
            Double p90,
            Double p99,
            @JsonProperty("p99.9") Double p999,
            Double max,
            long censored) {}

    /** {@code missing}: never visible (lost); {@code late}: in the table, visible only after the drain ended. */
    record Counts(long expected, long rows, long missing, long late, long duplicates, long unexpected) {}

    record Fault(
            String fault,
            @JsonProperty("at_s") Double atSecond,
            @JsonProperty("peak_latency_s") Double peakLatencySeconds,
            @JsonProperty("recovery_s") Long recoverySeconds,
            boolean recovered,
            String how,
            String note) {}

    record Gaps(long median, long max, long min) {}

    record ProcessFigures(
            @JsonProperty("cpu_percent_avg") Double cpuPercentAvg,
            @JsonProperty("cpu_percent_max") Double cpuPercentMax,
            @JsonProperty("rss_mib_max") Double rssMibMax) {}

    static SummaryJson of(RunInfo run, List<EngineResult> engines, boolean complete) {
        // a consumer's knobs name its secrets; a reason or a log tail may quote one back in any form
        engines.forEach(e -> Secrets.rememberSecretsIn(e.knobs()));
        return new SummaryJson(
                run.runId(),
                run.started().toString(),
                complete,
                complete && EngineResult.allPassed(engines) ? "Succeeded" : "Failed",
                new MachineJson(
                        run.machine().cores(),
                        Math.round(run.machine().memoryBytes() / 1073741824.0 * 10) / 10.0,
                        run.machine().jvm()),
                new Settings(
                        run.rate(),
                        run.durationSeconds(),
                        run.partitions(),
                        run.messageBytes(),
                        run.warmupSeconds(),
                        run.thresholdSeconds(),
                        run.drainTimeoutSeconds(),
                        run.trendBound(),
                        run.trendMinRiseSeconds(),
                        run.keepUpRatio(),
                        run.clockToleranceMs(),
                        run.faults(),
                        run.warmStartSeconds(),
                        run.storeDelayMs(),
                        run.measurement().visibilityPollMs(),
                        run.measurement().tsToleranceMs(),
                        run.measurement().backlogGrowthSeconds(),
                        run.measurement().readBackSeconds(),
                        run.measurement().storeProbeMs(),
                        run.measurement().prefillFiles(),
                        run.measurement().engineCpus(),
                        run.measurement().bounds().ackBoundMs(),
                        run.measurement().bounds().heapGrowthShare(),
                        run.measurement().bounds().clockRequests()),
                engines.stream()
                        .map(e -> engine(e, engines, run.thresholdSeconds()))
                        .toList());
    }

    private static Engine engine(EngineResult e, List<EngineResult> all, double thresholdSeconds) {
        List<Check> checks = e.verdict().checks().stream()
                .map((Verdict.Check c) -> new Check(c.name(), c.passed(), c.detail()))
                .toList();
        return new Engine(
                e.id(),
                e.label(),
                e.status().text(),
                e.lateLoadNote().orElse(null),
                e.notRun().map(Secrets::redactText).orElse(null),
                e.verdict().failures(),
                checks,
                e.ran() ? figures(e, thresholdSeconds) : null,
                YardstickRatios.of(e, all)
                        .map(x -> new VsYardstick(x.p99(), x.max(), x.coresPerThousand()))
                        .orElse(null),
                Secrets.redact(new TreeMap<>(e.knobs())),
                Secrets.redactText(e.logTail()));
    }

    private static Figures figures(EngineResult e, double thresholdSeconds) {
        Producer producer = e.producer()
                .map((ProducerReport p) ->
                        new Producer(p.targetRate(), round(p.achievedRate()), round(p.maxAckLagMs())))
                .orElse(null);
        Counts counts = e.completeness()
                .map((Completeness.Result c) ->
                        new Counts(c.expected(), c.rows(), c.missing(), c.late(), c.duplicates(), c.unexpected()))
                .orElse(null);
        return new Figures(
                producer,
                round(e.producedRate()),
                round(e.committedRate()),
                e.producedRate() > 0 ? round(e.committedRate() / e.producedRate()) : null,
                new Latency(
                        round(e.percentileSeconds(50)),
                        round(e.percentileSeconds(90)),
                        round(e.percentileSeconds(99)),
                        round(e.percentileSeconds(99.9)),
                        round(e.maxSeconds()),
                        e.bins().stream().mapToLong(SecondBin::censored).sum()),
                round(e.commitBins().stream()
                        .mapToDouble(SecondBin::maxSeconds)
                        .max()
                        .orElse(Double.NaN)),
                round(e.trendSlope()),
                counts,
                e.malformed(),
                e.foreignRows(),
                e.foreignExamples(),
                faults(e),
                e.poisonInjected() >= 0 ? e.poisonInjected() : null,
                e.negativeLatencies(),
                round(e.worstNegativeMicros() / 1e3),
                e.commits().size(),
                e.commits().stream().filter(c -> c.observedMillis() < 0).count(),
                gaps(e.commits()),
                processes(e),
                round(e.consumerCoresPerThousand()),
                warmStart(e),
                anatomy(e),
                e.consumerJvm()
                        .map(j -> new Jvm(j.availableProcessors(), j.maxHeapMiB()))
                        .orElse(null),
                waterfall(e.waterfall(), thresholdSeconds),
                windows(e.soak()),
                e.readBack().stream()
                        .map(r -> new ReadBackJson(
                                r.reader(),
                                r.version(),
                                r.totalMillis() / 1e3,
                                r.snapshotMillis() / 1e3,
                                r.scanMillis() / 1e3,
                                r.files() < 0 ? null : r.files(),
                                r.bytes() < 0 ? null : round(r.bytes() / 1048576.0),
                                r.rows()))
                        .toList());
    }

    private static List<Window> windows(streambench.harness.analysis.SoakWindows soak) {
        return soak.windows().stream()
                .map(w -> new Window(
                        w.fromSecond(),
                        w.toSecond(),
                        round(w.maxSeconds()),
                        round(w.p99Seconds()),
                        w.rows(),
                        round(w.rssMaxMiB()),
                        round(w.heapAfterGcMinMiB()),
                        round(w.heapAfterGcMaxMiB()),
                        w.files(),
                        round(w.filesPerMinute()),
                        round(w.meanFileBytes() / 1024),
                        round(w.logBytes() / (1024.0 * 1024)),
                        w.checkpointSeconds(),
                        soak.storeAt(w.fromSecond())
                                .map(x -> new StoreWindow(
                                        x.probeP50Ms(),
                                        x.probeMaxMs(),
                                        x.probeFailures(),
                                        round(x.storeCpuPercent()),
                                        round(x.storeCpuMsPerRequest()),
                                        round(x.consumerCpuMicrosPerRow()),
                                        round(x.requestsPerUnit())))
                                .orElse(null)))
                .toList();
    }

    private static Waterfall waterfall(LatencyWaterfall.Result w, double thresholdSeconds) {
        if (!w.any()) {
            return null;
        }
        long threshold = Math.round(thresholdSeconds * 1e6);
        List<StageSecond> over = w.seconds().stream()
                .filter(s -> s.worstMicros() >= threshold)
                .map(s -> new StageSecond(
                        s.elapsedSecond(),
                        round(s.worstMicros() / 1e6),
                        w.dominantLabel(s),
                        stages(s.worstSplit()),
                        s.loadsFault(threshold)))
                .toList();
        return new Waterfall(
                stages(w.maxMicros()),
                stages(w.p99Micros()),
                w.dominantLabel(),
                stages(w.worstSplit()),
                over,
                w.stamped(),
                w.unstamped(),
                w.fileTimesInWholeSeconds());
    }

    private static Map<String, Double> stages(long[] micros) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (LatencyWaterfall.Stage s : LatencyWaterfall.Stage.values()) {
            out.put(s.label, round(micros[s.ordinal()] / 1e6));
        }
        return out;
    }

    private static List<Fault> faults(EngineResult e) {
        return e.faults().stream()
                .map((FaultRun.Outcome f) -> new Fault(
                        f.fault(),
                        round(f.atSecond()),
                        round(f.peakSeconds()),
                        f.recoverySeconds(),
                        f.recovered(),
                        f.how(),
                        f.note()))
                .toList();
    }

    private static Map<String, ProcessFigures> processes(EngineResult e) {
        Map<String, ProcessFigures> processes = new LinkedHashMap<>();
        e.processes()
                .forEach((name, samples) -> processes.put(
                        name,
                        new ProcessFigures(
                                round(ProcessSampler.average(samples, ProcessSampler.Sample::cpuPercent)),
                                round(ProcessSampler.max(samples, ProcessSampler.Sample::cpuPercent)),
                                round(ProcessSampler.max(samples, ProcessSampler.Sample::rssMiB)))));
        return processes;
    }

    private static WarmStartJson warmStart(EngineResult e) {
        return e.warmStart().none()
                ? null
                : new WarmStartJson(
                        e.warmStart().seconds(),
                        e.warmStart().rate(),
                        e.warmStart().acked(),
                        e.warmStart().rows(),
                        round(e.warmStart().visibleAfterSeconds()),
                        e.warmStart().completed());
    }

    private static Anatomy anatomy(EngineResult e) {
        return e.anatomy()
                .map(a -> new Anatomy(
                        a.units(),
                        round(a.rowsPerUnit()),
                        rounded(a.meanMs()),
                        rounded(a.maxMs()),
                        rounded(a.requestsPerUnit())))
                .orElse(null);
    }

    /** How long after its commit the harness saw each commit it was tailing for. */
    private static Gaps gaps(List<CommitRow> commits) {
        List<Long> gaps = commits.stream()
                .filter(c -> c.observedMillis() >= 0)
                .map(c -> c.observedMillis() - c.commitMillis())
                .sorted()
                .toList();
        return gaps.isEmpty() ? null : new Gaps(gaps.get(gaps.size() / 2), gaps.get(gaps.size() - 1), gaps.get(0));
    }

    private static Map<String, Double> rounded(Map<String, Double> values) {
        Map<String, Double> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, round(v)));
        return out;
    }

    private static Double round(double v) {
        return Double.isFinite(v) ? Math.round(v * 1000) / 1000.0 : null;
    }
}
