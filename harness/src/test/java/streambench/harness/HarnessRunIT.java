package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.harness.cli.HarnessMain;
import streambench.services.ChildProcess;
import streambench.services.ProducerReport;

/** `mvn -pl harness exec:java` in miniature: embedded Kafka + Azurite, producer, status line, nothing left running. */
class HarnessRunIT {
    /** In every secret planted below, and in every escaped form of it: no output of a run may hold it. */
    private static final String MARK = "Pl4nted";

    /**
     * Secrets of the kinds a run with embedded services can carry without changing it, given as a user gives
     * them, in the harness's environment (--set refuses a secret): the producer inherits them all, Kafka's
     * client ignores SSL and SASL settings on a PLAINTEXT broker. (An ADLS_* secret is refused beside the
     * embedded Azurite.)
     */
    private static final java.util.Map<String, String> PLANTED = java.util.Map.of(
            "KAFKA_CLIENT_SSL_KEYSTORE_KEY",
            "-----BEGIN PRIVATE KEY-----\nMIIEv" + MARK + "QIBADANBg\n-----END PRIVATE KEY-----",
            "KAFKA_CLIENT_SSL_KEY_PASSWORD",
            MARK + "'q\"uo\\te" + MARK,
            "KAFKA_CLIENT_SSL_TRUSTSTORE_PASSWORD",
            MARK + "~trust.store",
            "KAFKA_CLIENT_SASL_JAAS_CONFIG",
            "org.apache.kafka.common.security.plain.PlainLoginModule required " + "username=\"bench\" password=\""
                    + MARK + "-sasl\";",
            "FELDERA_API_KEY",
            "apikey-" + MARK);

