package streambench.harness.engine;

import java.time.Instant;
import streambench.harness.services.Machine;

/** The settings of one harness run, as the reports record them. */
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
        java.util.List<String> faults) {

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
                java.util.List.of());
    }
}
