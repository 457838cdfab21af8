package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.harness.cli.HarnessMain;
import streambench.services.ChildProcess;
import streambench.services.ConsumerProcess;
import streambench.services.EmbeddedAzurite;
import streambench.services.EmbeddedKafka;
import streambench.services.InstallLayout;
import streambench.services.ProducerLauncher;
import streambench.services.TopicAdmin;
import streambench.testkit.DeltaTableContents;

/**
 * The cloud flow, with our own services standing in for the cloud: a Kafka and a lake the harness is
 * told about (as it would be told about Event Hubs and ADLS) are used as they are, nothing embedded is
 * started; and two producer processes with their own PRODUCER_ID_BASE feed one topic, their summaries
 * merged by {@code analyze}.
 */
class ExternalServicesIT {
    private static final InstallLayout LAYOUT = InstallLayout.load();

    @Test
    void theHarnessUsesGivenServicesAndMergesSeveralProducers(@TempDir Path tmp) throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(LAYOUT, tmp.resolve("kafka.log"), "512m");
                EmbeddedAzurite azurite = EmbeddedAzurite.start(LAYOUT, tmp.resolve("azurite.log"), 1024)) {
            Map<String, String> external = Map.of(
                    "KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers(), "AZURITE_BLOB_ENDPOINT", azurite.endpoint());

            ChildProcess run = harness(
                    tmp,
                    "run",
                    external,
                    "--engines",
                    "flink-1.16",
                    "--rate",
                    "1000",
                    "--duration",
                    "8",
                    "--warmup",
                    "2",
                    "--results",
                    tmp.resolve("results").toString());
            assertThat(run.waitFor(Duration.ofMinutes(5))).as(run.logTail()).hasValue(0);
            String out = Files.readString(run.logFile());
            assertThat(out)
                    .contains("kafka: external " + kafka.bootstrapServers())
                    .contains("lake: azurite abfs://")
                    .doesNotContain("embedded")
                    .contains("deleted its tables, checkpoints and warm-up table under abfs://")
                    .contains("{ \"status\": \"Succeeded\" }");

            // two producer processes, as on two machines, then a consumer, then analyze with both summaries
            String topic = "two-producers";
            try (TopicAdmin topics = new TopicAdmin(kafka.connection())) {
                topics.create(topic, 2);
            }
            ProducerLauncher producers = new ProducerLauncher(LAYOUT, external);
            CompletableFuture<ProducerLauncher.Outcome> second =
                    CompletableFuture.supplyAsync(() -> produce(producers, tmp, topic, "100", "b"));
            ProducerLauncher.Outcome first = produce(producers, tmp, topic, "0", "a");
            assertThat(first.succeeded()).as(first.logTail()).isTrue();
            assertThat(second.get().succeeded()).isTrue();
            String table = "it/" + topic;
            Map<String, String> consumerEnv = new java.util.HashMap<>(external);
            consumerEnv.put("TOPIC", topic);
            consumerEnv.put("TABLE_PATH", table);
            try (ConsumerProcess consumer = ConsumerProcess.start(
                    "flink",
                    LAYOUT.jar("flink-1.16.jar"),
                    List.of("-Xmx1g"),
                    consumerEnv,
                    tmp.resolve("flink.log"),
                    null)) {
                consumer.awaitReady(Duration.ofMinutes(3));
                var lake = streambench.common.LakeSettings.fromKnobs(streambench.common.Knobs.of(external));
                assertThat(DeltaTableContents.awaitRows(lake, lake.tableUri(table), 10_000, Duration.ofMinutes(3)))
                        .isEqualTo(10_000);
            }
            ChildProcess analyze = harness(
                    tmp,
                    "analyze",
                    external,
                    "analyze",
                    table,
                    "--producer-summary",
                    tmp.resolve("a-summary.json").toString(),
                    "--producer-summary",
                    tmp.resolve("b-summary.json").toString(),
                    "--duration",
                    "5",
                    "--threshold",
                    "60",
                    "--results",
                    tmp.resolve("analyzed").toString());
            assertThat(analyze.waitFor(Duration.ofMinutes(3)))
                    .as(analyze.logTail())
                    .isPresent();
            String analyzed = Files.readString(analyze.logFile());
            assertThat(analyzed)
                    .contains(
                            "producers: 2 summaries merged, 2 producer ids, 10,000 acknowledged, offered 2,000 msg/s");
            var summary = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(tmp.resolve("analyzed/summary.json").toFile());
            var engine = summary.get("engines").get(0);
            assertThat(engine.get("rows").asLong()).isEqualTo(10_000);
            assertThat(engine.get("missing").asLong()).isZero();
            assertThat(engine.get("duplicates").asLong()).isZero();
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive))
                .isEmpty();
    }

    private static ProducerLauncher.Outcome produce(
            ProducerLauncher producers, Path tmp, String topic, String idBase, String name) {
        try {
            return producers.run(
                    new ProducerLauncher.Request(
                            topic, 1000, 5, 100, Map.of("PRODUCER_ID_BASE", idBase, "PRODUCER_PREROLL_S", "0")),
                    tmp.resolve(name + "-summary.json"),
                    tmp.resolve(name + "-producer.log"),
                    null);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ChildProcess harness(Path tmp, String name, Map<String, String> env, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of(
                ChildProcess.javaExecutable(),
                "-cp",
                System.getProperty("java.class.path"),
                HarnessMain.class.getName()));
        command.addAll(List.of(args));
        return ChildProcess.start(name, command, env, null, tmp.resolve(name + ".log"), null);
    }
}
