package streambench.deltawriter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;
import streambench.common.Knobs;

class DeltaWriterKnobsTest {
    @TempDir
    Path tmp;

    private static ParquetSettings parquet(String codec) {
        return DeltaWriterKnobs.parquet(Knobs.of(Map.of("PARQUET_COMPRESSION", codec)));
    }

    /** Parquet names LZO and BROTLI too; accepted before, they failed the first data file: exit 1. */
    @Test
    void aParquetCodecTheJarsCannotWriteIsAConfigurationError() {
        for (String codec : List.of("lzo", "BROTLI", "fast")) {
            assertThatThrownBy(() -> parquet(codec))
                    .as(codec)
                    .isInstanceOf(ConfigException.class)
                    .hasMessage(
                            "PARQUET_COMPRESSION must be one of uncompressed, snappy, gzip, zstd, lz4_raw, lz4, got \""
                                    + codec + "\"");
        }
        assertThat(parquet("LZ4-RAW").compression()).isEqualTo(CompressionCodecName.LZ4_RAW);
    }

    /** What the knob accepts, the writer writes: one committed data file per codec. */
    @Test
    void everyAcceptedCodecWritesADataFile() throws Exception {
        List<EventRow> rows =
                List.of(new EventRow(1_767_225_600_000_000L, 0, 0), new EventRow(1_767_225_600_001_000L, 0, 1));
        for (DeltaWriterKnobs.ParquetCodec codec : DeltaWriterKnobs.ParquetCodec.values()) {
            Path table = tmp.resolve(codec.name());
            WarmUp.run(
                    table.toUri().toString(),
                    Map.of(),
                    EventTable.FORMAT,
                    parquet(codec.name().toLowerCase()),
                    rows,
                    1);
            try (Stream<Path> files = Files.list(table)) {
                assertThat(files.filter(f -> f.toString().endsWith(".parquet")))
                        .as(codec.name())
                        .hasSize(1);
            }
        }
    }

    @Test
    void theTableIsAppendOnlyWithTheCheckpointIntervalAsked() {
        assertThat(DeltaWriterKnobs.tableProperties(Knobs.of(Map.of("DELTA_CHECKPOINT_INTERVAL", "10"))))
                .containsExactly(Map.entry("delta.checkpointInterval", "10"), Map.entry("delta.appendOnly", "true"));
    }
}
