package streambench.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.timestamp_micros;
import static org.apache.spark.sql.functions.udf;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.UserDefinedFunction;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.MalformedEventException;

/**
 * The event's JSON as Spark columns: {@code ts TIMESTAMP, producer_id INT, seq BIGINT}, and the table's, which adds
 * the record's Kafka timestamp ({@code kafka_ts TIMESTAMP}). A record is
 * valid exactly when common's {@link EventCodec} decodes it, as in the Flink consumer; anything else
 * is dropped and counted.
 *
 * <p>The decoding is a UDF around EventCodec, not {@code from_json}: on the hostile corpus
 * ({@code streambench.common.HostileRecords}) from_json plus range checks took 53 records the codec
 * refuses, the same on Spark 3.5 and 4.2 — trailing data after the object, unknown and duplicate
 * fields (the last one won), bytes that are not UTF-8, unpaired surrogates, single quotes, a payload
 * of any type, and a ts that Spark's cast reads leniently (no zone, another offset, a bare date, the
 * number 2026 as a year, 9 fraction digits truncated). Closing all that with SQL functions would take
 * two or three more JSON parses per record and functions Spark 3.5 lacks; one UDF call replaces the
 * one from_json parse.
 */
final class EventColumns {
    static final StructType DECODED = new StructType()
            .add("ts_micros", DataTypes.LongType)
            .add("producer_id", DataTypes.IntegerType)
            .add("seq", DataTypes.LongType);

    /** {@code kafka_ts}: the record's Kafka timestamp, for the latency waterfall (null in the warm-up's rows). */
    static final StructType TABLE_SCHEMA = new StructType()
            .add("ts", DataTypes.TimestampType)
            .add("producer_id", DataTypes.IntegerType)
            .add("seq", DataTypes.LongType)
            .add("kafka_ts", DataTypes.TimestampType);

    static final Column[] TABLE_COLUMNS = {col("ts"), col("producer_id"), col("seq"), col("kafka_ts")};

    private static final UserDefinedFunction DECODE = udf((UDF1<byte[], Row>) EventColumns::decode, DECODED);

    private EventColumns() {}

    /** The decoded struct from the Kafka value's bytes; null for a record that is not a valid event. */
    static Column decoded() {
        return DECODE.apply(col("value"));
    }

    /** Needs the struct of {@link #decoded()} as column {@code e}. */
    static Column ts() {
        return timestamp_micros(col("e.ts_micros"));
    }

    /** Needs columns ts, producer_id, seq already projected: all three are null exactly when the record is malformed. */
    static Column valid() {
        return col("ts").isNotNull();
    }

    static Row decode(byte[] value) {
        try {
            Event e = EventCodec.decode(value);
            return RowFactory.create(e.tsMicros(), e.producerId(), e.seq());
        } catch (MalformedEventException | RuntimeException e) {
            // RuntimeException: EventCodec promises MalformedEventException only; should a bug break that,
            // failing the task would fail the query again on every retry of the same offsets
            return null;
        }
    }
}
