package streambench.common;

/**
 * One benchmark record. {@code tsMicros} is the intended send time (microseconds since the epoch,
 * UTC) from the producer's rate schedule, not the moment send() ran, so a stalled producer shows up
 * as latency. {@code payload} only pads the record to the configured size.
 */
public record Event(long tsMicros, int producerId, long seq, String payload) {
    public Event {
        if (producerId < 0) {
            throw new IllegalArgumentException("producer_id must be >= 0, got " + producerId);
        }
        if (seq < 0) {
            throw new IllegalArgumentException("seq must be >= 0, got " + seq);
        }
        if (payload == null) {
            throw new IllegalArgumentException("payload must not be null");
        }
    }
}
