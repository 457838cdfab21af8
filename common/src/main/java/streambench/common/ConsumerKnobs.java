package streambench.common;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Knobs that mean the same for every JVM consumer (Spark, Flink, the yardstick): the Kafka consumer's fetch
 * settings, where to start in the topic, the start-up Kafka check and the ABFS driver's write settings — one
 * name, one default, one validation. Each consumer puts them where its engine wants them. The same defaults
 * stand under each engine's anchor in docker-compose.yml (KnobAnchorsTest).
 */
public final class ConsumerKnobs {
    private ConsumerKnobs() {}

    static final KnobDef<Integer> KAFKA_MAX_POLL_RECORDS =
            KnobDef.positiveInt("KAFKA_MAX_POLL_RECORDS", "500", "Kafka consumer max.poll.records");
    static final KnobDef<Integer> KAFKA_FETCH_MIN_BYTES =
            KnobDef.positiveInt("KAFKA_FETCH_MIN_BYTES", "1", "Kafka consumer fetch.min.bytes");
    static final KnobDef<Integer> KAFKA_FETCH_MAX_WAIT_MS = KnobDef.nonNegativeInt(
            "KAFKA_FETCH_MAX_WAIT_MS",
            "500",
            "Kafka consumer fetch.max.wait.ms: how long a fetch waits for fetch.min.bytes");
    static final KnobDef<Integer> KAFKA_FETCH_MAX_BYTES =
            KnobDef.positiveInt("KAFKA_FETCH_MAX_BYTES", "52428800", "Kafka consumer fetch.max.bytes");
    static final KnobDef<Integer> KAFKA_MAX_PARTITION_FETCH_BYTES = KnobDef.positiveInt(
            "KAFKA_MAX_PARTITION_FETCH_BYTES", "1048576", "Kafka consumer max.partition.fetch.bytes");
    static final KnobDef<Integer> KAFKA_RECEIVE_BUFFER_BYTES =
            KnobDef.socketBufferBytes("KAFKA_RECEIVE_BUFFER_BYTES", "65536", "Kafka consumer receive.buffer.bytes");
    static final KnobDef<Integer> KAFKA_REQUEST_TIMEOUT_MS =
            KnobDef.positiveInt("KAFKA_REQUEST_TIMEOUT_MS", "30000", "Kafka consumer request.timeout.ms");
    static final KnobDef<StartingOffsets> STARTING_OFFSETS = KnobDef.oneOf(
            "STARTING_OFFSETS",
            "earliest",
            StartingOffsets.class,
            "where to start in a topic without committed positions or a checkpoint; each run's topic is fresh, so"
                    + " earliest loses nothing");
    static final KnobDef<Integer> ABFS_WRITE_REQUEST_SIZE = KnobDef.positiveInt(
            "ABFS_WRITE_REQUEST_SIZE", "8388608", "bytes per ABFS append request (fs.azure.write.request.size)");
    static final KnobDef<Integer> ABFS_WRITE_MAX_CONCURRENT = KnobDef.nonNegativeInt(
            "ABFS_WRITE_MAX_CONCURRENT",
            "0",
            "concurrent ABFS append requests per file (fs.azure.write.max.concurrent.requests); 0: the driver's"
                    + " default (4 x cores)");
    static final KnobDef<Boolean> ABFS_APPEND_WITH_FLUSH = KnobDef.bool(
            "ABFS_APPEND_WITH_FLUSH",
            "false",
            "true: a file that fits one write buffer goes up in one request, not two"
                    + " (fs.azure.write.enableappendwithflush)");

    /**
     * The fetch wait with an engine's own default: a Spark batch that reads up to the latest offsets waits it out once
     * per partition a task reads whenever nothing comes after them.
     */
    public static KnobDef<Integer> kafkaFetchMaxWaitMs(String defaultValue) {
        return KAFKA_FETCH_MAX_WAIT_MS.withDefault(defaultValue);
    }

    /** The Kafka source's knobs shared by every JVM consumer, for {@code --knobs}. */
    public static KnobSheet.Group kafka() {
        return kafka(KAFKA_FETCH_MAX_WAIT_MS);
    }

