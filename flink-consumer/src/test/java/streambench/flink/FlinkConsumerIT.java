package streambench.flink;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import streambench.services.ConsumerProcess;
import streambench.testkit.ConsumerChecks;
import streambench.testkit.ConsumerContractSuite;

/**
 * The Flink 1.16 consumer jar (a local MiniCluster in its own JVM) against the consumer contract, and: its
 * checkpoint telemetry adding up to every row, at most one file per writer and checkpoint, Spark 4.2's Delta reader
 * reading the table, and the restart resuming from the last checkpoint.
 */
class FlinkConsumerIT extends ConsumerContractSuite {
    @Override
    protected String jarKey() {
        return "flink-1.16.jar";
    }

    @Override
    protected BadKnob badKnob() {
        return new BadKnob("FLINK_PARALLELISM", "zero", "zero");
    }

    @Override
    protected Map<String, String> happyKnobs(Path telemetry) {
        return Map.of("TELEMETRY_FILE", telemetry.toString(), "CHECKPOINT_INTERVAL_MS", "700");
    }

    @Override
    protected void whileRunning(ConsumerProcess consumer, Path telemetry) throws Exception {
        assertThat(consumer.metrics()).containsEntry("records_committed_total", (long) GOOD);
        // the next checkpoint's line carries the malformed count
        ConsumerChecks.awaitLastTelemetry(telemetry, "malformed_total", HOSTILE.size(), drainTimeout());
    }

    @Override
    protected void checkHappyRun(HappyRun run) throws Exception {
        List<JsonNode> checkpoints = ConsumerChecks.readTelemetry(run.telemetry());
        assertThat(checkpoints).isNotEmpty().allSatisfy(c -> {
            assertThat(c.has("checkpoint_id") && c.has("checkpoint_ms") && c.has("commit_ms"))
                    .isTrue();
            // FLINK_PARALLELISM (2 by default) writers, one file each per checkpoint
            assertThat(c.get("files").asInt()).isLessThanOrEqualTo(2);
        });
        assertThat(checkpoints.stream()
                        .mapToLong(c -> c.get("records").asLong())
                        .sum())
                .isEqualTo(GOOD);
        assertThat(checkpoints
                        .get(checkpoints.size() - 1)
                        .get("malformed_total")
                        .asLong())
                .isEqualTo(HOSTILE.size());
        assertThat(run.output())
                .contains("CHECKPOINT_INTERVAL_MS=700")
                .contains("checkpoint every 700 ms")
                .contains("fs.azure.account.key.devstoreaccount1.dfs.core.windows.net=<redacted>");

        JsonNode spark = ConsumerChecks.readWithSpark(LAYOUT, services, run.table(), tmp);
        assertThat(spark.get("rows").asLong()).as("rows Spark 4.2 reads").isEqualTo(GOOD);
        assertThat(spark.get("distinct_keys").asLong()).isEqualTo(GOOD);
    }

    @Override
    protected void checkRestarted(String output) {
        assertThat(output)
                .contains("flink: resuming from checkpoint " + services.lake.tableUri("it/" + name() + "-kill")
                        + "_checkpoints/");
    }
}
