package streambench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.HostileRecords;

/** The UDF's body, without Spark running: a row for a valid event, null (counted as malformed) for the rest. */
class EventColumnsTest {
    @Test
    void aValidEventBecomesItsThreeColumns() {
        Row row = EventColumns.decode(new EventCodec().encode(new Event(1_767_225_600_000_000L, 3, 1L << 31, "x")));
        assertThat(row.getLong(0)).isEqualTo(1_767_225_600_000_000L);
        assertThat(row.getInt(1)).isEqualTo(3);
        assertThat(row.getLong(2)).isEqualTo(1L << 31);
    }

    @Test
    void everyHostileRecordAndATombstoneGiveNull() {
        assertThat(EventColumns.decode(null))
                .as("a tombstone: Kafka's value column is null")
                .isNull();
        assertThat(HostileRecords.all())
                .allSatisfy(h ->
                        assertThat(EventColumns.decode(h.value())).as(h.name()).isNull());
    }
}
