package streambench.producer;

import java.io.PrintStream;
import java.util.List;

/**
 * One dense line per interval, like Kafka's ProducerPerformance, in key=value form so the harness
 * and grep can read it: target and achieved rates, lag behind schedule, errors, totals.
 */
final class ProgressReporter {
    private final List<SenderStats> stats;
    private final long targetRate;
    private final long startNanos;
    private final PrintStream out;
    private long lastNanos;
    private long lastSent;
    private long lastAcked;

    ProgressReporter(List<SenderStats> stats, long targetRate, long startNanos, PrintStream out) {
        this.stats = stats;
        this.targetRate = targetRate;
        this.startNanos = startNanos;
        this.out = out;
        this.lastNanos = startNanos;
    }

    void report() {
        long now = System.nanoTime();
        long sent = 0;
        long acked = 0;
        long failed = 0;
        long lag = 0;
        long intervalMaxLag = 0;
        for (SenderStats s : stats) {
            sent += s.sent.get();
            acked += s.acked.get();
            failed += s.failed.get();
            lag = Math.max(lag, s.currentLagNanos);
            intervalMaxLag = Math.max(intervalMaxLag, s.intervalMaxLagNanos.getThenReset());
        }
        double seconds = Math.max(1e-9, (now - lastNanos) / 1e9);
        out.printf("producer t=%.0fs target=%d/s sent=%.0f/s acked=%.0f/s lag_ms=%d max_lag_ms=%d errors=%d total_sent=%d%n",
                (now - startNanos) / 1e9, targetRate, (sent - lastSent) / seconds, (acked - lastAcked) / seconds,
                lag / 1_000_000, intervalMaxLag / 1_000_000, failed, sent);
        out.flush();
        lastNanos = now;
        lastSent = sent;
        lastAcked = acked;
    }
}
