package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.Event;
import streambench.common.HostileRecords;
import streambench.common.LakeSettings;
import streambench.harness.engine.ConsumerProcess;
import streambench.harness.services.InstallLayout;
import streambench.harness.services.ProducerLauncher;

/**
 * The Flink 1.16 consumer jar as its own JVM against a real KRaft broker and real Azurite: 50,000
 * events exactly once (also across kill -9 and a restart from the last checkpoint), every hostile record
 * (common's corpus) counted as malformed while the stream lives on, and the table read back by Spark
 * 4.2's Delta reader.
 */
class FlinkConsumerIT {
    private static final int RATE = 5000;
    private static final int SECONDS = 10;
    private static final int EVENTS = RATE * SECONDS;
    /** The producer's events and the four good events around the two halves of the hostile records. */
    private static final int GOOD = EVENTS + 4;

    private static final Duration READY = Duration.ofMinutes(3);
    private static final Duration DRAIN = Duration.ofMinutes(3);
    private static final List<HostileRecords.Entry> HOSTILE = ConsumerChecks.HOSTILE;

    private static final InstallLayout LAYOUT = InstallLayout.load();
    private static ItServices services;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startServices(@TempDir Path logs) throws Exception {
        services = ItServices.start(LAYOUT, logs);
    }

    @AfterAll
    static void stopServices() {
        if (services != null) {
            services.close();
        }
    }

    @Test
    void deliversEveryEventExactlyOnceCountsMalformedRecordsAndSparkReadsTheTable() throws Exception {
        String topic = "flink-happy";
        String table = "it/" + topic;
        services.topics.create(topic, 4);
        // half the hostile records wait in the topic for the start, half arrive in the running stream
        List<HostileRecords.Entry> firstHalf = HOSTILE.subList(0, HOSTILE.size() / 2);
        List<Event> around = new ArrayList<>(
                ConsumerChecks.sendBetweenGoodEvents(services.kafka.bootstrapServers(), topic, firstHalf, 0));
        Path telemetry = tmp.resolve("telemetry.jsonl");
        Map<String, String> env = services.consumerEnv(topic, table);
        env.put("TELEMETRY_FILE", telemetry.toString());
        env.put("CHECKPOINT_INTERVAL_MS", "700");

        List<String> output = Collections.synchronizedList(new ArrayList<>());
        try (ConsumerProcess consumer = startConsumer(env, "happy", output::add)) {
            consumer.awaitReady(READY);
            ProducerLauncher.Outcome produced = services.produce(LAYOUT, topic, RATE, SECONDS, tmp, "happy");
            assertThat(produced.succeeded()).as(produced.logTail()).isTrue();
            around.addAll(ConsumerChecks.sendBetweenGoodEvents(
                    services.kafka.bootstrapServers(), topic, HOSTILE.subList(firstHalf.size(), HOSTILE.size()), 2));
            long rows = DeltaTableContents.awaitRows(services.lake, services.lake.tableUri(table), GOOD, DRAIN);
            assertThat(rows).as("rows committed within %s", DRAIN).isEqualTo(GOOD);
            ConsumerChecks.awaitMalformed(consumer, HOSTILE.size(), DRAIN);
            assertThat(consumer.metrics())
                    .containsEntry("malformed_rows_total", (long) HOSTILE.size())
                    .containsEntry("records_committed_total", (long) GOOD);
            ConsumerChecks.awaitLastTelemetry(
                    telemetry, "malformed_total", HOSTILE.size(), DRAIN); // the next checkpoint's line carries it
            assertThat(consumer.process().isAlive()).isTrue();
        }

        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE, around);
        List<JsonNode> checkpoints = ConsumerChecks.readTelemetry(telemetry);
        assertThat(checkpoints).isNotEmpty().allSatisfy(c -> {
            assertThat(c.has("checkpoint_id") && c.has("checkpoint_ms") && c.has("commit_ms"))
                    .isTrue();
            // FLINK_PARALLELISM (2 by default) writers, one file each per checkpoint
            assertThat(c.get("files").asInt()).isLessThanOrEqualTo(2);
        });
        assertThat(checkpoints.stream()
                        .mapToLong(c -> c.get("records").asLong())
                        .sum())
                .isEqualTo(GOOD);
        assertThat(checkpoints
                        .get(checkpoints.size() - 1)
                        .get("malformed_total")
                        .asLong())
                .isEqualTo(HOSTILE.size());
        assertThat(String.join("\n", output))
                .contains("CHECKPOINT_INTERVAL_MS=700")
                .contains("checkpoint every 700 ms")
                .contains("fs.azure.account.key.devstoreaccount1.dfs.core.windows.net=<redacted>")
                .doesNotContain(LakeSettings.AZURITE_KEY);

