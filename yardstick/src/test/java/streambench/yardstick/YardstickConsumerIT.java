package streambench.yardstick;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import streambench.services.ConsumerProcess;
import streambench.testkit.ConsumerChecks;
import streambench.testkit.ConsumerContractSuite;

/**
 * The yardstick jar against the consumer contract, and: one file per commit interval, its telemetry adding up to
 * every row, Spark 4.2's Delta reader reading the table, the writer threads across the kill, a restart from the
 * positions the table holds, and a table of another topic refused.
 */
class YardstickConsumerIT extends ConsumerContractSuite {
    @Override
    protected String jarKey() {
        return "yardstick.jar";
    }

    @Override
    protected BadKnob badKnob() {
        return new BadKnob(
                "COMMIT_INTERVAL", "0s", "COMMIT_INTERVAL must be a positive duration such as 500ms or 1s, got \"0s\"");
    }

    @Override
    protected Map<String, String> happyKnobs(Path telemetry) {
        return Map.of("TELEMETRY_FILE", telemetry.toString(), "COMMIT_INTERVAL", "700ms");
    }

    @Override
    protected void whileRunning(ConsumerProcess consumer, Path telemetry) {
        assertThat(consumer.metrics()).containsEntry("records_committed_total", (long) GOOD);
    }

    @Override
    protected void checkHappyRun(HappyRun run) throws Exception {
        List<JsonNode> commits = ConsumerChecks.readTelemetry(run.telemetry());
        assertThat(commits).isNotEmpty().allSatisfy(c -> {
            assertThat(c.has("write_ms") && c.has("finish_ms") && c.has("commit_ms") && c.has("storage_requests"))
                    .isTrue();
            assertThat(c.get("files").asInt()).isEqualTo(1); // one file per interval
        });
        assertThat(commits.stream().mapToLong(c -> c.get("records").asLong()).sum())
                .isEqualTo(GOOD);
        assertThat(run.output())
                .contains("COMMIT_INTERVAL=700ms")
                .contains("commit every 700 ms")
                .contains("yardstick: 4 partitions from the earliest offset")
                .contains("fs.azure.account.key.devstoreaccount1.dfs.core.windows.net=<redacted>");

        JsonNode spark = ConsumerChecks.readWithSpark(LAYOUT, services, run.table(), tmp);
        assertThat(spark.get("rows").asLong()).as("rows Spark 4.2 reads").isEqualTo(GOOD);
        assertThat(spark.get("distinct_keys").asLong()).isEqualTo(GOOD);
    }

    /** The writer threads beside the poll loop, here across a kill; the first test runs the loop alone. */
    @Override
    protected Map<String, String> restartKnobs() {
        return Map.of("WRITER_THREADS", "2");
    }

    @Override
    protected void checkRestarted(String output) {
        assertThat(output)
                .contains("written on 2 threads beside it")
                .contains("yardstick: resuming from the table's positions {0=");
    }

    /** The same table fed from another topic would mix two streams: refused, exit 2, naming both. */
    @Override
    protected void afterRestart(String table, Map<String, String> env) throws Exception {
        services.topics.create("yardstick-other", partitions());
        assertThat(exitsTwo(services.consumerEnv("yardstick-other", table), "other-topic"))
                .contains("was written from topic yardstick-kill, not TOPIC=yardstick-other");
    }
}
