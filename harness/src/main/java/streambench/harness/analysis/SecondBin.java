package streambench.harness.analysis;

/**
 * Latency of the records whose {@code ts} falls in one second of the run (seconds since the first
 * event's scheduled time). {@code maxSeconds} is the strict reading the verdict and the tuning loop
 * use; the original benchmark averaged, which hides tails. {@code censored} of its {@code count} records never became
 * visible: each counts with the latency it had when the drain ended, a lower bound ({@link LatencyRecorder}).
 */
public record SecondBin(
        long elapsedSecond,
        double maxSeconds,
        double p50Seconds,
        double p99Seconds,
        double avgSeconds,
        long count,
        long censored) {
    public SecondBin(
            long elapsedSecond,
            double maxSeconds,
            double p50Seconds,
            double p99Seconds,
            double avgSeconds,
            long count) {
        this(elapsedSecond, maxSeconds, p50Seconds, p99Seconds, avgSeconds, count, 0);
    }
}
