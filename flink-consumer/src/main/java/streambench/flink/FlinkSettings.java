package streambench.flink;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerKnobs;
import streambench.common.KafkaConnection;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.common.StartingOffsets;
import streambench.deltawriter.DeltaWriterKnobs;
import streambench.deltawriter.ParquetSettings;

/**
 * Every setting and tuning knob of the Flink consumer, read once from the environment. The knobs are declared in
 * {@link FlinkKnobs}; their defaults stand under {@code x-flink-tuning} in docker-compose.yml too.
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

    /** Reads the knobs in the record's order; each that needs more than a conversion has a step of its own. */
    static FlinkSettings fromKnobs(Knobs knobs) {
        ConsumerContract.Settings consumer = ConsumerContract.Settings.fromKnobs(knobs, "run-1/flink-1.16/benchmark");
        return new FlinkSettings(
                consumer,
                checkpointDir(knobs, consumer.tableUri()),
                FlinkKnobs.RESUME_FROM_CHECKPOINT.from(knobs),
                ConsumerKnobs.lakeHadoopConf(knobs, consumer.lake()), // for the sink and for checkpoints on the lake
                kafkaProperties(knobs, consumer.kafka()),
                FlinkKnobs.KAFKA_GROUP_ID.from(knobs),
                ConsumerKnobs.startingOffsets(knobs),
                FlinkKnobs.FLINK_PARALLELISM.from(knobs),
                FlinkKnobs.CHECKPOINT_INTERVAL_MS.from(knobs),
                checkpointMinPauseMs(knobs),
                FlinkKnobs.CHECKPOINT_TIMEOUT_MS.from(knobs),
                bufferTimeoutMs(knobs),
                FlinkKnobs.FLINK_OBJECT_REUSE.from(knobs),
                DeltaWriterKnobs.parquet(knobs),
                maxRecordsPerFile(knobs),
                DeltaWriterKnobs.tableProperties(knobs),
                DeltaWriterKnobs.writeChecksum(knobs),
                DeltaWriterKnobs.warmupCommits(knobs),
                DeltaWriterKnobs.warmupRows(knobs),
                ConsumerKnobs.kafkaConnectTimeout(knobs),
                FlinkKnobs.FLINK_RESTART_ATTEMPTS.from(knobs),
                FlinkKnobs.FLINK_RESTART_DELAY.from(knobs));
    }

    /** Unless set: beside the table, on the same storage. */
    private static String checkpointDir(Knobs knobs, String tableUri) {
        String dir = FlinkKnobs.CHECKPOINT_DIR.from(knobs);
        return dir.isEmpty() ? tableUri + "_checkpoints" : dir;
    }

    /** The connection's client properties, the shared consumer knobs, then KafkaSource's own. */
    private static Map<String, String> kafkaProperties(Knobs knobs, KafkaConnection kafka) {
        Map<String, String> props = new LinkedHashMap<>(kafka.properties());
        props.putAll(ConsumerKnobs.kafkaConsumer(knobs));
        long discovery = FlinkKnobs.KAFKA_PARTITION_DISCOVERY_INTERVAL_MS.from(knobs);
        if (discovery > 0) {
            props.put("partition.discovery.interval.ms", Long.toString(discovery));
        }
        // offsets live in Flink's checkpoint; committing them to Kafka too only serves lag monitors
        props.put("commit.offsets.on.checkpoint", FlinkKnobs.KAFKA_COMMIT_OFFSETS_ON_CHECKPOINT.from(knobs) + "");
        return props;
    }

    private static long checkpointMinPauseMs(Knobs knobs) {
        long minPause = FlinkKnobs.CHECKPOINT_MIN_PAUSE_MS.from(knobs);
        if (minPause < 0) {
            throw new ConfigException("CHECKPOINT_MIN_PAUSE_MS must be >= 0, got \"" + minPause + "\"");
        }
        return minPause;
    }

    /** -1 is Flink's own "flush only when a buffer is full", so it is allowed below zero's "flush at once". */
    private static long bufferTimeoutMs(Knobs knobs) {
        long bufferTimeout = FlinkKnobs.FLINK_BUFFER_TIMEOUT_MS.from(knobs);
        if (bufferTimeout < -1) {
            throw new ConfigException(
                    "FLINK_BUFFER_TIMEOUT_MS must be >= 0 (or -1: flush only when a buffer is full), got \""
                            + bufferTimeout + "\"");
        }
        return bufferTimeout;
    }

    private static long maxRecordsPerFile(Knobs knobs) {
        long maxRecordsPerFile = FlinkKnobs.MAX_RECORDS_PER_FILE.from(knobs);
        if (maxRecordsPerFile < 0) {
            throw new ConfigException("MAX_RECORDS_PER_FILE must be >= 0 (0 = one file per checkpoint), got \""
                    + maxRecordsPerFile + "\"");
        }
        return maxRecordsPerFile;
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

    /** {@code LISTEN_ADDRESS}: where the local cluster's listeners bind. */
    String listenAddress() {
        return consumer.listenAddress();
    }
}
