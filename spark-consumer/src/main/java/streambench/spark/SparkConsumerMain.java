package streambench.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import io.delta.tables.DeltaTable;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.streaming.DataStreamWriter;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryException;
import org.apache.spark.sql.streaming.Trigger;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerStartup;
import streambench.common.HealthServer;
import streambench.common.Knobs;
import streambench.common.MainRunner;
import streambench.preflight.KafkaPreflight;

/**
 * Kafka → parse → Delta on ADLS Gen2 (or Azurite) with Structured Streaming, nothing else: no
 * repartition, no shuffle, no local staging. Runs with {@code java -jar} (local master) or under
 * {@code spark-submit}. Exactly once comes from Spark's checkpoint plus the Delta sink's idempotent
 * per-batch commit. Exit 2 for bad configuration (including a fresh checkpoint against a table that
 * already holds data, see {@link FreshQueryGuard}), 1 when the query fails.
 */
public final class SparkConsumerMain {
    private SparkConsumerMain() {}

    private static final String PROGRAM = "spark-consumer";
    private static final java.time.LocalDateTime WARMUP_START = java.time.LocalDateTime.of(2026, 1, 1, 0, 0);
    private static final java.time.format.DateTimeFormatter WARMUP_TS =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'");

    public static void main(String[] args) {
        if (streambench.common.ReadBack.asked(args)) {
            MainRunner.runAndExit(
                    PROGRAM + " " + streambench.common.ReadBack.ARG,
                    () -> SparkReadBack.run(Knobs.fromEnvironment(), System.out));
        }
        MainRunner.runAndExit(PROGRAM, args, SparkKnobs.sheet(), () -> run(Knobs.fromEnvironment(), System.out));
    }

    /**
     * Kafka records ({@code value}, {@code timestamp}) to {@code ts, producer_id, seq, kafka_ts, valid}: the same
     * columns for the stream and the warm-up. {@code kafka_ts} is the source's timestamp, the broker's append time on
     * the harness's topics.
     */
    static Dataset<Row> parse(Dataset<Row> kafkaRecords) {
        return kafkaRecords
                .select(EventColumns.decoded().as("e"), col("timestamp").as("kafka_ts"))
                .select(
                        EventColumns.ts().as("ts"),
                        col("e.producer_id").as("producer_id"),
                        col("e.seq").as("seq"),
                        col("kafka_ts"))
                .withColumn("valid", EventColumns.valid());
    }

    /**
     * Runs the data path a few times before the stream starts: JSON parse, Parquet writer, Delta commit
     * through ABFS, into a scratch table beside the real one ({@code <table>_warmup}). Without it the first
     * data batches after "ready" ran 5-6 s on 2 cores against 2.5-4 s later, and the benchmark measured
     * the JIT rather than the engine.
     *
     * <p>Each write is followed by a log checkpoint of the scratch table's version before it, through the same
     * call as the background checkpointer's. Delta's own checkpoint rebuilds the table state in Spark jobs of its
     * own; cold, the real table's first one took 15 s beside the stream at 80,000 msg/s (the next ones 8, 5, 5, 4,
     * 3 s) and slowed every batch beside it, which decided whether a trial passed by where version 10 fell.
     * Kernel's is cheaper, but its first one loads Kernel's classes and Parquet writer all the same.
     */
    static void warmUp(SparkSession spark, SparkSettings s, PrintStream out) throws java.io.IOException {
        if (s.warmupCommits() == 0) {
            return;
        }
        long t0 = System.nanoTime();
        String scratch = s.tableUri() + "_warmup";
        java.util.List<Row> rows = new java.util.ArrayList<>();
        for (int i = 0; i < s.warmupRows(); i++) {
            // one microsecond apart, written as the producer writes ts: six fraction digits
            String ts = WARMUP_TS.format(WARMUP_START.plusNanos(i * 1000L));
            String json = "{\"ts\":\"" + ts + "\",\"producer_id\":0,\"seq\":" + i + "}";
            // no Kafka timestamp: these records never were in Kafka
            rows.add(org.apache.spark.sql.RowFactory.create(
                    json.getBytes(java.nio.charset.StandardCharsets.UTF_8), null));
        }
        Dataset<Row> sample = spark.createDataFrame(
                rows,
                new org.apache.spark.sql.types.StructType()
                        .add("value", org.apache.spark.sql.types.DataTypes.BinaryType)
                        .add("timestamp", org.apache.spark.sql.types.DataTypes.TimestampType));
        long checkpointNanos = 0;
        for (int i = 0; i < s.warmupCommits(); i++) {
            parse(sample)
                    .filter(col("valid"))
                    .select(EventColumns.TABLE_COLUMNS)
                    .write()
                    .format("delta")
                    .mode("append")
                    .save(scratch);
            DeltaLog log = DeltaLog.forTable(spark, scratch);
            long previous = BackgroundCheckpointer.beforeNewest(log); // a restart appends to the scratch table
            if (previous >= 0) {
                long c0 = System.nanoTime();
                BackgroundCheckpointer.checkpoint(log, previous, s.checkpointWriter());
                checkpointNanos += System.nanoTime() - c0;
            }
        }
        out.printf(
                "spark: warmed up with %d batch writes and log checkpoints to %s in %.1f s (checkpoints %.1f s)%n",
                s.warmupCommits(), scratch, (System.nanoTime() - t0) / 1e9, checkpointNanos / 1e9);
    }

