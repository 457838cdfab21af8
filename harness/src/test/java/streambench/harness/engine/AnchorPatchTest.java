package streambench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;

class AnchorPatchTest {
    private static final String COMPOSE = """
            version: "3.8"

            x-spark-tuning: &spark-tuning
              # micro-batches
              TRIGGER_INTERVAL: "0s"                # 0s: start the next batch at once
              SHUFFLE_PARTITIONS: "2"
              DELTA_WRITE_CHECKSUM_FILE: "true"     # the .crc file

            x-flink-tuning: &flink-tuning
              TRIGGER_INTERVAL: "0s"
            """;

    @Test
    void changesOnlyTheAnchorsLinesAndKeepsTheirComments() {
        Map<String, String> changes = new LinkedHashMap<>();
        changes.put("TRIGGER_INTERVAL", "2s");
        changes.put("DELTA_WRITE_CHECKSUM_FILE", "false");
        changes.put("KAFKA_BOOTSTRAP_SERVERS", "elsewhere:9092");
        AnchorPatch patch = AnchorPatch.of(COMPOSE, "x-spark-tuning", changes);
        assertThat(patch.changesAnything()).isTrue();
        assertThat(patch.patchedText())
                .contains("  TRIGGER_INTERVAL: \"2s\"                # 0s: start the next batch at once\n")
                .contains("  DELTA_WRITE_CHECKSUM_FILE: \"false\"    # the .crc file\n")
                .contains("  SHUFFLE_PARTITIONS: \"2\"\n")
                .endsWith("x-flink-tuning: &flink-tuning\n  TRIGGER_INTERVAL: \"0s\"\n");
        assertThat(patch.notInAnchor()).containsOnlyKeys("KAFKA_BOOTSTRAP_SERVERS");
        assertThat(patch.unifiedDiff("docker-compose.yml"))
                .startsWith("--- a/docker-compose.yml\n+++ b/docker-compose.yml\n@@")
                .contains("-  TRIGGER_INTERVAL: \"0s\"                # 0s: start the next batch at once\n")
                .contains("+  TRIGGER_INTERVAL: \"2s\"                # 0s: start the next batch at once\n")
                .doesNotContain("elsewhere");
    }

    @Test
    void noChangesNoDiff() {
        AnchorPatch patch = AnchorPatch.of(COMPOSE, "x-spark-tuning", Map.of());
        assertThat(patch.changesAnything()).isFalse();
        assertThat(patch.unifiedDiff("docker-compose.yml")).isEmpty();
    }

    @Test
    void aMissingAnchorIsNamed() {
        assertThatThrownBy(() -> AnchorPatch.of(COMPOSE, "x-yardstick-tuning", Map.of("A", "1")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("x-yardstick-tuning");
    }
}
