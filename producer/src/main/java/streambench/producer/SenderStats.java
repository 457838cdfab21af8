package streambench.producer;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAccumulator;

/**
 * Counters of one producer_id. {@code sent} and lag are written by its sending thread, the ack
 * counters by Kafka's I/O thread; the reporter reads them all.
 */
final class SenderStats {
    final int producerId;
    final AtomicLong sent = new AtomicLong();
    final AtomicLong acked = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final LongAccumulator firstAckedSeq = new LongAccumulator(Math::min, Long.MAX_VALUE);
    final LongAccumulator lastAckedSeq = new LongAccumulator(Math::max, -1);
    final AtomicReference<String> firstError = new AtomicReference<>();
    /** Lag behind schedule of the latest send, and the worst since the reporter last looked / ever. */
    volatile long currentLagNanos;
    final LongAccumulator intervalMaxLagNanos = new LongAccumulator(Math::max, 0);
    final LongAccumulator maxLagNanos = new LongAccumulator(Math::max, 0);

    SenderStats(int producerId) {
        this.producerId = producerId;
    }

    void observeLag(long lagNanos) {
        currentLagNanos = lagNanos;
        intervalMaxLagNanos.accumulate(lagNanos);
        maxLagNanos.accumulate(lagNanos);
    }

    void onAck(long seq) {
        acked.incrementAndGet();
        firstAckedSeq.accumulate(seq);
        lastAckedSeq.accumulate(seq);
    }

    void onFailure(String message) {
        failed.incrementAndGet();
        firstError.compareAndSet(null, message);
    }
}