    /**
     * The blob-put knobs write log files through the account's Blob endpoint, signed with its shared key. Without a
     * key (OAuth) they cannot sign; where nothing answers there (a private endpoint for {@code dfs} only), every log
     * write would fail after {@link AtomicBlobPut#RETRY_FOR}. Either way the log files keep the rename path through
     * ABFS, and the consumer says so once. Decided before the session starts: the Spark configuration it returns is
     * {@code conf} with the Blob endpoint marked unreachable where it did not answer.
     */
    static Map<String, String> whereLogFilesGo(String tableUri, Map<String, String> conf, PrintStream out) {
        boolean wanted = conf.containsKey("spark.delta.logStore.abfs.impl")
                || conf.getOrDefault("spark.sql.streaming.checkpointFileManagerClass", "")
                        .contains("BlobPut");
        if (!wanted || !tableUri.startsWith("abfs")) {
            return conf;
        }
        org.apache.hadoop.conf.Configuration hadoop = new org.apache.hadoop.conf.Configuration(false);
        conf.forEach((k, v) -> {
            if (k.startsWith("spark.hadoop.")) {
                hadoop.set(k.substring("spark.hadoop.".length()), v);
            }
        });
        java.util.Optional<BlobAddress> blob = BlobAddress.of(new org.apache.hadoop.fs.Path(tableUri), hadoop);
        if (blob.isEmpty()) {
            out.println("spark: SPARK_CHECKPOINT_FILE_MANAGER/DELTA_LOG_STORE=blob-put need the account's shared key; "
                    + "this lake has none (OAuth), so log files are written as a temporary file and a rename");
            return conf;
        }
        String why = AtomicBlobPut.probe(blob.get());
        if (why == null) {
            return conf;
        }
        out.println("spark: the Blob endpoint " + blob.get().container().getHost() + " did not answer (" + why
                + "), so SPARK_CHECKPOINT_FILE_MANAGER/DELTA_LOG_STORE=blob-put fall back to writing log files as a "
                + "temporary file and a rename through ABFS (slower: about 15 requests instead of one per file)");
        Map<String, String> fallback = new java.util.LinkedHashMap<>(conf);
        fallback.put("spark.hadoop." + BlobAddress.UNREACHABLE, "true");
        return fallback;
    }

    /**
     * Under a local master the driver's RPC and block manager listen on the machine's address by default, with no
     * authentication, and the driver hands Delta's Hadoop configuration, account key included, to whoever asks:
     * they bind {@code LISTEN_ADDRESS} instead. A cluster's own settings (spark-submit) are left as they are.
     */
    static void listenOnlyWhereAsked(SparkConf conf, String listenAddress) {
        if (!conf.get("spark.master", "").startsWith("local") || conf.contains("spark.driver.bindAddress")) {
            return;
        }
        conf.set("spark.driver.bindAddress", listenAddress);
        try {
            if (java.net.InetAddress.getByName(listenAddress).isLoopbackAddress()) {
                conf.set("spark.driver.host", listenAddress);
            }
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException("LISTEN_ADDRESS was checked to be an IP literal", e);
        }
    }

