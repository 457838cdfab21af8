package streambench.producer;

import java.time.Duration;
import java.util.List;
import streambench.common.ConsumerContract;
import streambench.common.KnobDef;
import streambench.common.KnobSheet;

/** The producer's knobs, declared once; {@link #sheet()} is what {@code --knobs} prints. */
final class ProducerKnobs {
    private ProducerKnobs() {}

    static final KnobDef<Long> RATE = KnobDef.positiveLong("RATE", "200000", "events/s over all threads");
    static final KnobDef<Long> DURATION_S =
            KnobDef.anyLong("DURATION_S", "0", "seconds of load, >= 0; 0: until SIGTERM");
    static final KnobDef<Integer> MESSAGE_BYTES = KnobDef.positiveInt(
            "MESSAGE_BYTES", "100", "size of each encoded event in bytes (the JSON is padded to it)");
    static final KnobDef<Integer> PRODUCER_ID_BASE = KnobDef.nonNegativeInt(
            "PRODUCER_ID_BASE", "0", "first producer_id; give each producer process its own range");
    static final KnobDef<Integer> PRODUCER_THREADS = KnobDef.positiveInt(
            "PRODUCER_THREADS",
            "1",
            "sending threads, each its own producer_id and KafkaProducer; the rate is split evenly");
    static final KnobDef<Integer> PRODUCER_PREROLL_S = KnobDef.nonNegativeInt(
            "PRODUCER_PREROLL_S",
            "5",
            "seconds at RATE sent before the schedule under producer ids never measured, so the send path is"
                    + " compiled before the first measured event; 0: the schedule starts cold");
    static final KnobDef<Duration> PRODUCER_REPORT_INTERVAL =
            KnobDef.duration("PRODUCER_REPORT_INTERVAL", "1s", "progress line interval, > 0");
    static final KnobDef<ProducerSettings.Acks> PRODUCER_ACKS = KnobDef.oneOf(
            "PRODUCER_ACKS",
            "all",
            ProducerSettings.Acks.class,
            ProducerSettings.Acks::kafkaValue,
            "Kafka producer acks (-1: Kafka's other name for all)");
    static final KnobDef<Integer> PRODUCER_LINGER_MS =
            KnobDef.nonNegativeInt("PRODUCER_LINGER_MS", "10", "Kafka producer linger.ms");
    static final KnobDef<Integer> PRODUCER_BATCH_SIZE =
            KnobDef.positiveInt("PRODUCER_BATCH_SIZE", "131072", "Kafka producer batch.size in bytes");
    static final KnobDef<ProducerSettings.Compression> PRODUCER_COMPRESSION = KnobDef.oneOf(
            "PRODUCER_COMPRESSION", "none", ProducerSettings.Compression.class, "Kafka producer compression.type");
    static final KnobDef<Long> PRODUCER_BUFFER_MEMORY =
            KnobDef.positiveLong("PRODUCER_BUFFER_MEMORY", "67108864", "Kafka producer buffer.memory in bytes");

    static KnobSheet sheet() {
        return new KnobSheet(
                "producer",
                ConsumerContract.TOPIC + "; Kafka: " + ConsumerContract.KAFKA_BOOTSTRAP_SERVERS + " or "
                        + ConsumerContract.EVENTHUB_CONNECTION_STRING + ", " + ConsumerContract.KAFKA_CLIENT_PREFIX
                        + "*, " + ConsumerContract.KAFKA_OAUTH_ALLOWED_URLS + "; PRODUCER_SUMMARY_FILE (a JSON"
                        + " summary at the end)",
                List.of(
                        new KnobSheet.Group(
                                "the load",
                                List.of(
                                        RATE,
                                        DURATION_S,
                                        MESSAGE_BYTES,
                                        PRODUCER_ID_BASE,
                                        PRODUCER_THREADS,
                                        PRODUCER_PREROLL_S,
                                        PRODUCER_REPORT_INTERVAL,
                                        ConsumerContract.KAFKA_CONNECT_TIMEOUT_KNOB)),
                        new KnobSheet.Group(
                                "Kafka producer",
                                List.of(
                                        PRODUCER_ACKS,
                                        PRODUCER_LINGER_MS,
                                        PRODUCER_BATCH_SIZE,
                                        PRODUCER_COMPRESSION,
                                        PRODUCER_BUFFER_MEMORY))));
    }
}
