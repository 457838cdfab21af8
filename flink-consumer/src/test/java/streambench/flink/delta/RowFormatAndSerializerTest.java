package streambench.flink.delta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.deltawriter.ColumnType;
import streambench.deltawriter.DataFile;
import streambench.deltawriter.DataFileWriter;
import streambench.deltawriter.ParquetSettings;
import streambench.deltawriter.RowFormat;

class RowFormatAndSerializerTest {
    record Any(Integer i, Long l, Long ts, Double d, Boolean b, String s) {}

    static final RowFormat<Any> ALL_TYPES = RowFormat.<Any>builder()
            .column("i", ColumnType.INT, true, Any::i)
            .column("l", ColumnType.LONG, true, Any::l)
            .column("ts", ColumnType.TIMESTAMP_MICROS, true, Any::ts)
            .column("d", ColumnType.DOUBLE, true, Any::d)
            .column("b", ColumnType.BOOLEAN, true, Any::b)
            .column("s", ColumnType.STRING, true, Any::s)
            .build();

    @TempDir
    Path dir;

    @Test
    void everyTypeIsWrittenWithStatisticsThatSurviveTheCommittableFormat() throws Exception {
        String path = dir.toUri() + "/f.parquet";
        DataFileWriter<Any> w = new DataFileWriter<>(ALL_TYPES, path, new Configuration(), ParquetSettings.defaults());
        w.write(new Any(3, 30L, 1_700_000_000_000_001L, 0.5, true, "b"));
        w.write(new Any(1, 10L, 1_700_000_000_000_000L, 1.5, false, "a"));
        w.write(new Any(null, null, null, null, null, null));
        DataFile f = w.finish();

        assertThat(f.numRecords()).isEqualTo(3);
        assertThat(f.sizeBytes()).isEqualTo(Files.size(dir.resolve("f.parquet")));
        assertThat(f.minValues())
                .containsEntry("i", 1)
                .containsEntry("s", "a")
                .containsEntry("b", false)
                .containsEntry("ts", 1_700_000_000_000_000L)
                .containsEntry("d", 0.5);
        assertThat(f.maxValues())
                .containsEntry("l", 30L)
                .containsEntry("s", "b")
                .containsEntry("b", true);
        assertThat(f.nullCounts()).containsEntry("i", 1L).containsEntry("s", 1L);

        DeltaCommittable c = new DeltaCommittable(7, 1, 123, List.of(f));
        DeltaCommittable back =
                DeltaCommittableSerializer.INSTANCE.fromBytes(DeltaCommittableSerializer.INSTANCE.toBytes(c));
        assertThat(back).isEqualTo(c);
        assertThat(ALL_TYPES.deltaSchema().fields())
                .extracting(x -> x.getDataType().toString())
                .containsExactly("integer", "long", "timestamp", "double", "boolean", "string");
        assertThat(ALL_TYPES.parquetSchema().toString())
                .contains("optional int64 ts (TIMESTAMP(MICROS,true))")
                .contains("optional binary s (STRING)");
    }

    @Test
    void aValueOfTheWrongTypeOrANullInANonNullableColumnNamesTheColumn() {
        RowFormat<Map<String, Object>> f = RowFormat.<Map<String, Object>>builder()
                .column("n", ColumnType.INT, false, m -> m.get("n"))
                .build();
        assertThatThrownBy(() -> f.value(0, Map.of("n", "seven"))).hasMessage("column n (INT) got a String: seven");
        assertThatThrownBy(() -> f.value(0, Map.of())).hasMessageContaining("column n is not nullable");
        assertThatThrownBy(() -> RowFormat.builder()
                        .column("x", ColumnType.INT, true, r -> 1)
                        .column("X", ColumnType.INT, true, r -> 1))
                .hasMessageContaining("unique");
    }

    @Test
    void anUnknownFormatVersionIsRefusedClearly() {
        assertThatThrownBy(() -> DeltaCommittableSerializer.INSTANCE.deserialize(9, new byte[0]))
                .hasMessageContaining("unknown Delta committable format version 9");
    }
}
