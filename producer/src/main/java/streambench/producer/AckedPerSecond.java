package streambench.producer;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Acknowledged events per second of the schedule (by due time, not by ack time), shared by every
 * sender of one producer process. The harness judges keep-up against these counts: what reached
 * Kafka for each second, not what reached the table, so a table that lost rows cannot look complete.
 */
final class AckedPerSecond {
    private final long startNanos;
    private final AtomicLongArray counts;

    /** @param seconds the schedule's length; 0 for a producer that runs until stopped (nothing is kept) */
    AckedPerSecond(long startNanos, long seconds) {
        this.startNanos = startNanos;
        this.counts = new AtomicLongArray((int) Math.min(Integer.MAX_VALUE - 8, Math.max(0, seconds)));
    }

    void onAck(long dueNanos) {
        long second = Math.floorDiv(dueNanos - startNanos, 1_000_000_000L);
        if (second >= 0 && second < counts.length()) {
            counts.incrementAndGet((int) second);
        }
    }

    long[] snapshot() {
        long[] out = new long[counts.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = counts.get(i);
        }
        return out;
    }
}
