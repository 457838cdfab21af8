package streambench.harness.analysis;

/**
 * One data commit as the analysis saw it: when the writer says it committed, when the harness first
 * saw it and the last time it looked and did not (each -1 if it was not tailing), how many records it made
 * visible and their latency range to the commit timestamp. {@code lookMillis}: how long the harness's look that
 * found it took (one storage request), -1 where unknown.
 */
public record CommitRow(
        long version,
        long commitMillis,
        long observedMillis,
        long notYetMillis,
        long lookMillis,
        long records,
        double minLatencySeconds,
        double maxLatencySeconds) {}
