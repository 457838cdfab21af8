package streambench.harness.analysis;

/**
 * The latency of the records whose {@code ts} falls in [{@code fromSecond}, {@code toSecond}) of the run: the exact
 * maximum (the largest per-second maximum) and the 99th percentile of every record in it.
 */
public record LatencyWindow(long fromSecond, long toSecond, double maxSeconds, double p99Seconds, long count) {}
