package streambench.harness;

import java.time.Instant;

/** The settings of one harness run, as the reports record them. */
record RunInfo(String runId, Instant started, Machine machine, long rate, long durationSeconds, int partitions,
               int messageBytes, long warmupSeconds, double thresholdSeconds, long drainTimeoutSeconds,
               double trendBound, double trendMinRiseSeconds, double keepUpRatio, long clockToleranceMs) {
}
