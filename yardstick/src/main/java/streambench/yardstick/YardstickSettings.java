package streambench.yardstick;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import streambench.common.ConsumerContract;
import streambench.common.ConsumerKnobs;
import streambench.common.Knobs;
import streambench.common.StartingOffsets;
import streambench.deltawriter.DeltaWriterKnobs;
import streambench.deltawriter.ParquetSettings;

/**
 * Every setting and tuning knob of the yardstick, read once from the environment; the knobs are declared in
 * {@link YardstickKnobs}, and their defaults stand under {@code x-yardstick-tuning} in docker-compose.yml too.
 */
record YardstickSettings(
        ConsumerContract.Settings consumer,
        Map<String, String> hadoopConf,
        Map<String, String> kafkaProperties,
        StartingOffsets startingOffsets,
        Duration commitInterval,
        long commitMaxRows,
        int commitAttempts,
        Duration commitRetryDelay,
        ParquetSettings parquet,
        Map<String, String> tableProperties,
        boolean writeChecksum,
        boolean checkpointInBackground,
        int writerThreads,
        int warmupCommits,
        int warmupRows,
        Duration kafkaConnectTimeout) {

    /** Domain metadata holds the Kafka offsets in each commit; a table needs the feature before its first. */
    static final String DOMAIN_METADATA_FEATURE = "delta.feature.domainMetadata";

    static YardstickSettings fromKnobs(Knobs knobs) {
        ConsumerContract.Settings consumer = ConsumerContract.Settings.fromKnobs(knobs, "run-1/yardstick/benchmark");
        return new YardstickSettings(
                consumer,
                ConsumerKnobs.lakeHadoopConf(knobs, consumer.lake()),
                kafkaProperties(knobs, consumer),
                ConsumerKnobs.startingOffsets(knobs),
                YardstickKnobs.COMMIT_INTERVAL.from(knobs),
                YardstickKnobs.COMMIT_MAX_ROWS.from(knobs),
                YardstickKnobs.COMMIT_ATTEMPTS.from(knobs),
                YardstickKnobs.COMMIT_RETRY_DELAY.from(knobs),
                DeltaWriterKnobs.parquet(knobs),
                tableProperties(knobs),
                DeltaWriterKnobs.writeChecksum(knobs),
                backgroundCheckpointEvery(knobs) > 0,
                YardstickKnobs.WRITER_THREADS.from(knobs),
                DeltaWriterKnobs.warmupCommits(knobs),
                DeltaWriterKnobs.warmupRows(knobs),
                ConsumerKnobs.kafkaConnectTimeout(knobs));
    }

    /**
     * The connection's client properties and the shared consumer knobs. No group: the yardstick assigns
     * itself every partition and keeps its offsets in the table, so Kafka's group protocol would only add
     * a coordinator round trip and a rebalance at start.
     */
    private static Map<String, String> kafkaProperties(Knobs knobs, ConsumerContract.Settings consumer) {
        Map<String, String> props = new LinkedHashMap<>(consumer.kafka().properties());
        props.putAll(ConsumerKnobs.kafkaConsumer(knobs));
        props.put("enable.auto.commit", "false");
        // the table's positions are sought explicitly; one Kafka no longer holds must fail, never jump ahead
        props.put("auto.offset.reset", "none");
        props.put("key.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        props.put("value.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
        return props;
    }

    private static Map<String, String> tableProperties(Knobs knobs) {
        Map<String, String> props = new LinkedHashMap<>(DeltaWriterKnobs.tableProperties(knobs));
        int every = backgroundCheckpointEvery(knobs);
        if (every > 0) {
            props.put("delta.checkpointInterval", Integer.toString(every));
        }
        props.put(DOMAIN_METADATA_FEATURE, "supported");
        return props;
    }

    private static int backgroundCheckpointEvery(Knobs knobs) {
        return YardstickKnobs.DELTA_BACKGROUND_CHECKPOINT_EVERY.from(knobs);
    }

    String topic() {
        return consumer.topic();
    }

    String tableUri() {
        return consumer.tableUri();
    }

    Optional<String> telemetryFile() {
        return consumer.telemetryFile();
    }
}
