package streambench.deltawriter;

/** The benchmark table: {@code ts TIMESTAMP, producer_id INT, seq BIGINT}, the same as the Spark consumers write. */
public final class EventTable {
    public static final RowFormat<EventRow> FORMAT = RowFormat.<EventRow>builder()
            .column("ts", ColumnType.TIMESTAMP_MICROS, false, r -> r.tsMicros)
            .column("producer_id", ColumnType.INT, false, r -> r.producerId)
            .column("seq", ColumnType.LONG, false, r -> r.seq)
            .build();

    private EventTable() {}
}