    /** As {@link #kafka()}, with {@code fetchMaxWait} ({@link #kafkaFetchMaxWaitMs}) for the shared one. */
    public static KnobSheet.Group kafka(KnobDef<Integer> fetchMaxWait) {
        return new KnobSheet.Group(
                "Kafka source",
                List.of(
                        ConsumerContract.KAFKA_CONNECT_TIMEOUT_KNOB,
                        STARTING_OFFSETS,
                        KAFKA_MAX_POLL_RECORDS,
                        KAFKA_FETCH_MIN_BYTES,
                        fetchMaxWait,
                        KAFKA_FETCH_MAX_BYTES,
                        KAFKA_MAX_PARTITION_FETCH_BYTES,
                        KAFKA_RECEIVE_BUFFER_BYTES,
                        KAFKA_REQUEST_TIMEOUT_MS));
    }

    /** The ABFS driver's write knobs, for {@code --knobs}. */
    public static KnobSheet.Group abfs() {
        return new KnobSheet.Group(
                "ABFS driver", List.of(ABFS_WRITE_REQUEST_SIZE, ABFS_WRITE_MAX_CONCURRENT, ABFS_APPEND_WITH_FLUSH));
    }

    /** Kafka consumer client properties (bare names, e.g. {@code max.poll.records}). */
    public static Map<String, String> kafkaConsumer(Knobs knobs) {
        return kafkaConsumer(knobs, KAFKA_FETCH_MAX_WAIT_MS);
    }

    /** As {@link #kafkaConsumer(Knobs)}, with {@code fetchMaxWait} ({@link #kafkaFetchMaxWaitMs}) for the shared one. */
    public static Map<String, String> kafkaConsumer(Knobs knobs, KnobDef<Integer> fetchMaxWait) {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("max.poll.records", KAFKA_MAX_POLL_RECORDS.from(knobs) + "");
        props.put("fetch.min.bytes", KAFKA_FETCH_MIN_BYTES.from(knobs) + "");
        props.put("fetch.max.wait.ms", fetchMaxWait.from(knobs) + "");
        props.put("fetch.max.bytes", KAFKA_FETCH_MAX_BYTES.from(knobs) + "");
        props.put("max.partition.fetch.bytes", KAFKA_MAX_PARTITION_FETCH_BYTES.from(knobs) + "");
        props.put("receive.buffer.bytes", KAFKA_RECEIVE_BUFFER_BYTES.from(knobs) + "");
        props.put("request.timeout.ms", KAFKA_REQUEST_TIMEOUT_MS.from(knobs) + "");
        return props;
    }

    /** How long the start-up check may wait for Kafka and the topic; zero: no check. */
    public static Duration kafkaConnectTimeout(Knobs knobs) {
        return ConsumerContract.KAFKA_CONNECT_TIMEOUT_KNOB.from(knobs);
    }

    /** Where to start in a topic without committed offsets or a checkpoint. */
    public static StartingOffsets startingOffsets(Knobs knobs) {
        return STARTING_OFFSETS.from(knobs);
    }

    /**
     * The lake's Hadoop keys with the ABFS driver's write knobs on top: the whole Hadoop configuration of a
     * consumer that writes through Hadoop directly (Flink's sink, the yardstick). Spark prefixes the same
     * keys with {@code spark.hadoop.} instead.
     */
    public static Map<String, String> lakeHadoopConf(Knobs knobs, LakeSettings lake) {
        Map<String, String> conf = new LinkedHashMap<>(lake.hadoopConf());
        conf.putAll(abfsWrite(knobs));
        return conf;
    }

    /** Hadoop configuration keys of the ABFS driver's writes. */
    public static Map<String, String> abfsWrite(Knobs knobs) {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("fs.azure.write.request.size", ABFS_WRITE_REQUEST_SIZE.from(knobs) + "");
        int concurrency = ABFS_WRITE_MAX_CONCURRENT.from(knobs);
        if (concurrency > 0) {
            conf.put("fs.azure.write.max.concurrent.requests", Integer.toString(concurrency));
        }
        // A file that fits in one write buffer (every log entry, checksum and micro-batch file here) can go up
        // with its data and its flush in one request instead of two: round trips, not bytes, are the cost.
        conf.put("fs.azure.write.enableappendwithflush", ABFS_APPEND_WITH_FLUSH.from(knobs) + "");
        return conf;
    }
}
