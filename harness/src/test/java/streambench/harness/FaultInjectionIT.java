package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every fault on the fastest engine at a low rate, with a generous latency bound (tests assert behaviour;
 * the recovery times are the benchmark's): nothing lost, nothing duplicated, every hostile record counted,
 * and each fault's recovery reported.
 */
class FaultInjectionIT {
    @Test
    void flinkComesThroughEveryFaultWithNothingLost(@TempDir Path results) throws Exception {
        // 10 s bound: each fault's window (from its second to the next one's reach, a bound earlier) is 20 s or more
        String out = HarnessLatencyIT.runHarness(
                "--engines",
                "flink-1.16",
                "--rate",
                "1000",
                "--duration",
                "90",
                "--warmup",
                "2",
                "--threshold",
                "10",
                "--drain-timeout",
                "90",
                "--results",
                results.toString(),
                "--fault",
                "kill-consumer@20s",
                "--fault",
                "lake-outage@50s:3s",
                "--fault",
                "broker-restart@65s",
                "--fault",
                "poison@1%");

        JsonNode flink = new ObjectMapper()
                .readTree(results.resolve("summary.json").toFile())
                .get("engines")
                .get(0);
        assertThat(flink.get("missing").asLong()).isZero();
        assertThat(flink.get("duplicates").asLong()).isZero();
        assertThat(flink.get("foreign").asLong())
                .as("no hostile record may land as an event")
                .isZero();
        assertThat(flink.get("poison_injected").asLong()).isEqualTo(900);
        assertThat(flink.get("malformed").asLong())
                .as("restarted: at least every injected record")
                .isGreaterThanOrEqualTo(900);
        assertThat(flink.get("faults"))
                .extracting(f -> f.get("fault").asText())
                .containsExactly("kill-consumer@20s", "lake-outage@50s:3s", "broker-restart@65s");
        assertThat(flink.get("faults")).allSatisfy(f -> {
            assertThat(f.get("recovered").asBoolean()).as(f.toString()).isTrue();
            assertThat(f.get("recovery_s").isNumber()).as(f.toString()).isTrue();
        });
        assertThat(flink.get("faults").get(0).get("how").asText()).isEqualTo("restarted by the harness");
        assertThat(flink.get("status").asText())
                .as(flink.get("failures").toString())
                .isEqualTo("passed");
        assertThat(out).contains("fault kill-consumer@20s at 20.").contains("lake resumed at 53.");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive))
                .isEmpty();
    }
}
