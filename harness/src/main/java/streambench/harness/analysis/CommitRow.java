package streambench.harness.analysis;

/**
 * One data commit as the analysis saw it: when the writer says it committed, when the harness first
 * saw it (or -1 if it was not tailing), how many records it made visible and their latency range.
 */
public record CommitRow(
        long version,
        long commitMillis,
        long observedMillis,
        long records,
        double minLatencySeconds,
        double maxLatencySeconds) {}
