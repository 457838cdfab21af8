package streambench.yardstick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;
import streambench.common.Knobs;

class YardstickSettingsTest {
    private static YardstickSettings with(String name, String value) {
        Map<String, String> env = new HashMap<>();
        env.put("TOPIC", "events");
        env.put("TABLE_PATH", "run-1/yardstick/benchmark");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092");
        env.put("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000");
        env.put(name, value);
        return YardstickSettings.fromKnobs(Knobs.of(env));
    }

    @Test
    void defaultsCommitEverySecondIntoATableThatHoldsItsKafkaPositions() {
        YardstickSettings s = with("UNRELATED", "x");
        assertThat(s.commitInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(s.commitMaxRows()).isEqualTo(1_000_000);
        assertThat(s.tableProperties())
                .containsEntry("delta.feature.domainMetadata", "supported")
                .containsEntry("delta.appendOnly", "true");
        // no consumer group: partitions are assigned and positions live in the table
        assertThat(s.kafkaProperties())
                .doesNotContainKey("group.id")
                .containsEntry("enable.auto.commit", "false")
                .containsEntry("bootstrap.servers", "127.0.0.1:9092");
    }

    /** One name and one meaning with the Spark consumer: N > 0 checkpoints on a thread of its own every N commits. */
    @Test
    void backgroundCheckpointEveryNamesTheIntervalOrLeavesTheCheckpointInline() {
        YardstickSettings background = with("DELTA_BACKGROUND_CHECKPOINT_EVERY", "40");
        assertThat(background.checkpointInBackground()).isTrue();
        assertThat(background.tableProperties()).containsEntry("delta.checkpointInterval", "40");
        YardstickSettings inline = with("DELTA_BACKGROUND_CHECKPOINT_EVERY", "0");
        assertThat(inline.checkpointInBackground()).isFalse();
        assertThat(inline.tableProperties()).containsEntry("delta.checkpointInterval", "100");
        assertThatThrownBy(() -> with("DELTA_BACKGROUND_CHECKPOINT_EVERY", "yes"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("DELTA_BACKGROUND_CHECKPOINT_EVERY must be");
    }

    @Test
    void badValuesAreConfigurationErrorsNamingTheVariable() {
        assertThatThrownBy(() -> with("COMMIT_INTERVAL", "0s"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("COMMIT_INTERVAL must be a positive duration such as 500ms or 1s, got \"0s\"");
        assertThatThrownBy(() -> with("COMMIT_MAX_ROWS", "-1"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("COMMIT_MAX_ROWS must be");
        assertThatThrownBy(() -> with("PARQUET_COMPRESSION", "lzo"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("PARQUET_COMPRESSION must be one of");
    }
}
