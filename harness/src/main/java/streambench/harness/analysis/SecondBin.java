package streambench.harness.analysis;

/**
 * Latency of the records whose {@code ts} falls in one second of the run (seconds since the first
 * event's scheduled time). {@code maxSeconds} is the strict reading the verdict and the tuning loop
 * use; the original benchmark averaged, which hides tails.
 */
public record SecondBin(
        long elapsedSecond, double maxSeconds, double p50Seconds, double p99Seconds, double avgSeconds, long count) {}
