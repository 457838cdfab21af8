package streambench.feldera;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;
import streambench.common.Knobs;

/** Bad settings exit 2 naming the variable (ConfigException), before anything starts. */
class FelderaSettingsTest {
    private static Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TOPIC", "events");
        env.put("TABLE_PATH", "run-1/feldera/benchmark");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092");
        env.put("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000");
        return env;
    }

    private static FelderaSettings with(String name, String value) {
        Map<String, String> env = env();
        env.put(name, value);
        return FelderaSettings.fromKnobs(Knobs.of(env));
    }

    /** The client refused these with IllegalArgumentException, which exited 1 without naming the variable. */
    @Test
    void aFelderaUrlWithoutHttpIsAConfigurationError() {
        for (String url : new String[] {"localhost:8080", "feldera", "ftp://feldera:8080", "http://"}) {
            assertThatThrownBy(() -> with("FELDERA_URL", url))
                    .as(url)
                    .isInstanceOf(ConfigException.class)
                    .hasMessage("FELDERA_URL must be http(s)://host:port of the pipeline manager, got \"" + url + "\"");
        }
        assertThat(with("FELDERA_URL", "https://feldera.example.com").felderaUrl())
                .isEqualTo("https://feldera.example.com");
        assertThat(with("FELDERA_URL", "http://127.0.0.1:8080/").felderaUrl()).isEqualTo("http://127.0.0.1:8080/");
    }

    /** Accepted up to Integer.MAX_VALUE before, then the health server's InetSocketAddress threw: exit 1. */
    @Test
    void aHealthPortOutOfRangeIsAConfigurationError() {
        assertThatThrownBy(() -> with("HEALTH_PORT", "65536"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("HEALTH_PORT must be a port number 0-65535 (0: any free port), got \"65536\"");
        assertThat(with("HEALTH_PORT", "0").healthPort()).isZero();
    }
}
