package streambench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.HostileRecords;
import streambench.services.ChildProcess;
import streambench.services.ConsumerProcess;
import streambench.services.InstallLayout;

/** What every consumer's integration test checks and sends, whatever the engine. */
public final class ConsumerChecks {
    /**
     * Every hostile record (common's corpus), the tombstone among them: each consumer must drop and count each
     * one and live on, so every expected malformed count is this list's size.
     */
    public static final List<HostileRecords.Entry> HOSTILE = HostileRecords.all();

    /**
     * The producer id of the good events sent around the hostile records: not the harness producer's 0,
     * and still valid input that every consumer must write (the harness, not the consumer, tells foreign
     * producers apart).
     */
    public static final int AROUND_PRODUCER = 1;

    private ConsumerChecks() {}

    /** Every event of producer 0 exactly once, each {@code ts} exactly where the schedule put it, and nothing else. */
    public static void assertExactlyOnceOnSchedule(DeltaTableContents table, int events, int rate) {
        assertExactlyOnceOnSchedule(table, events, rate, List.of());
    }

    /** As above, plus exactly the good events sent around the hostile records, each once. */
    public static void assertExactlyOnceOnSchedule(DeltaTableContents table, int events, int rate, List<Event> around) {
        assertThat(table.duplicates()).as("duplicated (producer_id, seq)").isZero();
        assertThat(table.rows()).isEqualTo(events + around.size());
        Map<Integer, Map<Long, Long>> byProducer = table.tsBySeqByProducer();
        if (around.isEmpty()) {
            assertThat(byProducer).containsOnlyKeys(0);
        } else {
            assertThat(byProducer).containsOnlyKeys(0, AROUND_PRODUCER);
            Map<Long, Long> expected = new java.util.HashMap<>();
            around.forEach(e -> expected.put(e.seq(), e.tsMicros()));
            assertThat(byProducer.get(AROUND_PRODUCER))
                    .as("the good events around the hostile ones")
                    .isEqualTo(expected);
        }
        Map<Long, Long> ts = byProducer.get(0);
        assertThat(ts).hasSize(events);
        long ts0 = ts.get(0L);
        long step = 1_000_000L / rate;
        ts.forEach((seq, micros) ->
                assertThat(micros - ts0).as("ts of seq %d", seq).isEqualTo(seq * step));
    }

    /**
     * Sends {@code hostile} to partition 0 of {@code topic} with a good event of {@link #AROUND_PRODUCER}
     * (seq {@code firstSeq}) right before and one (seq {@code firstSeq + 1}) right after, in that order:
     * a consumer that stalled on any hostile record would miss the second. The tombstone goes as a record
     * whose value is null, as Kafka sends one, not as an empty value. Returns the two good events.
     */
    public static List<Event> sendBetweenGoodEvents(
            String bootstrapServers, String topic, List<HostileRecords.Entry> hostile, long firstSeq) {
        long now = System.currentTimeMillis() * 1000;
        Event before = new Event(now, AROUND_PRODUCER, firstSeq, "before the hostile records");
        Event after = new Event(now + 1, AROUND_PRODUCER, firstSeq + 1, "after the hostile records");
        EventCodec codec = new EventCodec();
        List<Map.Entry<String, byte[]>> values = new ArrayList<>();
        values.add(Map.entry("good event before", codec.encode(before)));
        // not Map.entry, which refuses the tombstone's null
        hostile.forEach(h -> values.add(new AbstractMap.SimpleImmutableEntry<>(h.name(), h.value())));
        values.add(Map.entry("good event after", codec.encode(after)));
        sendRaw(bootstrapServers, topic, values);
        return List.of(before, after);
    }

