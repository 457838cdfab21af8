package streambench.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.CheckpointConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.Knobs;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class FlinkConsumerMainTest {
    @TempDir
    Path dir;

    @Test
    void checkpointsStayAlignedEvenWhenTheFlinkConfigurationAsksForUnaligned() {
        FlinkSettings s = FlinkSettings.fromKnobs(Knobs.of(Map.of("TOPIC", "events", "TABLE_PATH", "t",
                "LAKE_ROOT", dir.toUri().toString(), "KAFKA_BOOTSTRAP_SERVERS", "localhost:9092")));
        Configuration conf = FlinkConsumerMain.flinkConfiguration(s);
        conf.setString("execution.checkpointing.unaligned", "true"); // as a cluster's flink-conf.yaml might

        CheckpointConfig cp = FlinkConsumerMain.environment(s, conf).getCheckpointConfig();

        assertThat(cp.isCheckpointingEnabled()).isTrue();
        assertThat(cp.isUnalignedCheckpointsEnabled()).isFalse();
    }
}
