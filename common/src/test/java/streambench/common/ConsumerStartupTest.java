package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ConsumerStartupTest {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final Knobs knobs = Knobs.of(Map.of(
            "TOPIC",
            "events",
            "TABLE_PATH",
            "run-1/x/benchmark",
            "AZURITE_BLOB_ENDPOINT",
            "127.0.0.1:10000",
            "KAFKA_BOOTSTRAP_SERVERS",
            "127.0.0.1:9092",
            "HEALTH_PORT",
            "0"));
    private final ConsumerContract.Settings settings = ConsumerContract.Settings.fromKnobs(knobs, "run-1/x/benchmark");
    private final ConsumerStartup startup = new ConsumerStartup("x-consumer", settings, out);

    private String output() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsTheConfigurationChecksKafkaThenOpensHealthNotReady() {
        try (HealthServer health =
                startup.start(knobs, (kafka, topic, timeout) -> 4, Duration.ofSeconds(1), "table: somewhere")) {
            assertThat(health.isReady()).isFalse();
            assertThat(output().lines().toList())
                    .startsWith("x-consumer config: " + knobs.effectiveRedacted())
                    .contains(
                            "table: somewhere",
                            "kafka: topic events has 4 partitions",
                            "health: http://127.0.0.1:" + health.port() + "/health",
                            ConsumerStartup.jvmLine(
                                    Runtime.getRuntime().availableProcessors(),
                                    Runtime.getRuntime().maxMemory()));
            assertThat(output())
                    .contains("lake: azurite abfs://")
                    .contains("kafka: {bootstrap.servers=127.0.0.1:9092}")
                    .doesNotContain(LakeSettings.AZURITE_KEY);
        }
    }

    @Test
    void theJvmLineSaysWhatAContainerLimitLeavesTheJvm() {
        assertThat(ConsumerStartup.jvmLine(2, 4_831_838_208L)).isEqualTo("jvm: 2 processors, max heap 4,608 MiB");
        assertThat(ConsumerStartup.jvmLine(1, 1L << 30)).isEqualTo("jvm: 1 processor, max heap 1,024 MiB");
    }

    /** A wrong address exits 2 before any port is taken. */
    @Test
    void aKafkaThatIsNotThereFailsBeforeHealthOpens() {
        assertThatThrownBy(() -> startup.start(
                        knobs,
                        (kafka, topic, timeout) -> {
                            throw new ConfigException("TOPIC events does not exist");
                        },
                        Duration.ofSeconds(1)))
                .isInstanceOf(ConfigException.class);
        assertThat(output()).doesNotContain("health:");
    }

    @Test
    void aZeroTimeoutSkipsTheKafkaCheck() {
        startup.checkKafka(
                (kafka, topic, timeout) -> {
                    throw new AssertionError("checked");
                },
                Duration.ZERO);
        assertThat(output()).doesNotContain("kafka: topic");
    }

    @Test
    void onStopHealthSaysStoppingBeforeTheEngineStops() throws Exception {
        try (HealthServer health = startup.startHealth()) {
            health.markReady();
            AtomicBoolean readyWhileStopping = new AtomicBoolean(true);
            Thread hook = startup.stopHook(health, () -> readyWhileStopping.set(health.isReady()));
            assertThat(hook.getName()).isEqualTo("x-consumer-stop");
            hook.start();
            hook.join();
            assertThat(readyWhileStopping).isFalse();
        }
    }
}
