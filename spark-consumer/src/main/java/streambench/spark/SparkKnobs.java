package streambench.spark;

import java.time.Duration;
import java.util.List;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerKnobs;
import streambench.common.DeltaTableKnobs;
import streambench.common.Knob;
import streambench.common.KnobDef;
import streambench.common.KnobSheet;

/**
 * The Spark consumer's own knobs, declared once; {@link #sheet()} is what {@code --knobs} prints. Names follow
 * the original benchmark where it had one. A value of 0 means "leave Spark's or the driver's own default" where
 * the knob says so.
 */
final class SparkKnobs {
    private SparkKnobs() {}

    // where and how Spark runs
    static final KnobDef<String> SPARK_MASTER =
            KnobDef.string("SPARK_MASTER", "local[*]", "Spark's master; spark-submit --master wins over this");
    static final KnobDef<Boolean> SPARK_UI_ENABLED =
            KnobDef.bool("SPARK_UI_ENABLED", "false", "Spark's UI, which costs CPU we would rather give the stream");
    static final KnobDef<SparkSettings.SchedulerMode> SPARK_SCHEDULER_MODE = KnobDef.oneOf(
            "SPARK_SCHEDULER_MODE",
            "fifo",
            SparkSettings.SchedulerMode.class,
            SparkSettings::spelling,
            "fair: the background log checkpoint's jobs in a pool of their own, so a batch's task need not queue"
                    + " behind theirs (no better in five capacity searches on 2 cores)");
    static final KnobDef<String> CHECKPOINT_LOCATION = KnobDef.string(
            "CHECKPOINT_LOCATION", "", "the query's checkpoint; empty: <table>_checkpoint, beside the table");
    static final KnobDef<Boolean> SPARK_APPEND_TO_EXISTING_TABLE = KnobDef.bool(
            "SPARK_APPEND_TO_EXISTING_TABLE",
            "false",
            "false: a checkpoint without offsets against a table with data exits 2 (it would append the topic again)");
    // micro-batches
    static final KnobDef<Duration> TRIGGER_INTERVAL = KnobDef.duration(
            "TRIGGER_INTERVAL", "0s", "0s: start the next batch as soon as the previous one committed");
    static final KnobDef<Knob> MAX_OFFSETS_PER_TRIGGER =
            KnobDef.custom("MAX_OFFSETS_PER_TRIGGER", "1000000", "integer >= 0", "most records per batch; 0: no limit");
    static final KnobDef<Knob> MIN_OFFSETS_PER_TRIGGER = KnobDef.custom(
            "MIN_OFFSETS_PER_TRIGGER",
            "0",
            "integer >= 0",
            "least records per batch, up to MAX_TRIGGER_DELAY; 0: unset");
    static final KnobDef<Duration> MAX_TRIGGER_DELAY = KnobDef.duration(
            "MAX_TRIGGER_DELAY", "15m", "longest a batch waits for MIN_OFFSETS_PER_TRIGGER (only with it)");
    static final KnobDef<SparkSettings.DeltaWriter> SPARK_DELTA_WRITER = KnobDef.oneOf(
            "SPARK_DELTA_WRITER",
            "cached-snapshot",
            SparkSettings.DeltaWriter.class,
            SparkSettings::spelling,
            "cached-snapshot: each batch one Delta transaction on the last commit's snapshot, exactly once through"
                    + " the checksum's SetTransaction; delta-sink: Delta's streaming sink, which lists the log and"
                    + " rebuilds the table state every batch");
    static final KnobDef<Integer> OUTPUT_COALESCE_PARTITIONS = KnobDef.nonNegativeInt(
            "OUTPUT_COALESCE_PARTITIONS",
            "2",
            "Parquet files (and tasks) per batch, narrowed from one per Kafka partition without a shuffle; 0: no"
                    + " coalesce");
    static final KnobDef<Integer> SHUFFLE_PARTITIONS = KnobDef.positiveInt(
            "SHUFFLE_PARTITIONS", "2", "spark.sql.shuffle.partitions: the job has no shuffle, Delta's bookkeeping has");
    static final KnobDef<Boolean> WHOLE_STAGE_CODEGEN =
            KnobDef.bool("WHOLE_STAGE_CODEGEN", "true", "spark.sql.codegen.wholeStage");
    // Kafka source
    static final KnobDef<Boolean> FAIL_ON_DATA_LOSS =
            KnobDef.bool("FAIL_ON_DATA_LOSS", "true", "the Kafka source's failOnDataLoss");
    static final KnobDef<Integer> KAFKA_MIN_PARTITIONS = KnobDef.nonNegativeInt(
            "KAFKA_MIN_PARTITIONS",
            "0",
            "the Kafka source's minPartitions; 0: one Spark partition per Kafka partition");
    /**
     * 50 ms, not the other consumers' 500: a batch that reads up to the latest offsets waits this long per partition
     * a task reads when nothing comes after them, which at 16 partitions failed the load's last second
     * (reference/2026-12-05-spark-3.5-spark-4.2-run-fetch-wait).
     */
    static final KnobDef<Integer> KAFKA_FETCH_MAX_WAIT_MS = ConsumerKnobs.kafkaFetchMaxWaitMs("50");

