package streambench.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;
import streambench.common.Knobs;
import streambench.flink.delta.ParquetSettings;
import streambench.flink.delta.WarmUp;

/** Bad settings exit 2 naming the variable (ConfigException) before anything starts. */
class FlinkSettingsTest {
    @TempDir
    Path tmp;

    private static FlinkSettings with(String name, String value) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TOPIC", "events");
        env.put("TABLE_PATH", "run-1/flink-1.16/benchmark");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092");
        env.put("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000");
        env.put(name, value);
        return FlinkSettings.fromKnobs(Knobs.of(env));
    }

    /** Parquet names LZO and BROTLI too; accepted before, they failed the job's first data file: exit 1. */
    @Test
    void aParquetCodecThisJarCannotWriteIsAConfigurationError() {
        for (String codec : List.of("lzo", "BROTLI", "fast")) {
            assertThatThrownBy(() -> with("PARQUET_COMPRESSION", codec))
                    .as(codec)
                    .isInstanceOf(ConfigException.class)
                    .hasMessage(
                            "PARQUET_COMPRESSION must be one of uncompressed, snappy, gzip, zstd, lz4_raw, lz4, got \""
                                    + codec + "\"");
        }
        assertThat(with("PARQUET_COMPRESSION", "LZ4-RAW").parquet().compression())
                .isEqualTo(CompressionCodecName.LZ4_RAW);
    }

    /** What the knob accepts, the writer writes: one committed data file per codec. */
    @Test
    void everyAcceptedCodecWritesADataFile() throws Exception {
        List<EventRow> rows =
                List.of(new EventRow(1_767_225_600_000_000L, 0, 0), new EventRow(1_767_225_600_001_000L, 0, 1));
        for (FlinkSettings.ParquetCodec codec : FlinkSettings.ParquetCodec.values()) {
            ParquetSettings parquet =
                    with("PARQUET_COMPRESSION", codec.name().toLowerCase()).parquet();
            Path table = tmp.resolve(codec.name());
            WarmUp.run(table.toUri().toString(), Map.of(), EventTable.FORMAT, parquet, rows, 1);
            try (Stream<Path> files = Files.list(table)) {
                assertThat(files.filter(f -> f.toString().endsWith(".parquet")))
                        .as(codec.name())
                        .hasSize(1);
            }
        }
    }

    /** Accepted up to Integer.MAX_VALUE before, then the health server's InetSocketAddress threw: exit 1. */
    @Test
    void aHealthPortOutOfRangeIsAConfigurationError() {
        assertThatThrownBy(() -> with("HEALTH_PORT", "65536"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("HEALTH_PORT must be a port number 0-65535 (0: any free port), got \"65536\"");
        assertThat(with("HEALTH_PORT", "0").healthPort()).isZero();
    }
}