        JsonNode spark = ConsumerChecks.readWithSpark(LAYOUT, services, table, tmp);
        assertThat(spark.get("rows").asLong()).as("rows Spark 4.2 reads").isEqualTo(GOOD);
        assertThat(spark.get("distinct_keys").asLong()).isEqualTo(GOOD);
    }

    @Test
    void staysExactlyOnceAcrossKillDashNineAndRestartFromTheLastCheckpoint() throws Exception {
        String topic = "flink-kill";
        String table = "it/" + topic;
        services.topics.create(topic, 4);
        Map<String, String> env = services.consumerEnv(topic, table);

        CompletableFuture<ProducerLauncher.Outcome> produced;
        try (ConsumerProcess first = startConsumer(env, "before-kill", null)) {
            first.awaitReady(READY);
            produced = CompletableFuture.supplyAsync(() -> {
                try {
                    return services.produce(LAYOUT, topic, RATE, SECONDS, tmp, "kill");
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            long rows = DeltaTableContents.awaitRows(services.lake, services.lake.tableUri(table), 6000, DRAIN);
            assertThat(rows).as("rows committed before the kill").isGreaterThanOrEqualTo(6000);
            first.kill();
        }
        List<String> output = Collections.synchronizedList(new ArrayList<>());
        try (ConsumerProcess second = startConsumer(env, "after-kill", output::add)) {
            second.awaitReady(READY);
            ProducerLauncher.Outcome outcome = produced.get();
            assertThat(outcome.succeeded()).as(outcome.logTail()).isTrue();
            long rows = DeltaTableContents.awaitRows(services.lake, services.lake.tableUri(table), EVENTS, DRAIN);
            assertThat(rows).isEqualTo(EVENTS);
        }
        assertThat(String.join("\n", output))
                .contains("flink: resuming from checkpoint " + services.lake.tableUri(table) + "_checkpoints/");
        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE);
    }

    @Test
    void badConfigurationOrAnUnreachableKafkaOrTopicExitsTwoNamingIt() throws Exception {
        Map<String, String> env = services.consumerEnv("any", "it/bad-config");
        env.put("FLINK_PARALLELISM", "zero");
        assertThat(ConsumerChecks.runToExit(LAYOUT.jar("flink-1.16.jar"), "flink-bad-knob", env, tmp, 2))
                .contains("FLINK_PARALLELISM")
                .contains("zero");

        env = services.consumerEnv("no-such-topic", "it/bad-config");
        assertThat(ConsumerChecks.runToExit(LAYOUT.jar("flink-1.16.jar"), "flink-no-topic", env, tmp, 2))
                .contains("TOPIC no-such-topic does not exist");

        env = services.consumerEnv("any", "it/bad-config");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1"); // nothing listens on port 1
        env.put("KAFKA_CONNECT_TIMEOUT", "3s");
        assertThat(ConsumerChecks.runToExit(LAYOUT.jar("flink-1.16.jar"), "flink-no-kafka", env, tmp, 2))
                .contains("Kafka at 127.0.0.1:1 did not answer within 3 s");
    }

    private ConsumerProcess startConsumer(
            Map<String, String> env, String name, java.util.function.Consumer<String> lines) {
        return ConsumerChecks.startConsumer(LAYOUT.jar("flink-1.16.jar"), "flink-" + name, env, tmp, lines);
    }
}