    static final KnobDef<Integer> KAFKA_POLL_TIMEOUT_MS =
            KnobDef.positiveInt("KAFKA_POLL_TIMEOUT_MS", "120000", "the Kafka source's kafkaConsumer.pollTimeoutMs");
    static final KnobDef<Integer> KAFKA_CONSUMER_CACHE_CAPACITY =
            KnobDef.positiveInt("KAFKA_CONSUMER_CACHE_CAPACITY", "64", "spark.kafka.consumer.cache.capacity");
    // Delta and Parquet
    static final KnobDef<Integer> DELTA_SNAPSHOT_PARTITIONS = KnobDef.positiveInt(
            "DELTA_SNAPSHOT_PARTITIONS",
            "2",
            "partitions of each snapshot rebuild; Delta's default 50 costs seconds per batch on 2 cores");
    static final KnobDef<Integer> DELTA_BACKGROUND_CHECKPOINT_EVERY = KnobDef.nonNegativeInt(
            "DELTA_BACKGROUND_CHECKPOINT_EVERY",
            "10",
            "N > 0: a background thread checkpoints the log every N commits and no commit does it inline (inline,"
                    + " the checkpoint batch took 4-5 s); 0: Delta's own, every DELTA_CHECKPOINT_INTERVAL commits");
    static final KnobDef<SparkSettings.CheckpointWriter> DELTA_CHECKPOINT_WRITER = KnobDef.oneOf(
            "DELTA_CHECKPOINT_WRITER",
            "kernel",
            SparkSettings.CheckpointWriter.class,
            SparkSettings::spelling,
            "who writes the background checkpoint: kernel (Delta Kernel on that thread, no Spark job) | spark"
                    + " (Delta's own, which rebuilds the table state in Spark jobs on the stream's cores)");
    static final KnobDef<Boolean> DELTA_STATS_COLLECT = KnobDef.bool(
            "DELTA_STATS_COLLECT",
            "true",
            "per-file min/max statistics, computed while writing (the live view reads them)");
    // scheduling and the streaming logs
    static final KnobDef<Duration> SPARK_LOCALITY_WAIT = KnobDef.duration(
            "SPARK_LOCALITY_WAIT", "3s", "how long a task waits for its preferred executor (spark.locality.wait)");
    static final KnobDef<Boolean> SPARK_ADAPTIVE_ENABLED = KnobDef.bool(
            "SPARK_ADAPTIVE_ENABLED",
            "true",
            "adaptive query execution for Delta's own jobs (spark.sql.adaptive.enabled)");
    static final KnobDef<Integer> SPARK_MIN_BATCHES_TO_RETAIN = KnobDef.positiveInt(
            "SPARK_MIN_BATCHES_TO_RETAIN", "100", "offset/commit log entries kept; older ones are purged");
    static final KnobDef<Boolean> SPARK_ASYNC_LOG_PURGE =
            KnobDef.bool("SPARK_ASYNC_LOG_PURGE", "true", "purge the logs off the batch's thread");
    static final KnobDef<Boolean> SPARK_NO_DATA_MICRO_BATCHES = KnobDef.bool(
            "SPARK_NO_DATA_MICRO_BATCHES", "true", "batches without new data (only stateful queries need them)");
    static final KnobDef<CheckpointFileManager> SPARK_CHECKPOINT_FILE_MANAGER = KnobDef.oneOf(
            "SPARK_CHECKPOINT_FILE_MANAGER",
            "blob-put",
            CheckpointFileManager.class,
            SparkSettings::spelling,
            "blob-put: offset/commit logs (and Delta's .crc) as one exclusive Put Blob each on abfs with a shared key;"
                    + " filesystem: temp file + rename; filecontext: Spark's default, uncounted");
    static final KnobDef<SparkSettings.DeltaLogStore> DELTA_LOG_STORE = KnobDef.oneOf(
            "DELTA_LOG_STORE",
            "blob-put",
            SparkSettings.DeltaLogStore.class,
            SparkSettings::spelling,
            "blob-put: each Delta commit file as one exclusive Put Blob on abfs with a shared key; azure: Delta's"
                    + " AzureLogStore (temp file + rename, 15-17 requests)");

