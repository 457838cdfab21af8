package streambench.deltawriter;

/**
 * One event as the writers carry it: the table's columns, without the producer's padding, and the record's Kafka
 * timestamp in µs (null where the record had none, as in the warm-up's rows). A Flink
 * POJO (public fields, no-arg constructor), so Flink serialises it with its own POJO serializer rather
 * than Kryo, which cannot rebuild Java records; the yardstick uses it as it is.
 */
public class EventRow {
    public long tsMicros;
    public int producerId;
    public long seq;
    public Long kafkaTsMicros;

    public EventRow() {}

    public EventRow(long tsMicros, int producerId, long seq) {
        this(tsMicros, producerId, seq, null);
    }

    public EventRow(long tsMicros, int producerId, long seq, Long kafkaTsMicros) {
        this.tsMicros = tsMicros;
        this.producerId = producerId;
        this.seq = seq;
        this.kafkaTsMicros = kafkaTsMicros;
    }

    /** A Kafka record's timestamp (ms, negative when it has none) as the column holds it. */
    public static Long kafkaTsMicros(long kafkaTimestampMillis) {
        return kafkaTimestampMillis < 0 ? null : kafkaTimestampMillis * 1000;
    }

    @Override
    public String toString() {
        return "EventRow{ts=" + tsMicros + ", producer_id=" + producerId + ", seq=" + seq + ", kafka_ts="
                + kafkaTsMicros + "}";
    }
}