    @Test
    void runStartsEverythingDrivesTheProducerAndLeavesNoProcessBehind(@TempDir Path results) throws Exception {
        ChildProcess harness = harnessProcess(
                results,
                "planted",
                PLANTED,
                "--engines",
                "none",
                "--rate",
                "2000",
                "--duration",
                "3",
                "--store-delay-ms",
                "20",
                "--results",
                results.toString());
        java.util.OptionalInt exit = harness.waitFor(java.time.Duration.ofSeconds(300));
        if (exit.isEmpty()) {
            harness.stop(java.time.Duration.ofSeconds(40));
        }
        String out = Files.readString(results.resolve("planted.log"), StandardCharsets.UTF_8);
        System.out.print(out);

        assertThat(exit).hasValue(0);
        assertThat(out)
                .contains("kafka: embedded KRaft broker")
                .contains("lake: embedded Azurite")
                .contains("in front of Azurite, every storage request held 20 ms")
                .contains("write/read/rename/delete round trip")
                .contains("producer: offered 2,000 msg/s, achieved");
        assertThat(out.strip().lines().reduce((a, b) -> b)).hasValue("{ \"status\": \"Succeeded\" }");
        assertThat(ProcessHandle.current()
                        .descendants()
                        .filter(ProcessHandle::isAlive)
                        .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")))
                .isEmpty();
        try (var runs = Files.list(results.resolve("runs"))) {
            Path run = runs.findFirst().orElseThrow();
            assertThat(run.resolve("kafka.log")).exists();
            assertThat(run.resolve("producer.log")).exists();
            assertThat(ProducerReport.read(run.resolve("producer-summary.json")).acked())
                    .isEqualTo(6000);
            assertThat(Files.readString(run.resolve("producer.log")))
                    .as("the producer got the planted settings")
                    .contains("KAFKA_CLIENT_SSL_KEYSTORE_KEY=<redacted>");
        }
        // what made these results, in the results folder and in the run's: the commit the harness was built from
        for (Path manifest : List.of(
                results.resolve("manifest.json"),
                Files.list(results.resolve("runs")).findFirst().orElseThrow().resolve("manifest.json"))) {
            com.fasterxml.jackson.databind.JsonNode m =
                    new com.fasterxml.jackson.databind.ObjectMapper().readTree(manifest.toFile());
            assertThat(m.get("status").asText()).as("%s", manifest).isEqualTo("Succeeded");
            assertThat(m.get("build").get("commit").asText()).matches("[0-9a-f]{40}");
            assertThat(m.get("build").has("dirty")).isTrue();
            assertThat(m.get("args").toString()).contains("--store-delay-ms");
            assertThat(m.get("workload").get("rate").asInt()).isEqualTo(2000);
            assertThat(m.get("ended").asText()).isNotBlank();
        }
        assertThat(out).doesNotContain(MARK);
        try (var files = Files.walk(results)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                assertThat(Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1))
                        .as("%s", f)
                        .doesNotContain(MARK);
            }
        }
    }

    @Test
    void aConsumerThatCannotStartFailsItsEngineWithItsLogAndTheOthersStillRun(@TempDir Path results) throws Exception {
        // Feldera is asked for too: no server answers here (FELDERA_URL unset, nothing on its default port)
        String out = HarnessLatencyIT.runHarness(
                "--engines",
                "spark-4.2,flink-1.16,feldera",
                "--rate",
                "1000",
                "--duration",
                "10",
                "--warmup",
                "2",
                "--results",
                results.toString(),
                "--set",
                "KAFKA_MAX_POLL_RECORDS=lots");
        var summary = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(results.resolve("summary.json").toFile());
        assertThat(summary.get("engines")).hasSize(3);
        assertThat(summary.get("engines"))
                .filteredOn(e -> !e.get("engine").asText().equals("feldera"))
                .hasSize(2)
                .allSatisfy(e -> {
                    assertThat(e.get("status").asText()).isEqualTo("failed");
                    assertThat(e.get("log_tail").asText())
                            .contains("KAFKA_MAX_POLL_RECORDS must be a positive integer, got \"lots\"");
                });
        assertThat(summary.get("engines"))
                .filteredOn(e -> e.get("engine").asText().equals("feldera"))
                .singleElement()
                .satisfies(e -> assertThat(e.get("status").asText()).isEqualTo("not run"));
        assertThat(out).contains("no Feldera server answers at");
        assertThat(summary.get("status").asText()).isEqualTo("Failed");
        assertThat(out.strip().lines().reduce((a, b) -> b)).hasValue("{ \"status\": \"Failed\" }");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive))
                .isEmpty();
    }

    @Test
    void unreachableKafkaOrLakeExitsWith2AndAClearMessage(@TempDir Path results) throws Exception {
        int dead =
                1; // nothing listens on port 1: always refused (a free port could be taken by the child's own broker)
        ChildProcess kafka = harnessProcess(
                results,
                "dead-kafka",
                java.util.Map.of("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:" + dead, "KAFKA_CONNECT_TIMEOUT", "3s"),
                SPARK_RUN);
        assertThat(kafka.waitFor(java.time.Duration.ofSeconds(120)))
                .as(kafka.logTail())
                .hasValue(2);
        assertThat(kafka.logTail()).contains("streambench: Kafka at 127.0.0.1:" + dead + " did not answer within 3 s");

        ChildProcess lake = harnessProcess(
                results, "dead-lake", java.util.Map.of("AZURITE_BLOB_ENDPOINT", "127.0.0.1:" + dead), SPARK_RUN);
        assertThat(lake.waitFor(java.time.Duration.ofSeconds(180)))
                .as(lake.logTail())
                .hasValue(2);
        assertThat(lake.logTail())
                .contains("streambench: the lake at abfs://")
                .contains("is not usable")
                .doesNotContain(streambench.common.LakeSettings.AZURITE_KEY);
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive))
                .isEmpty();
    }

    private static final String[] SPARK_RUN = {
        "--engines", "spark-4.2", "--rate", "1000", "--duration", "5", "--warmup", "1"
    };

    /** The harness as a user runs it, in its own JVM with its own environment; its output in results/name.log. */
    private static ChildProcess harnessProcess(
            Path results, String name, java.util.Map<String, String> env, String... args) {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(
                ChildProcess.javaExecutable(),
                "-cp",
                System.getProperty("java.class.path"),
                HarnessMain.class.getName()));
        command.addAll(java.util.List.of(args));
        if (!command.contains("--results")) {
            command.addAll(java.util.List.of("--results", results.toString()));
        }
        return ChildProcess.start(name, command, env, null, results.resolve(name + ".log"), null);
    }

    @Test
    void badOptionsExitWith2() {
        assertThat(HarnessMain.execute(new String[] {"run", "--rate", "0"})).isEqualTo(2);
        assertThat(HarnessMain.execute(new String[] {"--partitions", "-1"})).isEqualTo(2);
        assertThat(HarnessMain.execute(new String[] {"--set", "lower=1"})).isEqualTo(2);
        assertThat(HarnessMain.execute(new String[] {"--set", "ADLS_ACCOUNT_KEY=k3y"}))
                .isEqualTo(2);
        assertThat(HarnessMain.execute(new String[] {"--engines", "flink-2.0"})).isEqualTo(2);
        assertThat(HarnessMain.execute(new String[] {"--warmup", "200", "--duration", "100"}))
                .isEqualTo(2);
    }
}
