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

    /** FELDERA_API_KEY and the program's storage and Kafka credentials would cross the network in clear text. */
    @Test
    void plainHttpBeyondLoopbackIsRefusedUnlessAllowed() {
        for (String url : new String[] {
            "http://feldera:8080",
            "http://10.0.0.5:8080",
            "http://localhost.example.com:8080",
            "http://127.0.0.1.nip.io:8080",
            "http://[::2]:8080",
            "http://[fe80::1]:8080"
        }) {
            assertThatThrownBy(() -> with("FELDERA_URL", url))
                    .as(url)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageStartingWith("FELDERA_URL " + url + " is plain http to a host other than loopback")
                    .hasMessageContaining("FELDERA_ALLOW_PLAIN_HTTP=true");
            Map<String, String> env = env();
            env.put("FELDERA_URL", url);
            env.put("FELDERA_ALLOW_PLAIN_HTTP", "true");
            assertThat(FelderaSettings.fromKnobs(Knobs.of(env)).felderaUrl()).isEqualTo(url);
        }
        for (String url : new String[] {
            "http://localhost:8080",
            "http://LOCALHOST:8080",
            "http://127.0.0.1:8080",
            "http://127.10.20.30:8080",
            "http://[::1]:8080",
            "http://[0:0:0:0:0:0:0:1]:8080",
            "https://feldera.example.com"
        }) {
            assertThat(with("FELDERA_URL", url).felderaUrl()).as(url).isEqualTo(url);
        }
        assertThatThrownBy(() -> with("FELDERA_ALLOW_PLAIN_HTTP", "yes"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("FELDERA_ALLOW_PLAIN_HTTP must be true or false, got \"yes\"");
    }

    /** An interval of 0 polled /stats in a busy loop. */
    @Test
    void aStatsIntervalOfZeroIsRefused() {
        assertThatThrownBy(() -> with("FELDERA_STATS_INTERVAL", "0ms"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("FELDERA_STATS_INTERVAL must be a positive duration such as 500ms or 1s, got \"0ms\"");
        assertThatThrownBy(() -> with("FELDERA_STATS_INTERVAL", "0"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("FELDERA_STATS_INTERVAL must be");
        assertThat(with("FELDERA_STATS_INTERVAL", "250ms").statsInterval()).hasMillis(250);
    }

    /** Feldera takes these unsigned; a negative one went out in the pipeline's definition. */
    @Test
    void negativeCountsAndDelaysAreRefused() {
        for (String name : new String[] {
            "FELDERA_MIN_BATCH_SIZE_RECORDS",
            "FELDERA_MAX_BUFFERING_DELAY_USECS",
            "FELDERA_MAX_OUTPUT_BUFFER_TIME_MILLIS",
            "FELDERA_MAX_OUTPUT_BUFFER_SIZE_RECORDS",
            "FELDERA_DELTA_THREADS"
        }) {
            assertThatThrownBy(() -> with(name, "-1"))
                    .as(name)
                    .isInstanceOf(ConfigException.class)
                    .hasMessage(name + " must be an integer >= 0, got \"-1\"");
            assertThatThrownBy(() -> with(name, "many"))
                    .as(name)
                    .isInstanceOf(ConfigException.class)
                    .hasMessage(name + " must be an integer >= 0, got \"many\"");
        }
        for (String name : new String[] {"FELDERA_WORKERS", "FELDERA_POLLER_THREADS"}) {
            assertThatThrownBy(() -> with(name, "-1"))
                    .as(name)
                    .isInstanceOf(ConfigException.class)
                    .hasMessage(name + " must be a positive integer, got \"-1\"");
        }
        FelderaSettings zeros = with("FELDERA_MAX_OUTPUT_BUFFER_TIME_MILLIS", "0");
        assertThat(zeros.maxOutputBufferTimeMillis()).isZero();
        assertThat(zeros.minBatchSizeRecords()).isZero();
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
