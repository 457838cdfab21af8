package streambench.feldera;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assumptions;
import streambench.services.ConsumerProcess;
import streambench.testkit.ConsumerContractSuite;

/**
 * The Feldera consumer against the consumer contract with a real Feldera server, real Kafka and real Azurite, and the
 * pipeline removed when the client stops — only when {@code FELDERA_URL} names a running pipeline manager (Feldera
 * cannot run on our machines; see feldera-client/README.md; the client itself is tested against a stub HTTP server in
 * FelderaConsumerTest). Feldera must reach the broker and Azurite at the addresses we give it: run it with host
 * networking, or set FELDERA_KAFKA_BOOTSTRAP_SERVERS / FELDERA_AZURITE_ENDPOINT.
 */
class FelderaConsumerIT extends ConsumerContractSuite {
    /** Where Feldera is and how it reaches our services: from this test's environment, as the harness passes them. */
    private static final List<String> ENDPOINTS = List.of(
            "FELDERA_URL",
            "FELDERA_ALLOW_PLAIN_HTTP",
            "FELDERA_API_KEY",
            "FELDERA_KAFKA_BOOTSTRAP_SERVERS",
            "FELDERA_AZURITE_ENDPOINT");

    @Override
    protected String jarKey() {
        return "feldera.jar";
    }

    @Override
    protected void assumeRunnable() {
        String url = System.getenv("FELDERA_URL");
        if (url == null || url.isBlank()) {
            String reason = "FELDERA_URL is not set: no Feldera server to run the real pipeline against "
                    + "(Feldera cannot run on this machine); the client and consumer are tested against a stub instead";
            System.out.println("FelderaConsumerIT skipped: " + reason);
            Assumptions.abort(reason);
        }
    }

    /**
     * Feldera's SQL program declares the event's columns only; whether its Kafka connector can hand SQL a record's
     * timestamp was not checked (no server here), so its table carries no kafka_ts.
     */
    @Override
    protected boolean writesKafkaTimestamps() {
        return false;
    }

    @Override
    protected int partitions() {
        return 2;
    }

    /** Compiling a pipeline is a Rust build: minutes on first use. */
    @Override
    protected Duration readyTimeout() {
        return Duration.ofMinutes(30);
    }

    @Override
    protected BadKnob badKnob() {
        return new BadKnob(
                "FELDERA_STATS_INTERVAL",
                "0ms",
                "FELDERA_STATS_INTERVAL must be a positive duration such as 500ms or 1s, got \"0ms\"");
    }

    @Override
    protected ConsumerProcess launch(Map<String, String> env, String run, Consumer<String> lines) {
        Map<String, String> full = new LinkedHashMap<>(env);
        full.put("FELDERA_COMPILATION_PROFILE", "dev");
        for (String name : ENDPOINTS) {
            String value = System.getenv(name);
            if (value != null && !value.isBlank()) {
                full.put(name, value);
            }
        }
        return super.launch(full, run, lines);
    }

    @Override
    protected void checkHappyRun(HappyRun run) throws Exception {
        assertThat(Files.readString(tmp.resolve(name() + "-happy.log")))
                .as("the pipeline is removed when the client stops")
                .contains("deleted");
    }
}
