package streambench.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.services.Machine;

class ManifestTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aCommandLeavesItsCommandLineBuildWorkloadKnobsMachineAndStatusInEveryFolderItWrites(@TempDir Path dir)
            throws Exception {
        Path results = dir.resolve("results");
        Path run = results.resolve("runs/r1");
        Manifest m = Manifest.begin(
                "run",
                List.of("--engines", "flink-1.16", "--set", "ADLS_ACCOUNT_KEY=c2VjcmV0", "--rate", "5000"),
                Map.of("rate", 5000),
                new Machine(2, 24L << 30, "OpenJDK 17"),
                List.of(results, run));

        JsonNode running = JSON.readTree(results.resolve("manifest.json").toFile());
        assertThat(running.get("status").asText()).isEqualTo("running");
        assertThat(running.has("ended")).isFalse();
        assertThat(running.get("build").get("commit").asText())
                .as("the build recorded its commit (or says unknown)")
                .isNotBlank();

        m.knobs("flink-1.16", Map.of("CHECKPOINT_INTERVAL_MS", "1000", "ADLS_ACCOUNT_KEY", "c2VjcmV0"));
        m.end("Succeeded");
        for (Path folder : List.of(results, run)) {
            JsonNode done = JSON.readTree(folder.resolve("manifest.json").toFile());
            assertThat(done.get("status").asText()).isEqualTo("Succeeded");
            assertThat(done.get("ended").asText()).isNotBlank();
            assertThat(done.get("command").asText()).isEqualTo("run");
            assertThat(done.get("workload").get("rate").asInt()).isEqualTo(5000);
            assertThat(done.get("machine").get("cores").asInt()).isEqualTo(2);
            assertThat(done.get("machine").get("os").asText()).isNotBlank();
            assertThat(done.get("machine").get("cpu_probe_ms").asDouble())
                    .as("how fast a core this machine had at the start")
                    .isPositive();
            if (java.nio.file.Files.isReadable(Path.of("/proc/stat"))) {
                assertThat(done.get("machine").get("cpu_steal_pct").asDouble())
                        .as("steal while the command ran")
                        .isBetween(0.0, 100.0);
            }
            assertThat(done.get("knobs")
                            .get("flink-1.16")
                            .get("CHECKPOINT_INTERVAL_MS")
                            .asText())
                    .isEqualTo("1000");
            assertThat(done.toString()).doesNotContain("c2VjcmV0").contains("ADLS_ACCOUNT_KEY=<redacted>");
        }
    }

    @Test
    void aBuildWithoutGitSaysUnknownNeverACommitItCannotProve() {
        assertThat(BuildInfo.of(new Properties())).isEqualTo(BuildInfo.UNKNOWN);
        Properties p = new Properties();
        p.setProperty("git.commit.id", "eee68d4a95ef0286bfd1399f00da7067c3f2f35f");
        p.setProperty("git.dirty", "true");
        BuildInfo b = BuildInfo.of(p);
        assertThat(b.commit()).isEqualTo("eee68d4a95ef0286bfd1399f00da7067c3f2f35f");
        assertThat(b.dirty()).isTrue();
    }
}
