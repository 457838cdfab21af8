package streambench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** What every consumer's integration test checks and sends, whatever the engine. */
final class ConsumerChecks {
    /** Records no consumer may store or die of: not JSON, a bad ts, a mistyped or missing field, a ts before 2000. */
    static final List<String> MALFORMED = List.of(
            "not json",
            "{\"ts\":\"yesterday\",\"producer_id\":1,\"seq\":1}",
            "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":\"abc\",\"seq\":1}",
            "{\"ts\":\"1970-01-01T00:00:01Z\",\"producer_id\":1,\"seq\":1}",
            "{\"ts\":\"2026-11-30T01:02:03Z\",\"producer_id\":1}");

    private ConsumerChecks() {
    }

    /** Every event of producer 0 exactly once, each {@code ts} exactly where the schedule put it. */
    static void assertExactlyOnceOnSchedule(DeltaTableContents table, int events, int rate) {
        assertThat(table.duplicates()).as("duplicated (producer_id, seq)").isZero();
        assertThat(table.rows()).isEqualTo(events);
        assertThat(table.tsBySeqByProducer()).containsOnlyKeys(0);
        Map<Long, Long> ts = table.tsBySeqByProducer().get(0);
        assertThat(ts).hasSize(events);
        long ts0 = ts.get(0L);
        long step = 1_000_000L / rate;
        ts.forEach((seq, micros) -> assertThat(micros - ts0).as("ts of seq %d", seq).isEqualTo(seq * step));
    }

    static void sendRaw(String bootstrapServers, String topic, List<String> values) {
        try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName()))) {
            for (String v : values) {
                p.send(new ProducerRecord<>(topic, v.getBytes(StandardCharsets.UTF_8)));
            }
            p.flush();
        }
    }

    static List<JsonNode> readTelemetry(Path file) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            out.add(json.readTree(line));
        }
        return out;
    }

    /** Starts a consumer jar as its own JVM (1 GiB heap), its output in {@code <dir>/<name>.log}. */
    static ConsumerProcess startConsumer(Path jar, String name, Map<String, String> env, Path dir,
                                         java.util.function.Consumer<String> lines) {
        return ConsumerProcess.start(name, jar, List.of("-Xmx1g"), env, dir.resolve(name + ".log"), lines);
    }

    /** Runs a consumer jar to its end, asserts its exit code, returns everything it printed. */
    static String runToExit(Path jar, String name, Map<String, String> env, Path dir, int expectedExit) throws Exception {
        List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
        try (ConsumerProcess consumer = startConsumer(jar, name, env, dir, output::add)) {
            java.util.OptionalInt exit = consumer.process().waitFor(Duration.ofMinutes(1));
            assertThat(exit).as(consumer.process().logTail()).hasValue(expectedExit);
        }
        return String.join("\n", output);
    }

    /** Waits until the telemetry file's last line has {@code field} at {@code expected} or more. */
    static void awaitLastTelemetry(Path telemetry, String field, long expected, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            List<JsonNode> lines = Files.exists(telemetry) ? readTelemetry(telemetry) : List.of();
            if (!lines.isEmpty() && lines.get(lines.size() - 1).get(field).asLong() >= expected) {
                return;
            }
            Thread.sleep(200);
        }
    }
}
