package streambench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.Knobs;
import streambench.common.ReadBack;

/** The jar as a reader: a Delta table on local files written by Spark, read back from a time on by a fresh session. */
class SparkReadBackTest {
    private static final long T0_MS = 1_800_000_000_000L;

    @Test
    void readsTheRowsFromATimeOnAndSaysWhichVersion(@TempDir Path dir) throws Exception {
        String table = dir.resolve("lake/events").toUri().toString();
        SparkSession writer = SparkSession.builder()
                .master("local[1]")
                .appName("read-back-test-writer")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.session.timeZone", "UTC")
                .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
                .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
                .getOrCreate();
        try {
            for (int batch = 0; batch < 3; batch++) {
                List<Row> rows = new ArrayList<>();
                for (int s = 0; s < 100; s++) {
                    long second = batch * 100L + s;
                    Timestamp ts = new Timestamp(T0_MS + second * 1000);
                    rows.add(RowFactory.create(ts, 0, second, ts));
                }
                writer.createDataFrame(rows, EventColumns.TABLE_SCHEMA)
                        .write()
                        .format("delta")
                        .mode("append")
                        .save(table);
            }
        } finally {
            writer.stop();
        }

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit = SparkReadBack.run(
                Knobs.of(Map.of(
                        "LAKE_ROOT",
                        dir.resolve("lake").toUri().toString(),
                        "TABLE_PATH",
                        "events",
                        ReadBack.FROM_MICROS,
                        Long.toString((T0_MS + 150_000) * 1000 + 1))),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));

        assertThat(exit).isZero();
        String line = bytes.toString(StandardCharsets.UTF_8).strip();
        ReadBack.Report r = ReadBack.Report.parse(line).orElseThrow();
        assertThat(r.reader()).startsWith("Spark ");
        assertThat(r.version()).isEqualTo(2);
        assertThat(r.rows()).as("from 1 µs after second 150").isEqualTo(149);
        assertThat(r.files()).isEqualTo(-1);
    }
}
