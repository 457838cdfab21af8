package streambench.harness.engine;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import streambench.harness.analysis.CommitRow;
import streambench.harness.analysis.Completeness;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;
import streambench.harness.fault.FaultRun;
import streambench.services.ProcessSampler;
import streambench.services.ProducerReport;

/**
 * Everything the reports say about one engine in one run; {@code notRun} holds why it has no figures.
 * {@code maxSeconds} is the exact largest latency; the histogram serves the percentiles. Latency runs from each
 * event's intended send time to when a reader could see it ({@code bins}, judged); {@code commitBins} hold the same
 * rows' latency to their version's commit timestamp, the writer's own clock, for comparison; {@code waterfall} splits
 * each row's latency into stages (empty where the table has no Kafka timestamps).
 */
public record EngineResult(
        String id,
        String label,
        boolean attempted,
        Optional<String> notRun,
        long startMicros,
        List<SecondBin> bins,
        Histogram whole,
        double maxSeconds,
        List<CommitRow> commits,
        Optional<ProducerReport> producer,
        Optional<Completeness.Result> completeness,
        long foreignRows,
        List<String> foreignExamples,
        double producedRate,
        double committedRate,
        double trendSlope,
        long malformed,
        long negativeLatencies,
        long worstNegativeMicros,
        Map<String, List<ProcessSampler.Sample>> processes,
        Map<String, String> knobs,
        List<FaultRun.Outcome> faults,
        long poisonInjected,
        Verdict.Outcome verdict,
        String logTail,
        WarmStart warmStart,
        Optional<streambench.harness.analysis.BatchAnatomy> anatomy,
        Optional<ConsumerJvm> consumerJvm,
        List<SecondBin> commitBins,
        streambench.harness.analysis.LatencyWaterfall.Result waterfall,
        streambench.harness.analysis.SoakWindows soak,
        List<streambench.common.ReadBack.Report> readBack) {

    /**
     * No figures: {@code attempted} when it was started but crashed, never became ready or could not be
     * analysed (failed), otherwise it could not be started at all (not run).
     */
    public static EngineResult didNotRun(
            Engine engine, String why, boolean attempted, Map<String, String> knobs, String logTail) {
        // the reason goes to the console, the verdict, the chart and every result file: mask what it may quote
        streambench.common.Secrets.rememberSecretsIn(knobs);
        String reason = streambench.common.Secrets.redactText(why);
        return new EngineResult(
                engine.id(),
                engine.label(),
                attempted,
                Optional.of(reason),
                0,
                List.of(),
                new Histogram(3),
                Double.NaN,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                0,
                List.of(),
                0,
                0,
                Double.NaN,
                0,
                0,
                0,
                Map.of(),
                knobs,
                List.of(),
                -1,
                new Verdict.Outcome(List.of(new Verdict.Check("ran", false, reason))),
                logTail,
                WarmStart.NONE,
                Optional.empty(),
                Optional.empty(),
                List.of(),
                streambench.harness.analysis.LatencyWaterfall.Result.NONE,
                streambench.harness.analysis.SoakWindows.NONE,
                java.util.List.of());
    }

    /** Succeeded only when there is at least one result and every one passed: not run and invalid fail too. */
    public static boolean allPassed(List<EngineResult> results) {
        return !results.isEmpty() && results.stream().allMatch(r -> r.status() == EngineStatus.PASSED);
    }

    /**
     * The same result with what the run itself knows: its warm start (the table's count kept), the anatomy of the
     * consumer's units of work from its telemetry, and what reading the table's last minutes back cost its readers.
     */
    EngineResult withRunFigures(
            WarmStart sent,
            Optional<streambench.harness.analysis.BatchAnatomy> batches,
            List<streambench.common.ReadBack.Report> reads) {
        return new EngineResult(
                id,
                label,
                attempted,
                notRun,
                startMicros,
                bins,
                whole,
                maxSeconds,
                commits,
                producer,
                completeness,
                foreignRows,
                foreignExamples,
                producedRate,
                committedRate,
                trendSlope,
                malformed,
                negativeLatencies,
                worstNegativeMicros,
                processes,
                knobs,
                faults,
                poisonInjected,
                verdict,
                logTail,
                sent.withRows(warmStart.rows()),
                batches,
                consumerJvm,
                commitBins,
                waterfall,
                soak,
                List.copyOf(reads));
    }

    public boolean ran() {
        return notRun.isEmpty();
    }

    public EngineStatus status() {
        if (!ran()) {
            return attempted ? EngineStatus.FAILED : EngineStatus.NOT_RUN;
        }
        if (verdict.invalid()) {
            return EngineStatus.INVALID;
        }
        if (verdict.passed()) {
            return EngineStatus.PASSED;
        }
        return verdict.undetermined() ? EngineStatus.UNDETERMINED : EngineStatus.FAILED;
    }

    /**
     * Passed, but under a load that came late: the note the reports put beside the status ("under a late load
     * (slowest ack 1,110 ms)"); empty otherwise.
     */
    public Optional<String> lateLoadNote() {
        if (status() != EngineStatus.PASSED || !verdict.lateLoad() || producer.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                java.util.Locale.ROOT,
                "under a late load (slowest ack %,.0f ms)",
                producer.get().maxAckLagMs()));
    }

    /** The consumer's average CPU over its turn, in cores (1.0 = one core busy); NaN when it was not sampled. */
    public double consumerCores() {
        List<ProcessSampler.Sample> samples = processes.get("consumer");
        if (samples == null || samples.isEmpty()) {
            return Double.NaN;
        }
        return ProcessSampler.average(samples, ProcessSampler.Sample::cpuPercent) / 100.0;
    }

    /** What each 1,000 msg/s of committed load cost the consumer, in cores: comparable across rates and engines. */
    public double consumerCoresPerThousand() {
        return committedRate > 0 ? consumerCores() / (committedRate / 1000.0) : Double.NaN;
    }

    public double percentileSeconds(double p) {
        return whole.getTotalCount() == 0 ? Double.NaN : whole.getValueAtPercentile(p) / 1e6;
    }
}
