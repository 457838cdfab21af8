package streambench.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.CheckpointConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;
import streambench.common.Knobs;
import streambench.flink.delta.CommitReport;

class FlinkConsumerMainTest {
    @TempDir
    Path tmp;

    @Test
    void checkpointsStayAlignedEvenWhenTheFlinkConfigurationAsksForUnaligned() {
        FlinkSettings s = FlinkSettings.fromKnobs(Knobs.of(Map.of(
                "TOPIC",
                "events",
                "TABLE_PATH",
                "t",
                "LAKE_ROOT",
                tmp.toUri().toString(),
                "KAFKA_BOOTSTRAP_SERVERS",
                "localhost:9092")));
        Configuration conf = FlinkConsumerMain.flinkConfiguration(s);
        conf.setString("execution.checkpointing.unaligned", "true"); // as a cluster's flink-conf.yaml might

        CheckpointConfig cp = FlinkConsumerMain.environment(s, conf).getCheckpointConfig();

        assertThat(cp.isCheckpointingEnabled()).isTrue();
        assertThat(cp.isUnalignedCheckpointsEnabled()).isFalse();
    }

    /**
     * The committer opens TELEMETRY_FILE inside the job: an unwritable path failed the job (exit 1, after
     * restarts). Run locally, it is refused before the job is submitted. Root ignores permissions, so a
     * file stands where the folder should be.
     */
    @Test
    void anUnwritableTelemetryFileExitsTwoBeforeTheJobIsSubmitted() throws Exception {
        Path notADir = Files.writeString(tmp.resolve("results"), "a file where a folder should be");
        String telemetry = notADir.resolve("flink-telemetry.jsonl").toString();
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TOPIC", "events");
        env.put("TABLE_PATH", "t");
        env.put("LAKE_ROOT", tmp.resolve("lake").toUri().toString());
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1");
        env.put("KAFKA_CONNECT_TIMEOUT", "0s");
        env.put("WARMUP_COMMITS", "0");
        env.put("FLINK_RESTART_ATTEMPTS", "0");
        env.put("HEALTH_PORT", "0");
        env.put("TELEMETRY_FILE", telemetry);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        assertThatThrownBy(() -> FlinkConsumerMain.run(Knobs.of(env), out))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("TELEMETRY_FILE " + telemetry + " cannot be written");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).doesNotContain("submitted");
    }

    @Test
    void theProgressLineEndsWithTheCheckpointsStorageRequests() {
        CommitReport r = new CommitReport(60, 60, 57, 2, 53_320, false, 137, 88, 0);
        assertThat(FlinkConsumerMain.progressLine(r, Map.of("total", 21L, "create", 3L), 61))
                .startsWith("flink t=61s checkpoint=60 files=2 records=53320 checkpoint_ms=137 commit_ms=88")
                .endsWith(" requests=21");
        assertThat(FlinkConsumerMain.progressLine(r, Map.of(), 61)).doesNotContain("requests=");
    }
}
