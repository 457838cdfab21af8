package streambench.flink;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerKnobs;
import streambench.common.KafkaConnection;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.common.StartingOffsets;
import streambench.flink.delta.ParquetSettings;

/**
 * Every setting and tuning knob of the Flink consumer, read once from the environment. Each default
 * equals the one under {@code x-flink-tuning} in docker-compose.yml (a test keeps them in sync).
 */
record FlinkSettings(
        ConsumerContract.Settings consumer,
        String checkpointDir,
        boolean resumeFromCheckpoint,
        Map<String, String> hadoopConf,
        Map<String, String> kafkaProperties,
        String groupId,
        StartingOffsets startingOffsets,
        int parallelism,
        long checkpointIntervalMs,
        long checkpointMinPauseMs,
        long checkpointTimeoutMs,
        long bufferTimeoutMs,
        boolean objectReuse,
        ParquetSettings parquet,
        long maxRecordsPerFile,
        Map<String, String> tableProperties,
        boolean writeChecksum,
        int warmupCommits,
        int warmupRows,
        Duration kafkaConnectTimeout,
        int restartAttempts,
        Duration restartDelay) {

    /**
     * The Parquet codecs this jar can write. Parquet also names LZO and BROTLI, whose codec classes are not
     * in the jar: accepted by name, they failed the first data file inside the job and exited 1. LZ4 is
     * Parquet's deprecated Hadoop-framed variant; LZ4_RAW is the one to choose.
     */
    enum ParquetCodec {
        UNCOMPRESSED,
        SNAPPY,
        GZIP,
        ZSTD,
        LZ4_RAW,
        LZ4;

        final CompressionCodecName codec = CompressionCodecName.valueOf(name());
    }

    /** Reads the knobs in the record's order; each that needs more than a conversion has a step of its own. */
    static FlinkSettings fromKnobs(Knobs knobs) {
        ConsumerContract.Settings consumer = ConsumerContract.Settings.fromKnobs(knobs, "run-1/flink-1.16/benchmark");
        return new FlinkSettings(
                consumer,
                checkpointDir(knobs, consumer.tableUri()),
                knobs.env("RESUME_FROM_CHECKPOINT", "true").asBoolean(),
                hadoopConf(knobs, consumer.lake()),
                kafkaProperties(knobs, consumer.kafka()),
                knobs.env("KAFKA_GROUP_ID", "streambench-flink").asString(),
                ConsumerKnobs.startingOffsets(knobs),
                knobs.env("FLINK_PARALLELISM", "2").asPositiveInt(),
                knobs.env("CHECKPOINT_INTERVAL_MS", "1000").asPositiveLong(),
                checkpointMinPauseMs(knobs),
                knobs.env("CHECKPOINT_TIMEOUT_MS", "60000").asPositiveLong(),
                bufferTimeoutMs(knobs),
                knobs.env("FLINK_OBJECT_REUSE", "true").asBoolean(),
                parquet(knobs),
                maxRecordsPerFile(knobs),
                tableProperties(knobs),
                knobs.env("DELTA_WRITE_CHECKSUM_FILE", "true").asBoolean(),
                knobs.env("WARMUP_COMMITS", "3").asNonNegativeInt(),
                knobs.env("WARMUP_ROWS", "1000").asPositiveInt(),
                ConsumerKnobs.kafkaConnectTimeout(knobs),
                knobs.env("FLINK_RESTART_ATTEMPTS", "3").asNonNegativeInt(),
                knobs.env("FLINK_RESTART_DELAY", "10s").asDuration());
    }

    /** Unless set: beside the table, on the same storage. */
    private static String checkpointDir(Knobs knobs, String tableUri) {
        String dir = knobs.env("CHECKPOINT_DIR", "").asString();
        return dir.isEmpty() ? tableUri + "_checkpoints" : dir;
    }

    /** The lake's Hadoop keys and the ABFS driver's write knobs, for the sink and for checkpoints on the lake. */
    private static Map<String, String> hadoopConf(Knobs knobs, LakeSettings lake) {
        Map<String, String> hadoop = new LinkedHashMap<>(lake.hadoopConf());
        hadoop.putAll(ConsumerKnobs.abfsWrite(knobs));
        return hadoop;
    }

    /** The connection's client properties, the shared consumer knobs, then KafkaSource's own. */
    private static Map<String, String> kafkaProperties(Knobs knobs, KafkaConnection kafka) {
        Map<String, String> props = new LinkedHashMap<>(kafka.properties());
        props.putAll(ConsumerKnobs.kafkaConsumer(knobs));
        long discovery = knobs.env("KAFKA_PARTITION_DISCOVERY_INTERVAL_MS", "0").asLong();
        if (discovery > 0) {
            props.put("partition.discovery.interval.ms", Long.toString(discovery));
        }
        // offsets live in Flink's checkpoint; committing them to Kafka too only serves lag monitors
        props.put(
                "commit.offsets.on.checkpoint",
                knobs.env("KAFKA_COMMIT_OFFSETS_ON_CHECKPOINT", "true").asBoolean() + "");
        return props;
    }

    private static long checkpointMinPauseMs(Knobs knobs) {
        long minPause = knobs.env("CHECKPOINT_MIN_PAUSE_MS", "0").asLong();
        if (minPause < 0) {
            throw new ConfigException("CHECKPOINT_MIN_PAUSE_MS must be >= 0, got \"" + minPause + "\"");
        }
        return minPause;
    }

    /** -1 is Flink's own "flush only when a buffer is full", so it is allowed below zero's "flush at once". */
    private static long bufferTimeoutMs(Knobs knobs) {
        long bufferTimeout = knobs.env("FLINK_BUFFER_TIMEOUT_MS", "100").asLong();
        if (bufferTimeout < -1) {
            throw new ConfigException(
                    "FLINK_BUFFER_TIMEOUT_MS must be >= 0 (or -1: flush only when a buffer is full), got \""
                            + bufferTimeout + "\"");
        }
        return bufferTimeout;
    }

    private static ParquetSettings parquet(Knobs knobs) {
        CompressionCodecName compression =
                knobs.env("PARQUET_COMPRESSION", "snappy").asEnum(ParquetCodec.class).codec;
        return new ParquetSettings(
                compression,
                knobs.env("PARQUET_ROW_GROUP_BYTES", "134217728").asPositiveLong(),
                knobs.env("PARQUET_PAGE_BYTES", "1048576").asPositiveInt(),
                knobs.env("PARQUET_DICTIONARY", "true").asBoolean());
    }

    private static long maxRecordsPerFile(Knobs knobs) {
        long maxRecordsPerFile = knobs.env("MAX_RECORDS_PER_FILE", "0").asLong();
        if (maxRecordsPerFile < 0) {
            throw new ConfigException("MAX_RECORDS_PER_FILE must be >= 0 (0 = one file per checkpoint), got \""
                    + maxRecordsPerFile + "\"");
        }
        return maxRecordsPerFile;
    }

    /** For a table the sink creates; appendOnly is not a knob: the benchmark's table is only ever appended to. */
    private static Map<String, String> tableProperties(Knobs knobs) {
        Map<String, String> tableProps = new LinkedHashMap<>();
        tableProps.put(
                "delta.checkpointInterval",
                knobs.env("DELTA_CHECKPOINT_INTERVAL", "100").asPositiveInt() + "");
        tableProps.put("delta.appendOnly", "true");
        return tableProps;
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
}
