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
 * The yardstick jar as its own JVM against a real KRaft broker and real Azurite: 50,000 events exactly
 * once, every hostile record counted as malformed while the stream lives on, the table read back by Spark
 * 4.2's Delta reader; exactly once across kill -9 from the positions the table holds; a table of another
 * topic refused.
 */
class YardstickConsumerIT {
    private static final int RATE = 5000;
    private static final int SECONDS = 10;
    private static final int EVENTS = RATE * SECONDS;
    /** The producer's events and the four good events around the two halves of the hostile records. */
    private static final int GOOD = EVENTS + 4;

    private static final Duration READY = Duration.ofMinutes(2);
    private static final Duration DRAIN = Duration.ofMinutes(2);
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
        String topic = "yardstick-happy";
        String table = "it/" + topic;
        services.topics.create(topic, 4);
        List<HostileRecords.Entry> firstHalf = HOSTILE.subList(0, HOSTILE.size() / 2);
        List<Event> around = new ArrayList<>(
                ConsumerChecks.sendBetweenGoodEvents(services.kafka.bootstrapServers(), topic, firstHalf, 0));
        Path telemetry = tmp.resolve("telemetry.jsonl");
        Map<String, String> env = services.consumerEnv(topic, table);
        env.put("TELEMETRY_FILE", telemetry.toString());
        env.put("COMMIT_INTERVAL", "700ms");

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
            assertThat(consumer.process().isAlive()).isTrue();
        }

        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE, around);
        List<JsonNode> commits = ConsumerChecks.readTelemetry(telemetry);
        assertThat(commits).isNotEmpty().allSatisfy(c -> {
            assertThat(c.has("write_ms") && c.has("finish_ms") && c.has("commit_ms") && c.has("storage_requests"))
                    .isTrue();
            assertThat(c.get("files").asInt()).isEqualTo(1); // one file per interval
        });
        assertThat(commits.stream().mapToLong(c -> c.get("records").asLong()).sum())
                .isEqualTo(GOOD);
        assertThat(String.join("\n", output))
                .contains("COMMIT_INTERVAL=700ms")
                .contains("commit every 700 ms")
                .contains("yardstick: 4 partitions from the earliest offset")
                .contains("fs.azure.account.key.devstoreaccount1.dfs.core.windows.net=<redacted>")
                .doesNotContain(LakeSettings.AZURITE_KEY);

        JsonNode spark = ConsumerChecks.readWithSpark(LAYOUT, services, table, tmp);
        assertThat(spark.get("rows").asLong()).as("rows Spark 4.2 reads").isEqualTo(GOOD);
        assertThat(spark.get("distinct_keys").asLong()).isEqualTo(GOOD);
    }

    @Test
    void staysExactlyOnceAcrossKillDashNineFromThePositionsInTheTable() throws Exception {
        String topic = "yardstick-kill";
        String table = "it/" + topic;
        services.topics.create(topic, 4);
        Map<String, String> env = services.consumerEnv(topic, table);
        // the writer threads beside the poll loop, here across a kill; the test above runs the loop alone
        env.put("WRITER_THREADS", "2");

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
                .contains("written on 2 threads beside it")
                .contains("yardstick: resuming from the table's positions {0=");
        ConsumerChecks.assertExactlyOnceOnSchedule(
                DeltaTableContents.read(services.lake, services.lake.tableUri(table)), EVENTS, RATE);

        // the same table fed from another topic would mix two streams: refused, exit 2, naming both
        services.topics.create("yardstick-other", 4);
        Map<String, String> other = services.consumerEnv("yardstick-other", table);
        assertThat(ConsumerChecks.runToExit(LAYOUT.jar("yardstick.jar"), "yardstick-other-topic", other, tmp, 2))
                .contains("was written from topic yardstick-kill, not TOPIC=yardstick-other");
    }

    @Test
    void badConfigurationOrAnUnreachableKafkaOrTopicExitsTwoNamingIt() throws Exception {
        Map<String, String> env = services.consumerEnv("any", "it/yardstick-bad-config");
        env.put("COMMIT_INTERVAL", "0s");
        assertThat(ConsumerChecks.runToExit(LAYOUT.jar("yardstick.jar"), "yardstick-bad-knob", env, tmp, 2))
                .contains("COMMIT_INTERVAL must be a positive duration such as 500ms or 1s, got \"0s\"");

        env = services.consumerEnv("no-such-topic", "it/yardstick-bad-config");
        assertThat(ConsumerChecks.runToExit(LAYOUT.jar("yardstick.jar"), "yardstick-no-topic", env, tmp, 2))
                .contains("TOPIC no-such-topic does not exist");
    }

    private ConsumerProcess startConsumer(
            Map<String, String> env, String name, java.util.function.Consumer<String> lines) {
        return ConsumerChecks.startConsumer(LAYOUT.jar("yardstick.jar"), "yardstick-" + name, env, tmp, lines);
    }
}
