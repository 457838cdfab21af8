package streambench.producer;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per second of the schedule (by due time, not by when it happened), shared by every sender of one producer
 * process: the events acknowledged, and the worst send lag (send() called minus due). The harness judges keep-up
 * against the counts: what reached Kafka for each second, not what reached the table, so a table that lost rows
 * cannot look complete. The send lag is the producer's share of each second's latency in the latency waterfall.
 */
final class ScheduleSeconds {
    private final long startNanos;
    private final AtomicLongArray counts;
    private final AtomicLongArray maxSendLagMicros;

    /** @param seconds the schedule's length; 0 for a producer that runs until stopped (nothing is kept) */
    ScheduleSeconds(long startNanos, long seconds) {
        this.startNanos = startNanos;
        int length = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(0, seconds));
        this.counts = new AtomicLongArray(length);
        this.maxSendLagMicros = new AtomicLongArray(length);
    }

    void onAck(long dueNanos) {
        int second = second(dueNanos);
        if (second >= 0) {
            counts.incrementAndGet(second);
        }
    }

    /**
     * Called for every event by the sender threads, which share the array: a plain read first, so the common case
     * (not the second's worst) writes nothing shared; the update itself is atomic.
     */
    void onSend(long dueNanos, long lagNanos) {
        int second = second(dueNanos);
        if (second < 0) {
            return;
        }
        long micros = lagNanos / 1000;
        if (micros > maxSendLagMicros.get(second)) {
            maxSendLagMicros.accumulateAndGet(second, micros, Math::max);
        }
    }

    long[] snapshot() {
        return copy(counts);
    }

    /** The worst send lag of each second, in µs. */
    long[] sendLagSnapshot() {
        return copy(maxSendLagMicros);
    }

    /** The second {@code dueNanos} falls in, or -1 outside the schedule. */
    private int second(long dueNanos) {
        long second = Math.floorDiv(dueNanos - startNanos, 1_000_000_000L);
        return second >= 0 && second < counts.length() ? (int) second : -1;
    }

    private static long[] copy(AtomicLongArray a) {
        long[] out = new long[a.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = a.get(i);
        }
        return out;
    }
}
