package streambench.spark;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

import java.util.Map;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.from_json;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.try_to_timestamp;

/**
 * The event's JSON as Spark columns: {@code ts TIMESTAMP, producer_id INT, seq BIGINT}. A record is
 * valid when it parses, has all three fields with the right types, non-negative ids and a ts in
 * 2000..2100 (the same bounds as common's EventCodec); anything else is dropped and counted.
 */
final class EventColumns {
    static final StructType JSON_SCHEMA = new StructType()
            .add("ts", DataTypes.StringType)
            .add("producer_id", DataTypes.IntegerType)
            .add("seq", DataTypes.LongType);

    static final StructType TABLE_SCHEMA = new StructType()
            .add("ts", DataTypes.TimestampType)
            .add("producer_id", DataTypes.IntegerType)
            .add("seq", DataTypes.LongType);

    private EventColumns() {
    }

    /** The parsed struct, from the Kafka value as text; malformed JSON yields nulls, never an error. */
    static Column parsed() {
        return from_json(col("value").cast("string"), JSON_SCHEMA, Map.of("mode", "PERMISSIVE"));
    }

    static Column ts() {
        // try_: under ANSI mode (Spark 4 default) a bad timestamp would otherwise fail the whole query
        return try_to_timestamp(col("e.ts"));
    }

    /** Needs columns ts, producer_id, seq already projected. */
    static Column valid() {
        return col("ts").isNotNull()
                .and(col("producer_id").isNotNull()).and(col("producer_id").geq(0))
                .and(col("seq").isNotNull()).and(col("seq").geq(0))
                .and(col("ts").geq(lit("2000-01-01 00:00:00").cast("timestamp")))
                .and(col("ts").lt(lit("2100-01-01 00:00:00").cast("timestamp")));
    }
}