    static KnobSheet sheet() {
        return new KnobSheet(
                "spark-consumer",
                ConsumerContract.CONNECTION,
                List.of(
                        ConsumerContract.knobs(),
                        new KnobSheet.Group(
                                "where and how Spark runs",
                                List.of(
                                        SPARK_MASTER,
                                        SPARK_UI_ENABLED,
                                        SPARK_SCHEDULER_MODE,
                                        CHECKPOINT_LOCATION,
                                        SPARK_APPEND_TO_EXISTING_TABLE)),
                        new KnobSheet.Group(
                                "micro-batches",
                                List.of(
                                        TRIGGER_INTERVAL,
                                        MAX_OFFSETS_PER_TRIGGER,
                                        MIN_OFFSETS_PER_TRIGGER,
                                        MAX_TRIGGER_DELAY,
                                        SPARK_DELTA_WRITER,
                                        OUTPUT_COALESCE_PARTITIONS,
                                        SHUFFLE_PARTITIONS,
                                        WHOLE_STAGE_CODEGEN)),
                        ConsumerKnobs.kafka(KAFKA_FETCH_MAX_WAIT_MS),
                        new KnobSheet.Group(
                                "Spark's Kafka source",
                                List.of(
                                        FAIL_ON_DATA_LOSS,
                                        KAFKA_MIN_PARTITIONS,
                                        KAFKA_POLL_TIMEOUT_MS,
                                        KAFKA_CONSUMER_CACHE_CAPACITY)),
                        DeltaTableKnobs.knobs(),
                        new KnobSheet.Group(
                                "Spark's Delta writer",
                                List.of(
                                        DELTA_SNAPSHOT_PARTITIONS,
                                        DELTA_BACKGROUND_CHECKPOINT_EVERY,
                                        DELTA_CHECKPOINT_WRITER,
                                        DELTA_STATS_COLLECT,
                                        DELTA_LOG_STORE)),
                        new KnobSheet.Group(
                                "scheduling and the streaming logs",
                                List.of(
                                        SPARK_LOCALITY_WAIT,
                                        SPARK_ADAPTIVE_ENABLED,
                                        SPARK_MIN_BATCHES_TO_RETAIN,
                                        SPARK_ASYNC_LOG_PURGE,
                                        SPARK_NO_DATA_MICRO_BATCHES,
                                        SPARK_CHECKPOINT_FILE_MANAGER)),
                        ConsumerKnobs.abfs()));
    }
}
