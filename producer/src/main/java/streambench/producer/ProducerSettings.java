package streambench.producer;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.KafkaConnection;
import streambench.common.Knobs;
import streambench.common.ProducerContract;

/**
 * Everything the producer reads from the environment, validated once at start. The knobs are declared in
 * {@link ProducerKnobs}; their defaults stand under {@code x-producer-tuning} in docker-compose.yml too.
 */
record ProducerSettings(
        KafkaConnection kafka,
        String topic,
        long rate,
        int threads,
        int messageBytes,
        int producerIdBase,
        long durationSeconds,
        long prerollSeconds,
        Acks acks,
        int lingerMs,
        int batchSize,
        Compression compression,
        long bufferMemory,
        Duration connectTimeout,
        Duration reportInterval,
        Optional<Path> summaryFile) {

    /** Kafka's {@code acks}; "-1" is Kafka's other name for "all". */
    enum Acks {
        ALL("all"),
        LEADER("1"),
        NONE("0"),
        ALL_BY_NUMBER("-1");

        private final String kafkaValue;

        Acks(String kafkaValue) {
            this.kafkaValue = kafkaValue;
        }

        String kafkaValue() {
            return kafkaValue;
        }
    }

    /** The codecs Kafka's producer writes; {@link #kafkaValue()} is Kafka's spelling. */
    enum Compression {
        NONE,
        GZIP,
        SNAPPY,
        LZ4,
        ZSTD;

        String kafkaValue() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Reads the knobs in the record's order; each that is checked against another has a step of its own. */
    static ProducerSettings fromKnobs(Knobs knobs) {
        KafkaConnection kafka = KafkaConnection.fromKnobs(knobs);
        String topic = knobs.required(ConsumerContract.TOPIC, "the Kafka topic to write events to")
                .asString();
        long rate = ProducerKnobs.RATE.from(knobs);
        int threads = threads(knobs, rate);
        return new ProducerSettings(
                kafka,
                topic,
                rate,
                threads,
                ProducerKnobs.MESSAGE_BYTES.from(knobs),
                producerIdBase(knobs, threads),
                durationSeconds(knobs),
                ProducerKnobs.PRODUCER_PREROLL_S.from(knobs),
                ProducerKnobs.PRODUCER_ACKS.from(knobs),
                ProducerKnobs.PRODUCER_LINGER_MS.from(knobs),
                ProducerKnobs.PRODUCER_BATCH_SIZE.from(knobs),
                ProducerKnobs.PRODUCER_COMPRESSION.from(knobs),
                ProducerKnobs.PRODUCER_BUFFER_MEMORY.from(knobs),
                ConsumerContract.KAFKA_CONNECT_TIMEOUT_KNOB.from(knobs),
                reportInterval(knobs),
                knobs.optional("PRODUCER_SUMMARY_FILE").map(k -> Path.of(k.asString())));
    }

    /** Each thread needs at least one event per second of the rate. */
    private static int threads(Knobs knobs, long rate) {
        int threads = ProducerKnobs.PRODUCER_THREADS.from(knobs);
        if (threads > rate) {
            throw new ConfigException("PRODUCER_THREADS (" + threads + ") must not exceed RATE (" + rate
                    + "): each thread needs at least one event per second");
        }
        return threads;
    }

    /** Thread i sends as producer_id base + i, which must stay a 32-bit int as the table's column is. */
    private static int producerIdBase(Knobs knobs, int threads) {
        int idBase = ProducerKnobs.PRODUCER_ID_BASE.from(knobs);
        if ((long) idBase + threads - 1 > Integer.MAX_VALUE) {
            throw new ConfigException("PRODUCER_ID_BASE + PRODUCER_THREADS exceeds the 32-bit producer_id range");
        }
        if (idBase < ProducerContract.UNMEASURED_FROM
                && (long) ProducerContract.PREROLL_FROM + idBase + threads - 1 > Integer.MAX_VALUE) {
            // the pre-roll sends as PREROLL_FROM + PRODUCER_ID_BASE + i, which must stay a 32-bit int too
            throw new ConfigException("PRODUCER_ID_BASE must be at most "
                    + ((long) Integer.MAX_VALUE - ProducerContract.PREROLL_FROM - threads + 1) + " with "
                    + threads + " PRODUCER_THREADS, got \"" + idBase + "\"");
        }
        return idBase;
    }

    private static long durationSeconds(Knobs knobs) {
        long duration = ProducerKnobs.DURATION_S.from(knobs);
        if (duration < 0) {
            throw new ConfigException("DURATION_S must be >= 0 (0 = until SIGTERM), got \"" + duration + "\"");
        }
        return duration;
    }

    private static Duration reportInterval(Knobs knobs) {
        Duration report = ProducerKnobs.PRODUCER_REPORT_INTERVAL.from(knobs);
        if (report.isZero()) {
            throw new ConfigException("PRODUCER_REPORT_INTERVAL must be longer than 0");
        }
        return report;
    }

    /** Rate of thread {@code i}: the total split evenly, the remainder spread over the first threads. */
    long rateOfThread(int i) {
        return rate / threads + (i < rate % threads ? 1 : 0);
    }
}
