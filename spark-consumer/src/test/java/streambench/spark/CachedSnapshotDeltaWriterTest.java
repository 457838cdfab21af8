package streambench.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;
import static org.assertj.core.api.Assertions.assertThat;

import io.delta.tables.DeltaTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cached-snapshot writer against a real Delta table (local files, Spark's local master) and a competing writer
 * that commits straight into the log, as another process would: Delta's own streaming sink on the same query,
 * committing a batch after our snapshot was taken.
 */
class CachedSnapshotDeltaWriterTest {
    private static final String QUERY_ID = "4c5d1a9e-query";
    private static SparkSession spark;

    @BeforeAll
    static void startSpark() {
        spark = SparkSession.builder()
                .master("local[1]")
                .appName("cached-snapshot-writer-test")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.session.timeZone", "UTC")
                .config("spark.sql.shuffle.partitions", "1")
                .config("spark.databricks.delta.snapshotPartitions", "1")
                .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
                .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
                .getOrCreate();
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    @Test
    void aBatchAnotherWriterCommittedAfterOurSnapshotIsNotCommittedTwice(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("table");
        String tableUri = "file:" + table.toAbsolutePath();
        DeltaTable.createIfNotExists(spark)
                .location(tableUri)
                .addColumns(EventColumns.TABLE_SCHEMA)
                .execute();
        spark.sparkContext().setLocalProperty("sql.streaming.queryId", QUERY_ID);
        CachedSnapshotDeltaWriter writer = new CachedSnapshotDeltaWriter(tableUri, () -> 0L);

        writer.call(rows(0, 100), 0L);
        DeltaLog log = DeltaLog.forTable(spark, tableUri);
        assertThat(log.unsafeVolatileSnapshot()
                        .checksumOpt()
                        .get()
                        .setTransactions()
                        .isDefined())
                .as("the writer finds the query's last batch in the checksum, not through txnVersion")
                .isTrue();

        // batch 1 committed by someone else after the writer's snapshot (version 1) was taken
        commitFromOutside(table, dir.resolve("staging"), rows(100, 200), 1L);
        writer.call(rows(100, 200), 1L);

        Row r = spark.read()
                .format("delta")
                .load(tableUri)
                .agg(count(lit(1)), countDistinct(col("producer_id"), col("seq")))
                .first();
        assertThat(r.getLong(0)).as("rows").isEqualTo(200);
        assertThat(r.getLong(1)).as("distinct (producer_id, seq)").isEqualTo(200);
    }

    private static Dataset<Row> rows(long fromSeq, long toSeq) {
        return spark.range(fromSeq, toSeq)
                .selectExpr("timestamp_seconds(1767225600 + id) as ts", "cast(0 as int) as producer_id", "id as seq");
    }

    /**
     * The next version of the log, written as a file: one Parquet file of {@code batch} and a {@code txn} action
     * for the query, as Delta's streaming sink commits a batch.
     */
    private static void commitFromOutside(Path table, Path staging, Dataset<Row> batch, long batchId)
            throws IOException {
        batch.coalesce(1).write().parquet(staging.toString());
        Path part;
        try (Stream<Path> files = Files.list(staging)) {
            part = files.filter(p -> p.getFileName().toString().endsWith(".parquet"))
                    .findFirst()
                    .orElseThrow();
        }
        Path data = table.resolve("outside-" + part.getFileName());
        Files.move(part, data);
        long next;
        try (Stream<Path> commits = Files.list(table.resolve("_delta_log"))) {
            next = commits.map(p -> p.getFileName().toString())
                            .filter(n -> n.matches("\\d{20}\\.json"))
                            .mapToLong(n -> Long.parseLong(n.substring(0, 20)))
                            .max()
                            .orElseThrow()
                    + 1;
        }
        long now = System.currentTimeMillis();
        List<String> actions = List.of(
                "{\"commitInfo\":{\"timestamp\":" + now + ",\"operation\":\"STREAMING UPDATE\","
                        + "\"operationParameters\":{\"outputMode\":\"Append\",\"queryId\":\"" + QUERY_ID
                        + "\",\"epochId\":\"" + batchId + "\"},\"isBlindAppend\":true}}",
                "{\"txn\":{\"appId\":\"" + QUERY_ID + "\",\"version\":" + batchId + ",\"lastUpdated\":" + now + "}}",
                "{\"add\":{\"path\":\"" + data.getFileName() + "\",\"partitionValues\":{},\"size\":" + Files.size(data)
                        + ",\"modificationTime\":" + now + ",\"dataChange\":true}}");
        Files.writeString(
                table.resolve("_delta_log").resolve(String.format("%020d.json", next)),
                String.join("\n", actions) + "\n",
                StandardCharsets.UTF_8);
    }
}
