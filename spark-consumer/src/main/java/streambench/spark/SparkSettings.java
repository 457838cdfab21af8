package streambench.spark;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerKnobs;
import streambench.common.KafkaConnection;
import streambench.common.Knob;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.common.StartingOffsets;

/**
 * Every setting and tuning knob of the Spark consumer, read once from the environment. Knob names
 * follow the original benchmark where it had one; each default here equals the one under
 * {@code x-spark-tuning} in docker-compose.yml (a test keeps them in sync). A value of 0 means "leave
 * Spark's or the driver's own default" where the knob says so.
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
                knobs.env("SPARK_MASTER", "local[*]").asString(),
                sparkConf(knobs, consumer.lake()),
                kafkaSourceOptions(knobs, consumer),
                knobs.env("TRIGGER_INTERVAL", "0s").asDuration(),
                knobs.env("OUTPUT_COALESCE_PARTITIONS", "2").asNonNegativeInt(),
                knobs.env("SPARK_DELTA_WRITER", "cached-snapshot").asEnum(DeltaWriter.class, SparkSettings::spelling),
                tableProperties(knobs),
                knobs.env("WARMUP_COMMITS", "3").asNonNegativeInt(),
                knobs.env("WARMUP_ROWS", "1000").asPositiveInt(),
                backgroundCheckpointEvery(knobs),
                knobs.env("DELTA_CHECKPOINT_WRITER", "kernel").asEnum(CheckpointWriter.class, SparkSettings::spelling),
                ConsumerKnobs.kafkaConnectTimeout(knobs),
                // a fresh checkpoint against a table with data would append the topic a second time: refused unless
                // this says so
                knobs.env("SPARK_APPEND_TO_EXISTING_TABLE", "false").asBoolean());
    }

    /** Unless set: beside the table, on the same storage. */
    private static String checkpointLocation(Knobs knobs, String tableUri) {
        String checkpoint = knobs.env("CHECKPOINT_LOCATION", "").asString();
        return checkpoint.isEmpty() ? tableUri + "_checkpoint" : checkpoint;
    }

    /** The Kafka source's options: the connection, where to start, how much per batch, the shared consumer knobs. */
    private static Map<String, String> kafkaSourceOptions(Knobs knobs, ConsumerContract.Settings consumer) {
        long maxOffsets = noLimitOrMore(knobs.env("MAX_OFFSETS_PER_TRIGGER", "1000000"));
        long minOffsets = noLimitOrMore(knobs.env("MIN_OFFSETS_PER_TRIGGER", "0"));
        Duration maxTriggerDelay = knobs.env("MAX_TRIGGER_DELAY", "15m").asDuration();
        int minPartitions = knobs.env("KAFKA_MIN_PARTITIONS", "0").asNonNegativeInt();
        StartingOffsets startingOffsets = ConsumerKnobs.startingOffsets(knobs);
        boolean failOnDataLoss = knobs.env("FAIL_ON_DATA_LOSS", "true").asBoolean();

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
        ConsumerKnobs.kafkaConsumer(knobs).forEach((k, v) -> source.put("kafka." + k, v));
        source.put(
                "kafkaConsumer.pollTimeoutMs",
                knobs.env("KAFKA_POLL_TIMEOUT_MS", "120000").asPositiveInt() + "");
        return source;
    }

    /** The session's configuration: the lake, Delta, what every reader of the table expects, then the knobs. */
    private static Map<String, String> sparkConf(Knobs knobs, LakeSettings lake) {
        Map<String, String> conf = new LinkedHashMap<>(lake.sparkConf());
        conf.put("spark.sql.session.timeZone", "UTC");
        conf.put("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension");
        conf.put("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog");
        // Spark's default redaction misses Azure's account.key, JAAS lines and a PEM key in kafka.ssl.keystore.key.
        conf.put(
                "spark.redaction.regex",
                "(?i)secret|password|passwd|token|credential|jaas|sas|connection[._]?string"
                        + "|(api|access|account|private)[._]?key|(^|[._])key([._]|$)");
        // Readers (the harness, Flink, Feldera) expect microsecond timestamps, not Spark's legacy INT96.
        conf.put("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS");
        conf.put(
                "spark.sql.shuffle.partitions",
                knobs.env("SHUFFLE_PARTITIONS", "2").asPositiveInt() + "");
        conf.put(
                "spark.sql.codegen.wholeStage",
                knobs.env("WHOLE_STAGE_CODEGEN", "true").asBoolean() + "");
        conf.put("spark.ui.enabled", knobs.env("SPARK_UI_ENABLED", "false").asBoolean() + "");
        conf.put(
                "spark.kafka.consumer.cache.capacity",
                knobs.env("KAFKA_CONSUMER_CACHE_CAPACITY", "64").asPositiveInt() + "");
        conf.put(
                "spark.sql.parquet.compression.codec",
                knobs.env("PARQUET_COMPRESSION", "snappy").asString());
        // Measured: each commit rebuilds the snapshot over this many partitions; 50 (Delta's default)
        // costs seconds per micro-batch on 2 cores, 2 halves the batch time (docs/verified-facts.md).
        conf.put(
                "spark.databricks.delta.snapshotPartitions",
                knobs.env("DELTA_SNAPSHOT_PARTITIONS", "2").asPositiveInt() + "");
        // Delta writes a checksum (.crc) file after each commit: one more ABFS write per micro-batch.
        conf.put(
                "spark.databricks.delta.writeChecksumFile.enabled",
                knobs.env("DELTA_WRITE_CHECKSUM_FILE", "true").asBoolean() + "");
        // Delta's per-file statistics (min/max per column) are computed while writing each micro-batch's files.
        conf.put(
                "spark.databricks.delta.stats.collect",
                knobs.env("DELTA_STATS_COLLECT", "true").asBoolean() + "");
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
                knobs.env("SPARK_SCHEDULER_MODE", "fifo")
                        .asEnum(SchedulerMode.class, SparkSettings::spelling)
                        .name());
        conf.put(
                "spark.locality.wait",
                knobs.env("SPARK_LOCALITY_WAIT", "3s").asDuration().toMillis() + "ms");
        conf.put(
                "spark.sql.adaptive.enabled",
                knobs.env("SPARK_ADAPTIVE_ENABLED", "true").asBoolean() + "");
        conf.put(
                "spark.sql.streaming.minBatchesToRetain",
                knobs.env("SPARK_MIN_BATCHES_TO_RETAIN", "100").asPositiveInt() + "");
        conf.put(
                "spark.sql.streaming.asyncLogPurge.enabled",
                knobs.env("SPARK_ASYNC_LOG_PURGE", "true").asBoolean() + "");
        conf.put(
                "spark.sql.streaming.noDataMicroBatches.enabled",
                knobs.env("SPARK_NO_DATA_MICRO_BATCHES", "true").asBoolean() + "");
        knobs.env("SPARK_CHECKPOINT_FILE_MANAGER", "blob-put")
                .asEnum(CheckpointFileManager.class, SparkSettings::spelling)
                .sparkClass()
                .ifPresent(c -> conf.put("spark.sql.streaming.checkpointFileManagerClass", c));
        if (knobs.env("DELTA_LOG_STORE", "blob-put").asEnum(DeltaLogStore.class, SparkSettings::spelling)
                == DeltaLogStore.BLOB_PUT) {
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
        int interval = knobs.env("DELTA_CHECKPOINT_INTERVAL", "100").asPositiveInt();
        tableProps.put(
                "delta.checkpointInterval", (backgroundCheckpointEvery(knobs) > 0 ? Integer.MAX_VALUE : interval) + "");
        tableProps.put("delta.appendOnly", "true");
        return tableProps;
    }

    /** 0: Delta checkpoints inline, every DELTA_CHECKPOINT_INTERVAL commits. */
    private static int backgroundCheckpointEvery(Knobs knobs) {
        return knobs.env("DELTA_BACKGROUND_CHECKPOINT_EVERY", "10").asNonNegativeInt();
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
