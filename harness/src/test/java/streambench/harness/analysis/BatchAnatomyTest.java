package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BatchAnatomyTest {
    private static final Instant FROM = Instant.parse("2026-12-01T10:00:00Z");

    @Test
    void sparkBatchesOfTheMeasuredWindowAreAveragedAndTheWarmStartLeftOut(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("spark-telemetry.jsonl");
        Files.write(
                file,
                List.of(
                        // the warm start: a slow batch before the measured schedule began
                        "{\"time\":\"2026-12-01T09:59:59.000Z\",\"batch_id\":1,\"input_rows\":50000,"
                                + "\"durations_ms\":{\"addBatch\":9000},\"storage_requests\":{\"total\":500}}",
                        "{\"time\":\"2026-12-01T10:00:01.000Z\",\"batch_id\":2,\"input_rows\":6000,"
                                + "\"durations_ms\":{\"triggerExecution\":1200,\"addBatch\":1000,\"walCommit\":50},"
                                + "\"storage_requests\":{\"total\":100,\"open\":20,\"rename\":4}}",
                        "{\"time\":\"2026-12-01T10:00:02.300Z\",\"batch_id\":3,\"input_rows\":4000,"
                                + "\"durations_ms\":{\"triggerExecution\":1400,\"addBatch\":1200,\"walCommit\":70},"
                                + "\"storage_requests\":{\"total\":110,\"open\":22}}",
                        "{\"time\":\"2026-12-01T10:00:03.9", // cut short by a kill -9
                        ""));
        BatchAnatomy a = BatchAnatomy.read(file, FROM).orElseThrow();
        assertThat(a.units()).isEqualTo(2);
        assertThat(a.rowsPerUnit()).isEqualTo(5000.0);
        assertThat(a.meanMs())
                .containsExactly(
                        entry("triggerExecution", 1300.0), entry("addBatch", 1100.0), entry("walCommit", 60.0));
        assertThat(a.maxMs()).containsEntry("addBatch", 1200.0);
        assertThat(a.requestsPerUnit())
                .as("an operation a batch did not use counts as 0 in the mean")
                .containsExactly(entry("total", 105.0), entry("open", 21.0), entry("rename", 2.0));
        assertThat(a.describe("batch"))
                .isEqualTo("2 batches of 5,000 rows; mean ms: triggerExecution 1300, addBatch 1100, walCommit 60; "
                        + "storage requests per batch: total 105.0, open 21.0, rename 2.0");
    }

    @Test
    void flinkCheckpointsUseTheirMillisecondFields(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("flink-telemetry.jsonl");
        Files.write(
                file,
                List.of(
                        "{\"time\":\"2026-12-01T10:00:01Z\",\"checkpoint_id\":7,\"checkpoint_ms\":300,\"files\":2,"
                                + "\"records\":1000,\"commit_ms\":40,\"delta_version\":3,\"storage_requests\":{\"total\":20}}"));
        BatchAnatomy a = BatchAnatomy.read(file, FROM).orElseThrow();
        assertThat(a.meanMs()).containsExactly(entry("checkpoint", 300.0), entry("commit", 40.0));
        assertThat(a.rowsPerUnit()).isEqualTo(1000.0);
        assertThat(a.requestsPerUnit()).containsExactly(entry("total", 20.0));
        assertThat(a.describe("checkpoint"))
                .startsWith("1 checkpoints of 1,000 rows; mean ms: checkpoint 300, commit 40");
    }

    @Test
    void noFileOrNoUnitInTheWindowIsEmpty(@TempDir Path dir) throws Exception {
        assertThat(BatchAnatomy.read(dir.resolve("none.jsonl"), FROM)).isEmpty();
        Path early = dir.resolve("early.jsonl");
        Files.writeString(early, "{\"time\":\"2026-12-01T09:00:00Z\",\"input_rows\":1}\n");
        assertThat(BatchAnatomy.read(early, FROM)).isEmpty();
    }
}
