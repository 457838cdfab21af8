package streambench.producer;

import java.io.PrintStream;
import java.util.List;

/**
 * One dense line per interval, like Kafka's ProducerPerformance, in key=value form so the harness
 * and grep can read it: target and achieved rates, lag behind schedule, errors, totals.
 * {@code send_lag_ms} is how late the latest send() call was; {@code ack_lag_ms} the worst delay from
 * an event's due time to its acknowledgement in the interval, which includes time in the buffer.
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
        long sendLag = 0;
        long intervalMaxAckLag = 0;
        for (SenderStats s : stats) {
            sent += s.sent.get();
            acked += s.acked.get();
            failed += s.failed.get();
            sendLag = Math.max(sendLag, s.currentSendLagNanos);
            s.intervalMaxSendLagNanos.reset();
            intervalMaxAckLag = Math.max(intervalMaxAckLag, s.intervalMaxAckLagNanos.getThenReset());
        }
        double seconds = Math.max(1e-9, (now - lastNanos) / 1e9);
        out.printf(
                "producer t=%.0fs target=%d/s sent=%.0f/s acked=%.0f/s send_lag_ms=%d ack_lag_ms=%d errors=%d total_sent=%d%n",
                (now - startNanos) / 1e9,
                targetRate,
                (sent - lastSent) / seconds,
                (acked - lastAcked) / seconds,
                sendLag / 1_000_000,
                intervalMaxAckLag / 1_000_000,
                failed,
                sent);
        out.flush();
        lastNanos = now;
        lastSent = sent;
        lastAcked = acked;
    }
}
