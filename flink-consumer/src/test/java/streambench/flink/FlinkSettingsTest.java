package streambench.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;
import streambench.common.Knobs;

/** Bad settings exit 2 naming the variable (ConfigException) before anything starts. */
class FlinkSettingsTest {
    @TempDir
    Path tmp;

    private static FlinkSettings with(String name, String value) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TOPIC", "events");
        env.put("TABLE_PATH", "run-1/flink-1.16/benchmark");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092");
        env.put("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000");
        env.put(name, value);
        return FlinkSettings.fromKnobs(Knobs.of(env));
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