    static int run(Knobs knobs, PrintStream out) throws Exception {
        SparkSettings s = SparkSettings.fromKnobs(knobs);
        ConsumerStartup startup = new ConsumerStartup(PROGRAM, s.consumer(), out);
        HealthServer health = startup.start(
                knobs,
                KafkaPreflight::check,
                s.kafkaConnectTimeout(),
                "table: " + s.tableUri() + "  checkpoint: " + s.checkpointLocation());
        SparkConf conf = new SparkConf().setAppName("streambench-spark-consumer");
        if (!conf.contains("spark.master")) {
            conf.setMaster(s.master()); // spark-submit --master wins over SPARK_MASTER
        }
        listenOnlyWhereAsked(conf, s.listenAddress());
        whereLogFilesGo(s.tableUri(), s.sparkConf(), out).forEach(conf::set);
        SparkSession spark = SparkSession.builder().config(conf).getOrCreate();
        out.println("spark: version " + spark.version() + ", master "
                + spark.sparkContext().master());

        FreshQueryGuard.check(spark, s, out); // before the table is created or anything is written

        DeltaTable.createIfNotExists(spark)
                .location(s.tableUri())
                .addColumns(EventColumns.TABLE_SCHEMA)
                .property("delta.checkpointInterval", s.tableProperties().get("delta.checkpointInterval"))
                .property("delta.appendOnly", s.tableProperties().get("delta.appendOnly"))
                .execute();
        out.println("spark: table ready at " + s.tableUri());

        warmUp(spark, s, out);

        BatchTelemetry telemetry = new BatchTelemetry(
                s.telemetryFile(),
                health,
                out,
                LakeCounters.of(spark.sparkContext().hadoopConfiguration(), s.tableUri()));
        spark.streams().addListener(telemetry);

        Dataset<Row> events = parse(spark.readStream()
                        .format("kafka")
                        .options(s.kafkaSourceOptions())
                        .load())
                // counted in the same pass, reported with the batch's progress: no extra Spark job
                .observe(
                        BatchTelemetry.OBSERVATION,
                        count(lit(1)).as("rows"),
                        sum(when(not(col("valid")), 1).otherwise(0))
                                .cast("long")
                                .as("malformed"))
                .filter(col("valid"))
                .select(EventColumns.TABLE_COLUMNS);
        if (s.outputCoalescePartitions() > 0) {
            events = events.coalesce(s.outputCoalescePartitions()); // narrows without a shuffle
        }
        BackgroundCheckpointer checkpointer =
                s.backgroundCheckpointEvery() > 0 ? BackgroundCheckpointer.start(spark, s, out) : null;
        DataStreamWriter<Row> writer = events.writeStream()
                .outputMode("append")
                .option("checkpointLocation", s.checkpointLocation())
                .trigger(Trigger.ProcessingTime(s.triggerInterval().toMillis(), TimeUnit.MILLISECONDS))
                .queryName("streambench");
        StreamingQuery query = s.deltaWriter() == SparkSettings.DeltaWriter.CACHED_SNAPSHOT
                ? writer.foreachBatch(new CachedSnapshotDeltaWriter(
                                s.tableUri(), checkpointer == null ? () -> 0L : checkpointer::lastCheckpointed))
                        .start()
                : writer.format("delta").start(s.tableUri());
        out.println("spark: micro-batches appended by "
                + (s.deltaWriter() == SparkSettings.DeltaWriter.CACHED_SNAPSHOT
                        ? "one transaction per batch on the last commit's snapshot (SPARK_DELTA_WRITER=cached-snapshot)"
                        : "Delta's streaming sink (SPARK_DELTA_WRITER=delta-sink)"));

        startup.onStop(health, () -> {
            if (checkpointer != null) {
                checkpointer.close();
            }
            try {
                query.stop();
            } catch (Exception e) {
                // Spark's own hook may have stopped the context first; the checkpoint keeps us exactly once
            }
        });

        try {
            query.awaitTermination();
            out.println("spark: query stopped; malformed records dropped: " + telemetry.malformedTotal());
            return ConsumerContract.EXIT_OK;
        } catch (StreamingQueryException e) {
            out.println(PROGRAM + ": query failed: "
                    + MainRunner.describe(e, s.lake().secretValues()));
            return ConsumerContract.EXIT_FAILED;
        } finally {
            health.close();
        }
    }
}
