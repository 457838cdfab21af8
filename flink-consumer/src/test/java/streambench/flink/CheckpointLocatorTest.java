package streambench.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointLocatorTest {
    private static final CheckpointLocator.Owner CURRENT =
            new CheckpointLocator.Owner("events", "file:/lake/run-1/flink");

    @TempDir
    Path dir;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private String checkpointDir() {
        return dir.toUri().toString();
    }

    /** A completed checkpoint as Flink lays it out, {@code <dir>/<job>/chk-<id>/_metadata}, at {@code millis}. */
    private void checkpoint(String job, long id, long millis) throws Exception {
        Path metadata = dir.resolve(job).resolve("chk-" + id).resolve("_metadata");
        Files.createDirectories(metadata.getParent());
        Files.write(metadata, new byte[] {1});
        Files.setLastModifiedTime(metadata, FileTime.fromMillis(millis));
    }

    private Optional<String> resumable() throws Exception {
        return CheckpointLocator.resumable(
                checkpointDir(), Map.of(), CURRENT, new PrintStream(printed, true, StandardCharsets.UTF_8));
    }

    private String printed() {
        return printed.toString(StandardCharsets.UTF_8);
    }

    @Test
    void resumesTheNewestCheckpointOfTheSameTopicAndTable() throws Exception {
        checkpoint("job-a", 3, 1_000);
        checkpoint("job-a", 4, 2_000);
        CheckpointLocator.record(checkpointDir(), "job-a", CURRENT, Map.of());

        assertThat(resumable()).hasValueSatisfying(path -> assertThat(path).endsWith("/job-a/chk-4"));
        assertThat(printed()).isEmpty();
    }

    @Test
    void startsFreshWhenTheNewestCheckpointWasWrittenForAnotherTopic() throws Exception {
        checkpoint("job-a", 4, 1_000);
        CheckpointLocator.record(
                checkpointDir(), "job-a", new CheckpointLocator.Owner("clicks", CURRENT.table()), Map.of());

        assertThat(resumable()).isEmpty();
        assertThat(printed())
                .contains(
                        "not resuming checkpoint",
                        "/job-a/chk-4",
                        "CHECKPOINT_DIR=" + checkpointDir(),
                        "topic clicks and table file:/lake/run-1/flink",
                        "this consumer has topic events and table file:/lake/run-1/flink",
                        "starting fresh");
    }

    @Test
    void startsFreshWhenTheNewestCheckpointWasWrittenForAnotherTable() throws Exception {
        checkpoint("job-a", 4, 1_000);
        CheckpointLocator.record(
                checkpointDir(), "job-a", new CheckpointLocator.Owner("events", "file:/lake/run-0/flink"), Map.of());

        assertThat(resumable()).isEmpty();
        assertThat(printed())
                .contains(
                        "topic events and table file:/lake/run-0/flink",
                        "this consumer has topic events and table file:/lake/run-1/flink");
    }

    @Test
    void startsFreshWhenTheNewestCheckpointHasNoRecord() throws Exception {
        checkpoint("job-a", 4, 1_000);

        assertThat(resumable()).isEmpty();
        assertThat(printed())
                .contains(
                        "/job-a/chk-4",
                        "CHECKPOINT_DIR=" + checkpointDir(),
                        "no streambench-job.json",
                        "this consumer has topic events and table file:/lake/run-1/flink",
                        "starting fresh");
    }

    @Test
    void anUnreadableRecordIsNoRecord() throws Exception {
        checkpoint("job-a", 4, 1_000);
        Files.writeString(dir.resolve("job-a").resolve(CheckpointLocator.RECORD), "{\"topic\": \"eve");

        assertThat(resumable()).isEmpty();
        assertThat(printed()).contains("no streambench-job.json");
    }

    @Test
    void anOlderCheckpointOfThisTopicIsNotResumedOverANewerForeignOne() throws Exception {
        checkpoint("job-a", 9, 1_000);
        CheckpointLocator.record(checkpointDir(), "job-a", CURRENT, Map.of());
        checkpoint("job-b", 2, 2_000);
        CheckpointLocator.record(
                checkpointDir(), "job-b", new CheckpointLocator.Owner("clicks", "file:/lake/other"), Map.of());

        assertThat(resumable()).isEmpty();
        assertThat(printed()).contains("/job-b/chk-2", "topic clicks and table file:/lake/other");
    }

    @Test
    void skipsACheckpointWhoseMetadataWasCreatedButNeverWritten() throws Exception {
        checkpoint("job-a", 3, 1_000);
        Path empty = dir.resolve("job-a").resolve("chk-4").resolve("_metadata");
        Files.createDirectories(empty.getParent());
        Files.write(empty, new byte[0]); // a kill -9 while Flink wrote it
        Files.setLastModifiedTime(empty, FileTime.fromMillis(2_000));
        CheckpointLocator.record(checkpointDir(), "job-a", CURRENT, Map.of());

        assertThat(resumable()).hasValueSatisfying(path -> assertThat(path).endsWith("/job-a/chk-3"));
    }

    @Test
    void nothingToResumeSaysNothing() throws Exception {
        assertThat(resumable()).isEmpty();
        Files.createDirectories(dir.resolve("job-a").resolve("chk-1")); // never completed: no _metadata
        CheckpointLocator.record(checkpointDir(), "job-a", CURRENT, Map.of());

        assertThat(resumable()).isEmpty();
        assertThat(printed()).isEmpty();
    }
}
