package streambench.harness.engine;

import java.time.Instant;
import java.util.List;
import streambench.services.Machine;

/**
 * The settings of one harness run, as the reports record them. {@code warmStartSeconds} is the warm-up load
 * the harness sends into the run's topic after the consumer is ready and before the measured schedule (0:
 * none); {@code storeDelayMs} is what the delay proxy added to every request to the embedded lake (0: no
 * proxy); {@code warmupSeconds} is the verdict's: seconds of the measured schedule the trend check leaves out.
 */
public record RunInfo(
        String runId,
        Instant started,
        Machine machine,
        long rate,
        long durationSeconds,
        int partitions,
        int messageBytes,
        long warmupSeconds,
        double thresholdSeconds,
        long drainTimeoutSeconds,
        double trendBound,
        double trendMinRiseSeconds,
        double keepUpRatio,
        long clockToleranceMs,
        List<String> faults,
        long warmStartSeconds,
        long storeDelayMs,
        Measurement measurement) {

    /** No faults, no warm start: for analysing a table written elsewhere, and for tests. */
    public RunInfo(
            String runId,
            Instant started,
            Machine machine,
            long rate,
            long durationSeconds,
            int partitions,
            int messageBytes,
            long warmupSeconds,
            double thresholdSeconds,
            long drainTimeoutSeconds,
            double trendBound,
            double trendMinRiseSeconds,
            double keepUpRatio,
            long clockToleranceMs) {
        this(
                runId,
                started,
                machine,
                rate,
                durationSeconds,
                partitions,
                messageBytes,
                warmupSeconds,
                thresholdSeconds,
                drainTimeoutSeconds,
                trendBound,
                trendMinRiseSeconds,
                keepUpRatio,
                clockToleranceMs,
                List.of(),
                0,
                0,
                Measurement.DEFAULT);
    }

    /** The same settings measured with {@code m}. */
    public RunInfo with(Measurement m) {
        return new RunInfo(
                runId,
                started,
                machine,
                rate,
                durationSeconds,
                partitions,
                messageBytes,
                warmupSeconds,
                thresholdSeconds,
                drainTimeoutSeconds,
                trendBound,
                trendMinRiseSeconds,
                keepUpRatio,
                clockToleranceMs,
                faults,
                warmStartSeconds,
                storeDelayMs,
                m);
    }

    /** The same settings for one trial of a search: its own id, start and rate. */
    public RunInfo forTrial(String trialRunId, Instant trialStarted, long trialRate) {
        return forTrial(trialRunId, trialStarted, trialRate, durationSeconds);
    }

    /** The same settings for one trial of a search that runs for its own length, such as tune's confirmation. */
    public RunInfo forTrial(String trialRunId, Instant trialStarted, long trialRate, long trialSeconds) {
        return new RunInfo(
                trialRunId,
                trialStarted,
                machine,
                trialRate,
                trialSeconds,
                partitions,
                messageBytes,
                warmupSeconds,
                thresholdSeconds,
                drainTimeoutSeconds,
                trendBound,
                trendMinRiseSeconds,
                keepUpRatio,
                clockToleranceMs,
                faults,
                warmStartSeconds,
                storeDelayMs,
                measurement);
    }
}
