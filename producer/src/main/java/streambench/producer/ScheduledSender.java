package streambench.producer;

import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import streambench.common.Event;
import streambench.common.EventCodec;

/**
 * Sends one producer_id's events on an open-loop schedule: event k is due at a fixed time whatever
 * happened before, and carries that due time as {@code ts}. When the producer falls behind (a full
 * buffer blocks send()), the backlog is sent as fast as possible with the original due times, so
 * the stall counts as latency downstream instead of silently lowering the offered load.
 */
final class ScheduledSender implements Runnable {
    /** Sleeping shorter than this costs more than it saves; park granularity is ~50 µs on Linux. */
    private static final long MIN_PARK_NANOS = 20_000;
    /** How late a pre-roll event may be before the pre-roll skips ahead to the events due now. */
    private static final long SKIP_AFTER_NANOS = 10_000_000;

    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final RateSchedule schedule;
    private final long eventCount;
    private final int messageBytes;
    private final SenderStats stats;
    private final UnaryOperator<String> redact;
    private final EventCodec codec = new EventCodec();
    private final boolean skipLate;
    private String padding = "";
    private long skipped;
    private volatile boolean stopRequested;
    private volatile boolean finishedSchedule;

    /**
     * @param eventCount how many events to send, {@link Long#MAX_VALUE} for "until stopped"
     * @param skipLate for a pre-roll: events more than 10 ms late are skipped, not sent as a backlog, so a
     *     slow start never becomes a burst the consumer is still working through when the schedule starts
     */
    ScheduledSender(
            Producer<byte[], byte[]> producer,
            String topic,
            RateSchedule schedule,
            long eventCount,
            int messageBytes,
            SenderStats stats,
            UnaryOperator<String> redact,
            boolean skipLate) {
        this.skipLate = skipLate;
        this.producer = producer;
        this.topic = topic;
        this.schedule = schedule;
        this.eventCount = eventCount;
        this.messageBytes = messageBytes;
        this.stats = stats;
        this.redact = redact;
    }

    void requestStop() {
        stopRequested = true;
    }

    /** Events a pre-roll left out because they were late; always 0 for a schedule. */
    long skipped() {
        return skipped;
    }

    /** True when every scheduled event was handed to Kafka (not cut short by a stop request). */
    boolean finishedSchedule() {
        return finishedSchedule;
    }

    @Override
    public void run() {
        int producerId = stats.producerId;
        for (long seq = 0; seq < eventCount; seq++) {
            long due = schedule.dueNanos(seq);
            long now = System.nanoTime();
            while (due - now > MIN_PARK_NANOS) {
                if (stopRequested) {
                    return;
                }
                LockSupport.parkNanos(due - now);
                now = System.nanoTime();
            }
            if (stopRequested) {
                return;
            }
            if (skipLate && now - due > SKIP_AFTER_NANOS) {
                long next = Math.min(eventCount, schedule.firstDueFrom(now));
                skipped += next - seq;
                seq = next - 1; // the loop's seq++ lands on the first event due now
                continue;
            }
            stats.observeSendLag(due, Math.max(0, now - due));
            String payload = padding(EventCodec.payloadLengthFor(messageBytes, producerId, seq));
            byte[] value = codec.encode(new Event(schedule.dueEpochMicros(seq), producerId, seq, payload));
            final long s = seq;
            try {
                producer.send(new ProducerRecord<>(topic, value), (metadata, error) -> {
                    if (error == null) {
                        stats.onAck(s, due, System.nanoTime());
                    } else {
                        stats.onFailure(
                                () -> redact.apply(error.getClass().getSimpleName() + ": " + error.getMessage()));
                    }
                });
            } catch (RuntimeException e) {
                // send() itself can throw (e.g. buffer timeout); the event is counted, never silently lost
                stats.onFailure(() -> redact.apply(e.getClass().getSimpleName() + ": " + e.getMessage()));
            }
            stats.sent.incrementAndGet();
        }
        finishedSchedule = true;
    }

    /** The padding only changes length when seq gains a digit, so reuse it. */
    private String padding(int length) {
        if (padding.length() != length) {
            padding = "x".repeat(length);
        }
        return padding;
    }
}
