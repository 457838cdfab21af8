package streambench.producer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.ProducerContract;
import streambench.services.ChildProcess;
import streambench.services.EmbeddedKafka;
import streambench.services.FreePort;
import streambench.services.InstallLayout;
import streambench.services.ProducerLauncher;
import streambench.services.ProducerReport;
import streambench.services.TopicAdmin;

/** The producer jar against a real KRaft broker: every event exactly once, on schedule; failures reported. */
class ProducerIT {
    private static final InstallLayout LAYOUT = InstallLayout.load();
    private static EmbeddedKafka kafka;
    private static TopicAdmin topics;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startKafka(@TempDir Path logs) throws Exception {
        kafka = EmbeddedKafka.start(LAYOUT, logs.resolve("kafka.log"), "512m");
        topics = new TopicAdmin(kafka.connection());
    }

    @AfterAll
    static void stopKafka() {
        if (topics != null) {
            topics.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void everyEventArrivesExactlyOnceWithItsScheduledTs() throws Exception {
        topics.create("exactly-once", 3);
        ProducerLauncher launcher =
                new ProducerLauncher(LAYOUT, Map.of("KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers()));
        List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
        ProducerLauncher.Outcome outcome = launcher.run(
                new ProducerLauncher.Request(
                        "exactly-once", 1000, 3, 120, Map.of("PRODUCER_THREADS", "2", "PRODUCER_ID_BASE", "10")),
                tmp.resolve("summary.json"),
                tmp.resolve("producer.log"),
                lines::add);

        assertThat(outcome.succeeded()).as(outcome.logTail()).isTrue();
        ProducerReport report = outcome.report().orElseThrow();
        assertThat(report.sent()).isEqualTo(3000);
        assertThat(report.acked()).isEqualTo(3000);
        assertThat(report.failed()).isZero();
        assertThat(report.producers())
                .extracting(ProducerReport.PerProducer::producerId)
                .containsExactly(10, 11);
        assertThat(report.producers()).allSatisfy(p -> {
            assertThat(p.firstSeq()).isZero();
            assertThat(p.lastSeq()).isEqualTo(1499);
        });
        assertThat(lines).anyMatch(l -> l.startsWith("producer t=1s target=1000/s"));

        // 5 s of pre-roll (the anchor's PRODUCER_PREROLL_S) at 1,000 msg/s went first, as reserved ids of this
        // process's own (from PREROLL_FROM + PRODUCER_ID_BASE); events the cold JVM was over 10 ms late for are
        // skipped, not sent as a burst
        int preroll = ProducerContract.PREROLL_FROM + 10;
        assertThat(report.prerollRanges()).containsOnlyKeys(preroll, preroll + 1);
        String prerollLine = lines.stream()
                .filter(l -> l.startsWith("producer: pre-roll of 5 s sent ("))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no pre-roll line in " + lines));
        Matcher m = Pattern.compile(
                        "sent \\((\\d+) events as producer ids from " + preroll + ", not measured; (\\d+) skipped")
                .matcher(prerollLine);
        assertThat(m.find()).as(prerollLine).isTrue();
        long prerolled = Long.parseLong(m.group(1));
        assertThat(prerolled + Long.parseLong(m.group(2))).isEqualTo(5000);
        assertThat(prerolled).isGreaterThan(4000);
        assertThat(lines).contains(ProducerContract.SCHEDULE_STARTS);
        List<ConsumerRecord<byte[], byte[]>> records = readAll("exactly-once", 3000 + prerolled);
        Map<Integer, Map<Long, Long>> tsBySeq = new HashMap<>();
        for (ConsumerRecord<byte[], byte[]> r : records) {
            assertThat(r.value()).hasSize(120);
            Event e = EventCodec.decode(r.value());
            Long previous = tsBySeq.computeIfAbsent(e.producerId(), k -> new HashMap<>())
                    .put(e.seq(), e.tsMicros());
            assertThat(previous)
                    .as("duplicate (%d, %d)", e.producerId(), e.seq())
                    .isNull();
        }
        assertThat(tsBySeq).containsOnlyKeys(10, 11, preroll, preroll + 1);
        assertThat(tsBySeq.get(preroll).size() + tsBySeq.get(preroll + 1).size())
                .isEqualTo(prerolled);
        long lastPreroll = Math.max(
                Collections.max(tsBySeq.remove(preroll).values()),
                Collections.max(tsBySeq.remove(preroll + 1).values()));
        long firstMeasured = Math.min(tsBySeq.get(10).get(0L), tsBySeq.get(11).get(0L));
        assertThat(firstMeasured).as("the schedule starts after the pre-roll").isGreaterThan(lastPreroll);
        // the summary's schedule gives every event's ts, as the harness checks each row of a table
        Map<Integer, ProducerReport.PerProducer> schedules = report.byProducerId();
        tsBySeq.forEach((id, perProducer) -> perProducer.forEach(
                (seq, ts) -> assertThat(schedules.get(id).dueMicros(seq)).hasValue(ts)));
        for (Map<Long, Long> perProducer : tsBySeq.values()) {
            assertThat(perProducer).hasSize(1500);
            long ts0 = perProducer.get(0L);
            // 500 events/s per producer: event k is due exactly k * 2 ms after event 0
            perProducer.forEach((seq, ts) -> assertThat(ts - ts0).isEqualTo(seq * 2_000));
        }
    }

    @Test
    void sigtermFlushesAndWritesTheSummary() throws Exception {
        topics.create("sigterm", 1);
        Path summary = tmp.resolve("sigterm.json");
        ChildProcess producer = ChildProcess.start(
                "producer",
                List.of(
                        ChildProcess.javaExecutable(),
                        "-jar",
                        LAYOUT.producerJar().toString()),
                Map.of(
                        "KAFKA_BOOTSTRAP_SERVERS",
                        kafka.bootstrapServers(),
                        "TOPIC",
                        "sigterm",
                        "RATE",
                        "2000",
                        "DURATION_S",
                        "0",
                        "PRODUCER_SUMMARY_FILE",
                        summary.toString()),
                null,
                tmp.resolve("sigterm.log"),
                null);
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!Files.readString(producer.logFile()).contains("producer t=2s") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
        } finally {
            producer.stop(Duration.ofSeconds(30)); // SIGTERM first
        }
        ProducerReport report = ProducerReport.read(summary);
        assertThat(report.completedSchedule()).isFalse();
        assertThat(report.sent()).isGreaterThan(2000);
        assertThat(report.acked()).isEqualTo(report.sent());
        // the pre-roll's events are in the topic too, under their reserved id
        long measured = readAll("sigterm", report.acked()).stream()
                .filter(r -> decode(r).producerId() < ProducerContract.UNMEASURED_FROM)
                .count();
        assertThat(measured).isEqualTo(report.acked());
    }

    @Test
    void unreachableBrokerFailsFastWithAClearMessage() throws Exception {
        int deadPort = FreePort.find();
        ChildProcess producer = ChildProcess.start(
                "producer",
                List.of(
                        ChildProcess.javaExecutable(),
                        "-jar",
                        LAYOUT.producerJar().toString()),
                Map.of("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:" + deadPort, "TOPIC", "t", "KAFKA_CONNECT_TIMEOUT", "5s"),
                null,
                tmp.resolve("dead.log"),
                null);
        OptionalInt exit = producer.waitFor(Duration.ofSeconds(60));
        assertThat(exit).hasValue(2);
        assertThat(producer.logTail())
                .contains("producer: Kafka at 127.0.0.1:" + deadPort + " did not answer within 5 s");
    }

    @Test
    void missingTopicAndBadKnobsExitWith2() throws Exception {
        ChildProcess noTopic = ChildProcess.start(
                "producer",
                List.of(
                        ChildProcess.javaExecutable(),
                        "-jar",
                        LAYOUT.producerJar().toString()),
                Map.of("KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers(), "TOPIC", "no-such-topic"),
                null,
                tmp.resolve("no-topic.log"),
                null);
        assertThat(noTopic.waitFor(Duration.ofSeconds(60))).hasValue(2);
        assertThat(noTopic.logTail()).contains("TOPIC no-such-topic does not exist");

        ChildProcess badRate = ChildProcess.start(
                "producer",
                List.of(
                        ChildProcess.javaExecutable(),
                        "-jar",
                        LAYOUT.producerJar().toString()),
                Map.of("KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers(), "TOPIC", "t", "RATE", "lots"),
                null,
                tmp.resolve("bad-rate.log"),
                null);
        assertThat(badRate.waitFor(Duration.ofSeconds(60))).hasValue(2);
        assertThat(badRate.logTail()).isEqualTo("producer: RATE must be a positive integer, got \"lots\"");
    }

    private static Event decode(ConsumerRecord<byte[], byte[]> r) {
        try {
            return EventCodec.decode(r.value());
        } catch (streambench.common.MalformedEventException e) {
            throw new AssertionError(e);
        }
    }

    private static List<ConsumerRecord<byte[], byte[]>> readAll(String topic, long expected) {
        Map<String, Object> props = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "it-" + topic,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName(),
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            int emptyPollsAfterExpected = 0;
            while (System.nanoTime() < deadline && emptyPollsAfterExpected < 3) {
                var batch = consumer.poll(Duration.ofMillis(500));
                batch.forEach(out::add);
                if (out.size() >= expected && batch.isEmpty()) {
                    emptyPollsAfterExpected++; // a few empty polls more: would show duplicates beyond `expected`
                }
            }
        }
        return out;
    }
}
