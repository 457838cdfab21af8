package streambench.deltawriter;

/**
 * The benchmark table: {@code ts TIMESTAMP, producer_id INT, seq BIGINT, kafka_ts TIMESTAMP}, the same as the Spark
 * consumers write. {@code kafka_ts} is the record's Kafka timestamp (the broker's append time on the harness's
 * topics), null where the record had none.
 */
public final class EventTable {
    public static final RowFormat<EventRow> FORMAT = RowFormat.<EventRow>builder()
            .column("ts", ColumnType.TIMESTAMP_MICROS, false, r -> r.tsMicros)
            .column("producer_id", ColumnType.INT, false, r -> r.producerId)
            .column("seq", ColumnType.LONG, false, r -> r.seq)
            .column("kafka_ts", ColumnType.TIMESTAMP_MICROS, true, r -> r.kafkaTsMicros)
            .build();

    private EventTable() {}
}
