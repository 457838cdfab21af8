package streambench.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;

import java.io.PrintStream;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import streambench.common.ConsumerContract;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.common.ReadBack;

/**
 * The Spark consumer's jar as a reader of the table ({@link ReadBack}): a fresh local session with Delta's defaults,
 * as a query job a user starts would have, reads the rows from a time on. Every column is aggregated (its largest value), so Spark
 * cannot prune any from the Parquet files; the filter on {@code ts} lets Delta skip files by their statistics, as Kernel
 * does. The session's start is not timed: what is timed is the table's state (the log's checkpoint and commits
 * replayed into its list of files) and then the query, the first of a cold JVM.
 */
final class SparkReadBack {
    private SparkReadBack() {}

    static int run(Knobs knobs, PrintStream out) {
        LakeSettings lake = LakeSettings.fromKnobs(knobs);
        String tableUri =
                lake.tableUri(knobs.required(ConsumerContract.TABLE_PATH, "the table's path under the lake root")
                        .asLakePath());
        long fromMicros = ReadBack.fromMicros(knobs);
        java.sql.Timestamp from =
                java.sql.Timestamp.from(java.time.Instant.EPOCH.plus(fromMicros, java.time.temporal.ChronoUnit.MICROS));
        SparkConf conf = new SparkConf().setAppName("streambench-read-back");
        if (!conf.contains("spark.master")) {
            conf.setMaster("local[*]");
        }
        lake.sparkConf().forEach(conf::set);
        conf.set("spark.sql.session.timeZone", "UTC");
        // what Delta's documentation asks of every session that reads or writes its tables
        conf.set("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension");
        conf.set("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog");
        conf.set("spark.ui.enabled", "false");
        conf.set("spark.redaction.regex", SparkSettings.REDACTION_REGEX);
        SparkConsumerMain.listenOnlyWhereAsked(conf, ConsumerContract.LISTEN_ADDRESS_KNOB.from(knobs));
        SparkSession spark = SparkSession.builder().config(conf).getOrCreate();
        try {
            long t0 = System.nanoTime();
            Dataset<Row> table = spark.read().format("delta").load(tableUri);
            // the table's state (every file in it) is rebuilt from the log here and cached for the query's planning,
            // so the log's replay is not counted as reading rows
            org.apache.spark.sql.delta.Snapshot snapshot =
                    DeltaLog.forTable(spark, tableUri).unsafeVolatileSnapshot();
            snapshot.allFiles().count();
            long version = snapshot.version();
            long t1 = System.nanoTime();
            // count, and the largest value of every column: each is read from every file left after skipping
            org.apache.spark.sql.Column[] maxima = java.util.Arrays.stream(table.columns())
                    .map(c -> max(col(c)))
                    .toArray(org.apache.spark.sql.Column[]::new);
            Row r = table.where(col("ts").geq(lit(from)))
                    .agg(count(lit(1)), maxima)
                    .first();
            long t2 = System.nanoTime();
            out.println(new ReadBack.Report(
                            "Spark " + spark.version().replaceAll("^(\\d+\\.\\d+).*", "$1"),
                            version,
                            (t1 - t0) / 1_000_000,
                            (t2 - t1) / 1_000_000,
                            -1,
                            -1,
                            r.getLong(0))
                    .line());
            return ConsumerContract.EXIT_OK;
        } finally {
            spark.stop();
        }
    }
}