    /**
     * Sends each named value to partition 0, in order (the producer is idempotent by default, so retries
     * cannot reorder), and fails naming any value the broker did not take. A null value is sent as such
     * (ByteArraySerializer passes it through): a tombstone.
     */
    public static void sendRaw(String bootstrapServers, String topic, List<Map.Entry<String, byte[]>> values) {
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrapServers,
                // the corpus holds a record near the broker's 1 MiB limit: the broker, not the sender, has the say
                ProducerConfig.MAX_REQUEST_SIZE_CONFIG,
                "2097152",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                ByteArraySerializer.class.getName()))) {
            List<Future<RecordMetadata>> sent = new ArrayList<>();
            for (Map.Entry<String, byte[]> v : values) {
                sent.add(p.send(new ProducerRecord<>(topic, 0, null, v.getValue())));
            }
            p.flush();
            for (int i = 0; i < sent.size(); i++) {
                try {
                    sent.get(i).get();
                } catch (InterruptedException | ExecutionException e) {
                    throw new AssertionError(
                            "sending \"" + values.get(i).getKey() + "\" ("
                                    + (values.get(i).getValue() == null
                                            ? "null value"
                                            : values.get(i).getValue().length + " bytes")
                                    + ") failed: " + e.getMessage(),
                            e);
                }
            }
        }
    }

    public static List<JsonNode> readTelemetry(Path file) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            out.add(json.readTree(line));
        }
        return out;
    }

    /** Starts a consumer jar as its own JVM (1 GiB heap), its output in {@code <dir>/<name>.log}. */
    public static ConsumerProcess startConsumer(
            Path jar, String name, Map<String, String> env, Path dir, java.util.function.Consumer<String> lines) {
        return ConsumerProcess.start(name, jar, List.of("-Xmx1g"), env, dir.resolve(name + ".log"), lines);
    }

    /** Runs a consumer jar to its end, asserts its exit code, returns everything it printed. */
    static String runToExit(Path jar, String name, Map<String, String> env, Path dir, int expectedExit)
            throws Exception {
        List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
        try (ConsumerProcess consumer = startConsumer(jar, name, env, dir, output::add)) {
            java.util.OptionalInt exit = consumer.process().waitFor(Duration.ofMinutes(1));
            assertThat(exit).as(consumer.process().logTail()).hasValue(expectedExit);
        }
        return String.join("\n", output);
    }

    /** Waits until the telemetry file's last line has {@code field} at {@code expected} or more. */
    public static void awaitLastTelemetry(Path telemetry, String field, long expected, Duration timeout)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<JsonNode> lines = Files.exists(telemetry) ? readTelemetry(telemetry) : List.of();
            if (!lines.isEmpty() && lines.get(lines.size() - 1).get(field).asLong() >= expected) {
                return;
            }
            Thread.sleep(200);
        }
    }

    /** Spark 4.2's Delta reader, in its own JVM from the Spark consumer's jar: an engine that did not write the table. */
    public static JsonNode readWithSpark(InstallLayout layout, ItServices services, String table, Path tmp)
            throws Exception {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        List<String> command = List.of(
                ChildProcess.javaExecutable(),
                "-Xmx1g",
                "-cp",
                layout.jar("spark-4.2.jar").toString(),
                "streambench.spark.DeltaTableCheck");
        try (ChildProcess check = ChildProcess.start(
                "spark-check",
                command,
                Map.of("AZURITE_BLOB_ENDPOINT", services.lakeEndpoint(), "TABLE_PATH", table),
                null,
                tmp.resolve("spark-check.log"),
                lines::add)) {
            OptionalInt exit = check.waitFor(Duration.ofMinutes(3));
            assertThat(exit).as(check.logTail()).hasValue(0);
        }
        String json = lines.stream()
                .filter(l -> l.startsWith("{\"rows\""))
                .findFirst()
                .orElseThrow();
        return new ObjectMapper().readTree(json);
    }

    /** The consumer's malformed counter reaches {@code expected}, or {@code timeout} passes. */
    public static void awaitMalformed(ConsumerProcess consumer, long expected, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && consumer.metrics().getOrDefault("malformed_rows_total", 0L) < expected) {
            Thread.sleep(500);
        }
    }
}
