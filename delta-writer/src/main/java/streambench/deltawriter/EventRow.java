package streambench.deltawriter;

/**
 * One event as the writers carry it: the three table columns, without the producer's padding. A Flink
 * POJO (public fields, no-arg constructor), so Flink serialises it with its own POJO serializer rather
 * than Kryo, which cannot rebuild Java records; the yardstick uses it as it is.
 */
public class EventRow {
    public long tsMicros;
    public int producerId;
    public long seq;

    public EventRow() {}

    public EventRow(long tsMicros, int producerId, long seq) {
        this.tsMicros = tsMicros;
        this.producerId = producerId;
        this.seq = seq;
    }

    @Override
    public String toString() {
        return "EventRow{ts=" + tsMicros + ", producer_id=" + producerId + ", seq=" + seq + "}";
    }
}
