package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TelemetryLineTest {
    @Test
    void startsWithTheTimeAndKeepsTheFieldsInOrder() {
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put("triggerExecution", 812L);
        phases.put("addBatch", 640L);
        String line = TelemetryLine.at(Instant.parse("2026-01-01T00:00:01.500Z"))
                .field("batch_id", 7)
                .field("rows_per_s", 1234.5)
                .field("already_committed", false)
                .object("durations_ms", phases)
                .toString();
        assertThat(line)
                .isEqualTo("{\"time\":\"2026-01-01T00:00:01.500Z\",\"batch_id\":7,\"rows_per_s\":1234.5,"
                        + "\"already_committed\":false,\"durations_ms\":{\"triggerExecution\":812,\"addBatch\":640}}");
    }

    @Test
    void anEmptyObjectIsStillAnObject() {
        assertThat(TelemetryLine.at("2026-01-01T00:00:00Z")
                        .object("durations_ms", Map.of())
                        .toString())
                .isEqualTo("{\"time\":\"2026-01-01T00:00:00Z\",\"durations_ms\":{}}");
    }
}
