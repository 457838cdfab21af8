package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class HealthServerTest {
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void answers503UntilReadyThen200() throws Exception {
        try (HealthServer health = HealthServer.start(0)) {
            assertThat(get(health, "/health").statusCode()).isEqualTo(503);
            health.markReady();
            HttpResponse<String> ready = get(health, "/health");
            assertThat(ready.statusCode()).isEqualTo(200);
            assertThat(ready.body()).isEqualTo("ready\n");
            health.markNotReady("stopping");
            assertThat(get(health, "/health").body()).isEqualTo("stopping\n");
        }
    }

    @Test
    void metricsListsRegisteredValues() throws Exception {
        try (HealthServer health = HealthServer.start(0)) {
            health.registerMetric("malformed_records", () -> 3);
            health.registerMetric("batches", () -> 10);
            assertThat(get(health, "/metrics").body())
                    .isEqualTo("batches 10\n"
                            + "jvm_available_processors " + Runtime.getRuntime().availableProcessors() + "\n"
                            + "jvm_max_heap_bytes " + Runtime.getRuntime().maxMemory() + "\n"
                            + "malformed_records 3\n");
        }
    }

    /** new InetSocketAddress throws IllegalArgumentException past 65535: that was exit 1 with no variable named. */
    @Test
    void aPortOutOfRangeIsAConfigurationErrorNamingTheVariable() {
        assertThatThrownBy(() -> HealthServer.start(65536))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("HEALTH_PORT must be 0-65535");
        assertThatThrownBy(() -> HealthServer.start(-1))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("HEALTH_PORT must be 0-65535");
    }

    private HttpResponse<String> get(HealthServer health, String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + health.port() + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
