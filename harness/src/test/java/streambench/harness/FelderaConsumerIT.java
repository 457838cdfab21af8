package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.harness.engine.ConsumerProcess;
import streambench.harness.engine.Engine;
import streambench.harness.engine.Engines;
import streambench.harness.engine.KnobDefaults;
import streambench.harness.services.InstallLayout;
import streambench.harness.services.ProducerLauncher;

/**
 * The Feldera consumer against a real Feldera server, real Kafka and real Azurite — only when
 * {@code FELDERA_URL} names a running pipeline manager (Feldera cannot run on our machines; see
 * feldera-client/README.md). Feldera must reach the broker and Azurite at the addresses we give it:
 * run it with host networking, or set FELDERA_KAFKA_BOOTSTRAP_SERVERS / FELDERA_AZURITE_ENDPOINT.
 */
class FelderaConsumerIT {
    private static final int RATE = 2000;
    private static final int SECONDS = 10;
    private static final InstallLayout LAYOUT = InstallLayout.load();
    private static ItServices services;

    @TempDir
    Path tmp;

    @BeforeAll
    static void startServices(@TempDir Path logs) throws Exception {
        String url = System.getenv("FELDERA_URL");
        if (url == null || url.isBlank()) {
            String reason = "FELDERA_URL is not set: no Feldera server to run the real pipeline against "
                    + "(Feldera cannot run on this machine); the client and consumer are tested against a stub instead";
            System.out.println("FelderaConsumerIT skipped: " + reason);
            Assumptions.abort(reason);
        }
        services = ItServices.start(LAYOUT, logs);
    }

    @AfterAll
    static void stopServices() {
        if (services != null) {
            services.close();
        }
    }

    @Test
    void aRealPipelineDeliversEveryEventExactlyOnceAndIsRemovedOnStop() throws Exception {
        String topic = "feldera-it";
        String table = "it/" + topic;
        services.topics.create(topic, 2);
        Map<String, String> env =
                new LinkedHashMap<>(KnobDefaults.load(LAYOUT.composeFile()).anchor("x-feldera-tuning"));
        env.putAll(services.consumerEnv(topic, table));
        env.put("FELDERA_COMPILATION_PROFILE", "dev");
        Engine feldera = Engines.feldera(System.getenv());
        assertThat(feldera.unavailable(LAYOUT)).isEmpty();
        try (ConsumerProcess consumer = feldera.launch(LAYOUT, env, "256m", tmp.resolve("feldera.log"), null)) {
            consumer.awaitReady(feldera.readyTimeout());
            ProducerLauncher.Outcome produced = services.produce(LAYOUT, topic, RATE, SECONDS, tmp, "feldera");
            assertThat(produced.succeeded()).as(produced.logTail()).isTrue();
            long rows = DeltaTableContents.awaitRows(
                    services.lake, services.lake.tableUri(table), RATE * SECONDS, Duration.ofMinutes(3));
            assertThat(rows).isEqualTo(RATE * SECONDS);
        }
        DeltaTableContents contents = DeltaTableContents.read(services.lake, services.lake.tableUri(table));
        assertThat(contents.duplicates()).isZero();
        assertThat(contents.rows()).isEqualTo(RATE * SECONDS);
        assertThat(List.of(java.nio.file.Files.readString(tmp.resolve("feldera.log"))))
                .anySatisfy(log -> assertThat(log).contains("deleted"));
    }
}
