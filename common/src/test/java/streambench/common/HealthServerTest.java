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
                    .matches("batches 10\n"
                            + "jvm_available_processors " + Runtime.getRuntime().availableProcessors() + "\n"
                            + "jvm_heap_after_gc_bytes (-1|\\d+)\n"
                            + "jvm_max_heap_bytes " + Runtime.getRuntime().maxMemory() + "\n"
                            + "malformed_records 3\n");
        }
    }

    @Test
    void metricsReportTheHeapInUseAfterTheLatestCollection() throws Exception {
        try (HealthServer health = HealthServer.start(0)) {
            System.gc(); // a full collection notifies like any other
            long after = -1;
            for (int i = 0; i < 50 && after < 0; i++) {
                Thread.sleep(100); // the notification arrives on a JMX thread
                after = metric(get(health, "/metrics").body(), "jvm_heap_after_gc_bytes");
            }
            assertThat(after)
                    .isPositive()
                    .isLessThanOrEqualTo(Runtime.getRuntime().maxMemory());
        }
    }

    private static long metric(String body, String name) {
        return body.lines()
                .filter(l -> l.startsWith(name + " "))
                .mapToLong(l -> Long.parseLong(l.substring(name.length() + 1)))
                .findFirst()
                .orElseThrow();
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

    @Test
    void listensOnLoopbackUnlessToldOtherwise() {
        try (HealthServer health = HealthServer.start(0)) {
            assertThat(health.address().isLoopbackAddress()).isTrue();
        }
        try (HealthServer health = HealthServer.start("0.0.0.0", 0)) {
            assertThat(health.address().isAnyLocalAddress()).isTrue();
        }
    }

    /** One thread read requests, with no time limit: a client that sent half a request blocked /health for good. */
    @Test
    void halfSentRequestsDoNotBlockTheNextClient() throws Exception {
        try (HealthServer health = HealthServer.start(0)) {
            health.markReady();
            java.util.List<java.net.Socket> stalled = new java.util.ArrayList<>();
            try {
                for (int i = 0; i < HealthServer.THREADS + 1; i++) {
                    java.net.Socket s = new java.net.Socket("127.0.0.1", health.port());
                    s.getOutputStream().write("GET /health HTTP/1.1\r\nHost: x\r\n".getBytes());
                    s.getOutputStream().flush();
                    stalled.add(s);
                }
                HttpResponse<String> answer = http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + health.port() + "/health"))
                                .timeout(java.time.Duration.ofSeconds(60))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(answer.statusCode()).isEqualTo(200);
            } finally {
                for (java.net.Socket s : stalled) {
                    s.close();
                }
            }
        }
    }

    @Test
    void aListenAddressThatIsNotAnIpLiteralIsAConfigurationErrorNamingTheVariable() {
        assertThatThrownBy(() -> Knobs.of(java.util.Map.of("LISTEN_ADDRESS", "example.com"))
                        .env("LISTEN_ADDRESS", "127.0.0.1")
                        .asIpAddress())
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("LISTEN_ADDRESS must be an IP address");
        assertThat(Knobs.of(java.util.Map.of("LISTEN_ADDRESS", "::1"))
                        .env("LISTEN_ADDRESS", "127.0.0.1")
                        .asIpAddress())
                .isEqualTo("::1");
    }
}
