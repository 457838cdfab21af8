package streambench.harness;

import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EnginesTest {
    private final InstallLayout layout = InstallLayout.load();

    @Test
    void byDefaultEveryEngineThatCanRunHere() {
        // every jar is built before the harness tests run; Feldera needs a server, which none of these machines has
        assertThat(Engines.select(List.of(), layout)).extracting(Engine::id)
                .containsExactly("spark-3.5", "spark-4.2", "flink-1.16");
    }

    @Test
    void namedEnginesAreKeptEvenWhenTheyCannotRunSoTheRunReportsThemNotRun() {
        assertThat(Engines.select(List.of("feldera", "spark-4.2", "spark-4.2"), layout)).extracting(Engine::id)
                .containsExactly("feldera", "spark-4.2");
        assertThat(Engines.select(List.of("none"), layout)).isEmpty();
    }

    @Test
    void unknownNamesAreAUsageError() {
        assertThatThrownBy(() -> Engines.select(List.of("spark-9"), layout)).isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("--engines: unknown engine \"spark-9\"; known: spark-3.5, spark-4.2, flink-1.16, feldera");
    }

    @Test
    void labelsAreTheCsvVersions() {
        assertThat(Engines.all()).extracting(Engine::label).containsExactly("Spark 3.5", "Spark 4.2", "Flink 1.16", "Feldera");
    }

    @Test
    void felderaRunsOnlyWhenAServerAnswers() throws Exception {
        int closed = FreePort.find();
        assertThat(new FelderaEngine(Map.of("FELDERA_URL", "http://127.0.0.1:" + closed)).unavailable(layout))
                .hasValueSatisfying(why -> assertThat(why).startsWith("no Feldera server answers at http://127.0.0.1:" + closed));

        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v0/pipelines", x -> {
            boolean authorised = "Bearer k-1".equals(x.getRequestHeaders().getFirst("Authorization"));
            x.sendResponseHeaders(authorised ? 200 : 401, -1);
            x.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            assertThat(new FelderaEngine(Map.of("FELDERA_URL", url, "FELDERA_API_KEY", "k-1")).unavailable(layout)).isEmpty();
            assertThat(new FelderaEngine(Map.of("FELDERA_URL", url)).unavailable(layout))
                    .hasValueSatisfying(why -> assertThat(why).contains("answered HTTP 401"));
        } finally {
            server.stop(0);
        }
    }
}
