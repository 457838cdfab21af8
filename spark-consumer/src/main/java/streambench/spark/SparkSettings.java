package streambench.spark;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerKnobs;
import streambench.common.DeltaTableKnobs;
import streambench.common.KafkaConnection;
import streambench.common.Knob;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.common.StartingOffsets;

/**
 * Every setting and tuning knob of the Spark consumer, read once from the environment. The knobs are declared
 * in {@link SparkKnobs} (and common's shared ones); their defaults stand under {@code x-spark-tuning} in
 * docker-compose.yml too.
 */
record SparkSettings(
        ConsumerContract.Settings consumer,
        String checkpointLocation,
        String master,
        Map<String, String> sparkConf,
        Map<String, String> kafkaSourceOptions,
        Duration triggerInterval,
        int outputCoalescePartitions,
        DeltaWriter deltaWriter,
        Map<String, String> tableProperties,
        int warmupCommits,
        int warmupRows,
        int backgroundCheckpointEvery,
        CheckpointWriter checkpointWriter,
        Duration kafkaConnectTimeout,
        boolean appendToExistingTable) {

    /** Reads the knobs in the record's order; each group that Spark takes as a map has a step of its own. */
    static SparkSettings fromKnobs(Knobs knobs) {
        ConsumerContract.Settings consumer = ConsumerContract.Settings.fromKnobs(knobs, "run-1/spark-4.2/benchmark");
        return new SparkSettings(
                consumer,
                checkpointLocation(knobs, consumer.tableUri()),
                SparkKnobs.SPARK_MASTER.from(knobs),
                sparkConf(knobs, consumer.lake()),
                kafkaSourceOptions(knobs, consumer),
                SparkKnobs.TRIGGER_INTERVAL.from(knobs),
                SparkKnobs.OUTPUT_COALESCE_PARTITIONS.from(knobs),
                SparkKnobs.SPARK_DELTA_WRITER.from(knobs),
                tableProperties(knobs),
                DeltaTableKnobs.WARMUP_COMMITS.from(knobs),
                DeltaTableKnobs.WARMUP_ROWS.from(knobs),
                backgroundCheckpointEvery(knobs),
                SparkKnobs.DELTA_CHECKPOINT_WRITER.from(knobs),
                ConsumerKnobs.kafkaConnectTimeout(knobs),
                // a fresh checkpoint against a table with data would append the topic a second time: refused unless
                // this says so
                SparkKnobs.SPARK_APPEND_TO_EXISTING_TABLE.from(knobs));
    }

    /** Unless set: beside the table, on the same storage. */
    private static String checkpointLocation(Knobs knobs, String tableUri) {
        String checkpoint = SparkKnobs.CHECKPOINT_LOCATION.from(knobs);
        return checkpoint.isEmpty() ? tableUri + "_checkpoint" : checkpoint;
    }

    /** The Kafka source's options: the connection, where to start, how much per batch, the shared consumer knobs. */
    private static Map<String, String> kafkaSourceOptions(Knobs knobs, ConsumerContract.Settings consumer) {
        long maxOffsets = noLimitOrMore(SparkKnobs.MAX_OFFSETS_PER_TRIGGER.from(knobs));
        long minOffsets = noLimitOrMore(SparkKnobs.MIN_OFFSETS_PER_TRIGGER.from(knobs));
        Duration maxTriggerDelay = SparkKnobs.MAX_TRIGGER_DELAY.from(knobs);
        int minPartitions = SparkKnobs.KAFKA_MIN_PARTITIONS.from(knobs);
        StartingOffsets startingOffsets = ConsumerKnobs.startingOffsets(knobs);
        boolean failOnDataLoss = SparkKnobs.FAIL_ON_DATA_LOSS.from(knobs);

        Map<String, String> source = new LinkedHashMap<>();
        consumer.kafka().properties().forEach((k, v) -> source.put("kafka." + k, v));
        source.put("subscribe", consumer.topic());
        source.put("startingOffsets", startingOffsets.value());
        source.put("failOnDataLoss", Boolean.toString(failOnDataLoss));
        if (maxOffsets > 0) {
            source.put("maxOffsetsPerTrigger", Long.toString(maxOffsets));
        }
        if (minOffsets > 0) {
            source.put("minOffsetsPerTrigger", Long.toString(minOffsets));
            source.put("maxTriggerDelay", maxTriggerDelay.toMillis() + "ms");
        }
        if (minPartitions > 0) {
            source.put("minPartitions", Integer.toString(minPartitions));
        }
        ConsumerKnobs.kafkaConsumer(knobs, SparkKnobs.KAFKA_FETCH_MAX_WAIT_MS)
                .forEach((k, v) -> source.put("kafka." + k, v));
        source.put("kafkaConsumer.pollTimeoutMs", SparkKnobs.KAFKA_POLL_TIMEOUT_MS.from(knobs) + "");
        return source;
    }

    /** Spark's default redaction misses Azure's account.key, JAAS lines and a PEM key in kafka.ssl.keystore.key. */
    static final String REDACTION_REGEX = "(?i)secret|password|passwd|token|credential|jaas|sas|connection[._]?string"
            + "|(api|access|account|private)[._]?key|(^|[._])key([._]|$)";

    /** The session's configuration: the lake, Delta, what every reader of the table expects, then the knobs. */
    private static Map<String, String> sparkConf(Knobs knobs, LakeSettings lake) {
        Map<String, String> conf = new LinkedHashMap<>(lake.sparkConf());
        conf.put("spark.sql.session.timeZone", "UTC");
        conf.put("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension");
        conf.put("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog");
        conf.put("spark.redaction.regex", REDACTION_REGEX);
        // Readers (the harness, Flink, Feldera) expect microsecond timestamps, not Spark's legacy INT96.
        conf.put("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS");
        conf.put("spark.sql.shuffle.partitions", SparkKnobs.SHUFFLE_PARTITIONS.from(knobs) + "");
        conf.put("spark.sql.codegen.wholeStage", SparkKnobs.WHOLE_STAGE_CODEGEN.from(knobs) + "");
        conf.put("spark.ui.enabled", SparkKnobs.SPARK_UI_ENABLED.from(knobs) + "");
        conf.put("spark.kafka.consumer.cache.capacity", SparkKnobs.KAFKA_CONSUMER_CACHE_CAPACITY.from(knobs) + "");
        conf.put(
                "spark.sql.parquet.compression.codec",
                DeltaTableKnobs.PARQUET_COMPRESSION.from(knobs).asString());
        // Measured: each commit rebuilds the snapshot over this many partitions; 50 (Delta's default)
        // costs seconds per micro-batch on 2 cores, 2 halves the batch time (docs/verified-facts.md).
        conf.put("spark.databricks.delta.snapshotPartitions", SparkKnobs.DELTA_SNAPSHOT_PARTITIONS.from(knobs) + "");
        // Delta writes a checksum (.crc) file after each commit: one more ABFS write per micro-batch.
        conf.put(
                "spark.databricks.delta.writeChecksumFile.enabled",
                DeltaTableKnobs.DELTA_WRITE_CHECKSUM_FILE.from(knobs) + "");
        // Delta's per-file statistics (min/max per column) are computed while writing each micro-batch's files.
        conf.put("spark.databricks.delta.stats.collect", SparkKnobs.DELTA_STATS_COLLECT.from(knobs) + "");
        schedulingAndLogs(knobs).forEach(conf::put);
        ConsumerKnobs.abfsWrite(knobs).forEach((k, v) -> conf.put("spark.hadoop." + k, v));
        return conf;
    }

    /**
     * What a micro-batch pays besides its data: the scheduler's wait for a preferred location (a Kafka
     * source's tasks prefer an executor that a local master never names), adaptive planning of Delta's own
     * jobs, and the offset and commit logs' purge (a listing and deletes on the store, on the batch's thread
     * unless done asynchronously).
     */
    private static Map<String, String> schedulingAndLogs(Knobs knobs) {
        Map<String, String> conf = new LinkedHashMap<>();
        // fair: the background log checkpoint's jobs run in a pool of their own, so a batch's task takes the
        // next free slot instead of queueing behind the tasks of a checkpoint job submitted before it (FIFO
        // orders by job). Measured: it did not make the batches beside a checkpoint faster, so Spark's own
        // default stays (docs/verified-facts.md).
        conf.put(
                "spark.scheduler.mode",
                SparkKnobs.SPARK_SCHEDULER_MODE.from(knobs).name());
        conf.put(
                "spark.locality.wait",
                SparkKnobs.SPARK_LOCALITY_WAIT.from(knobs).toMillis() + "ms");
        conf.put("spark.sql.adaptive.enabled", SparkKnobs.SPARK_ADAPTIVE_ENABLED.from(knobs) + "");
        conf.put("spark.sql.streaming.minBatchesToRetain", SparkKnobs.SPARK_MIN_BATCHES_TO_RETAIN.from(knobs) + "");
        conf.put("spark.sql.streaming.asyncLogPurge.enabled", SparkKnobs.SPARK_ASYNC_LOG_PURGE.from(knobs) + "");
        conf.put(
                "spark.sql.streaming.noDataMicroBatches.enabled",
                SparkKnobs.SPARK_NO_DATA_MICRO_BATCHES.from(knobs) + "");
        SparkKnobs.SPARK_CHECKPOINT_FILE_MANAGER
                .from(knobs)
                .sparkClass()
                .ifPresent(c -> conf.put("spark.sql.streaming.checkpointFileManagerClass", c));
        if (SparkKnobs.DELTA_LOG_STORE.from(knobs) == DeltaLogStore.BLOB_PUT) {
            for (String scheme : new String[] {"abfs", "abfss"}) {
                conf.put("spark.delta.logStore." + scheme + ".impl", BlobPutLogStore.class.getName());
                // Delta Kernel (the background log checkpoint) reads its own key, not Spark's: without it Kernel's
                // default store writes _last_checkpoint in place, an empty blob until its stream closes
                conf.put("spark.hadoop.io.delta.kernel.logStore." + scheme + ".impl", BlobPutLogStore.class.getName());
            }
        }
        return conf;
    }

    /** How a knob spells {@code choice}: lower case, {@code -} for {@code _}. */
    static String spelling(Enum<?> choice) {
        return choice.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /**
     * What appends each micro-batch: Delta's streaming sink, or {@link CachedSnapshotDeltaWriter} through
     * {@code foreachBatch}, which skips the sink's per-batch log listing and state rebuild.
     */
    enum DeltaWriter {
        DELTA_SINK,
        CACHED_SNAPSHOT
    }

    /** Spark's scheduler modes, spelled {@code fair} and {@code fifo} in SPARK_SCHEDULER_MODE. */
    enum SchedulerMode {
        FAIR,
        FIFO
    }

    /**
     * Who writes the background log checkpoint: Delta Kernel on the checkpointer's thread ({@link
     * KernelLogCheckpoint}), or Delta's own {@code DeltaLog.checkpoint}, which rebuilds the table state in Spark jobs.
     */
    enum CheckpointWriter {
        KERNEL,
        SPARK
    }

    /** How Delta writes a commit file on abfs: Delta's AzureLogStore (temporary file, rename) or one exclusive PUT. */
    enum DeltaLogStore {
        AZURE,
        BLOB_PUT
    }

    /**
     * For the table the consumer creates; appendOnly is not a knob: the benchmark's table is only ever appended
     * to. With background checkpoints the inline interval is one no run reaches, so only that thread writes them.
     */
    private static Map<String, String> tableProperties(Knobs knobs) {
        Map<String, String> tableProps = new LinkedHashMap<>();
        int interval = DeltaTableKnobs.DELTA_CHECKPOINT_INTERVAL.from(knobs);
        tableProps.put(
                "delta.checkpointInterval", (backgroundCheckpointEvery(knobs) > 0 ? Integer.MAX_VALUE : interval) + "");
        tableProps.put("delta.appendOnly", "true");
        return tableProps;
    }

    /** 0: Delta checkpoints inline, every DELTA_CHECKPOINT_INTERVAL commits. */
    private static int backgroundCheckpointEvery(Knobs knobs) {
        return SparkKnobs.DELTA_BACKGROUND_CHECKPOINT_EVERY.from(knobs);
    }

    String topic() {
        return consumer.topic();
    }

    String tableUri() {
        return consumer.tableUri();
    }

    LakeSettings lake() {
        return consumer.lake();
    }

    KafkaConnection kafka() {
        return consumer.kafka();
    }

    Optional<String> telemetryFile() {
        return consumer.telemetryFile();
    }

    int healthPort() {
        return consumer.healthPort();
    }

    /** {@code LISTEN_ADDRESS}: where a local master's driver and block manager bind. */
    String listenAddress() {
        return consumer.listenAddress();
    }

    private static long noLimitOrMore(Knob knob) {
        long value = knob.asLong();
        if (value < 0) {
            throw new ConfigException(knob.name() + " must be >= 0 (0 = no limit), got \"" + value + "\"");
        }
        return value;
    }
}
