package streambench.common;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Knobs that mean the same for every JVM consumer (Spark and Flink): the Kafka consumer's fetch
 * settings, where to start in the topic, the start-up Kafka check and the ABFS driver's write settings — one name, one default, one
 * validation. Each consumer puts them where its engine wants them. Their defaults stand under each
 * engine's anchor in docker-compose.yml; KnobAnchorsTest reads this file with each consumer's sources.
 */
public final class ConsumerKnobs {
    private ConsumerKnobs() {}

    /** Kafka consumer client properties (bare names, e.g. {@code max.poll.records}). */
    public static Map<String, String> kafkaConsumer(Knobs knobs) {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("max.poll.records", knobs.env("KAFKA_MAX_POLL_RECORDS", "500").asPositiveInt() + "");
        props.put("fetch.min.bytes", knobs.env("KAFKA_FETCH_MIN_BYTES", "1").asPositiveInt() + "");
        props.put(
                "fetch.max.wait.ms", knobs.env("KAFKA_FETCH_MAX_WAIT_MS", "500").asNonNegativeInt() + "");
        props.put(
                "fetch.max.bytes",
                knobs.env("KAFKA_FETCH_MAX_BYTES", "52428800").asPositiveInt() + "");
        props.put(
                "max.partition.fetch.bytes",
                knobs.env("KAFKA_MAX_PARTITION_FETCH_BYTES", "1048576").asPositiveInt() + "");
        props.put(
                "receive.buffer.bytes",
                knobs.env("KAFKA_RECEIVE_BUFFER_BYTES", "65536").asSocketBufferBytes() + "");
        props.put(
                "request.timeout.ms",
                knobs.env("KAFKA_REQUEST_TIMEOUT_MS", "30000").asPositiveInt() + "");
        return props;
    }

    /** How long the start-up check may wait for Kafka and the topic; zero: no check. */
    public static Duration kafkaConnectTimeout(Knobs knobs) {
        return knobs.env(ConsumerContract.KAFKA_CONNECT_TIMEOUT, "30s").asDuration();
    }

    /** Where to start in a topic without committed offsets or a checkpoint. */
    public static StartingOffsets startingOffsets(Knobs knobs) {
        return knobs.env("STARTING_OFFSETS", "earliest").asEnum(StartingOffsets.class);
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
        conf.put(
                "fs.azure.write.request.size",
                knobs.env("ABFS_WRITE_REQUEST_SIZE", "8388608").asPositiveInt() + "");
        int concurrency = knobs.env("ABFS_WRITE_MAX_CONCURRENT", "0").asNonNegativeInt();
        if (concurrency > 0) {
            conf.put("fs.azure.write.max.concurrent.requests", Integer.toString(concurrency));
        }
        // A file that fits in one write buffer (every log entry, checksum and micro-batch file here) can go up
        // with its data and its flush in one request instead of two: round trips, not bytes, are the cost.
        conf.put(
                "fs.azure.write.enableappendwithflush",
                knobs.env("ABFS_APPEND_WITH_FLUSH", "false").asBoolean() + "");
        return conf;
    }
}
