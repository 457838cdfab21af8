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
    /**
     * Lag behind schedule when send() was called. Cheap to see, but the producer's buffer can hide a
     * backlog behind it, so the one that decides whether the load was delivered is the ack lag below.
     */
    volatile long currentSendLagNanos;

    final LongAccumulator intervalMaxSendLagNanos = new LongAccumulator(Math::max, 0);
    final LongAccumulator maxSendLagNanos = new LongAccumulator(Math::max, 0);
    /** Due time to broker acknowledgement: how late the event really reached Kafka. */
    final LongAccumulator intervalMaxAckLagNanos = new LongAccumulator(Math::max, 0);

    final LongAccumulator maxAckLagNanos = new LongAccumulator(Math::max, 0);
    final LongAccumulator lastAckNanos = new LongAccumulator(Math::max, Long.MIN_VALUE);

    private final ScheduleSeconds perSecond;

    /** The schedule of this producer_id: its rate and its first event's due time (epoch µs); 0 when unknown. */
    final double rate;

    final long startMicros;

    SenderStats(int producerId) {
        this(producerId, new ScheduleSeconds(0, 0));
    }

    SenderStats(int producerId, ScheduleSeconds perSecond) {
        this(producerId, perSecond, 0, 0);
    }

    SenderStats(int producerId, ScheduleSeconds perSecond, double rate, long startMicros) {
        this.producerId = producerId;
        this.rate = rate;
        this.startMicros = startMicros;
        this.perSecond = perSecond;
    }

    /** @param dueNanos when the event was due, which names the second of the schedule it counts in */
    void observeSendLag(long dueNanos, long lagNanos) {
        perSecond.onSend(dueNanos, lagNanos);
        currentSendLagNanos = lagNanos;
        intervalMaxSendLagNanos.accumulate(lagNanos);
        maxSendLagNanos.accumulate(lagNanos);
    }

    void onAck(long seq, long dueNanos, long nowNanos) {
        acked.incrementAndGet();
        perSecond.onAck(dueNanos);
        firstAckedSeq.accumulate(seq);
        lastAckedSeq.accumulate(seq);
        long lag = Math.max(0, nowNanos - dueNanos);
        intervalMaxAckLagNanos.accumulate(lag);
        maxAckLagNanos.accumulate(lag);
        lastAckNanos.accumulate(nowNanos);
    }

    /**
     * Counts a failed send; keeps the first one's message. The message is made (and its secrets masked) only
     * for that one: a broker that goes away fails every buffered send, hundreds of thousands a second.
     */
    void onFailure(java.util.function.Supplier<String> message) {
        failed.incrementAndGet();
        if (firstError.get() == null) {
            firstError.compareAndSet(null, message.get());
        }
    }
}
