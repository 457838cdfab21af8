package streambench.flink.delta;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.deltawriter.DeltaTableCommitter;
import streambench.deltawriter.ParquetSettings;
import streambench.deltawriter.TestRows;

/**
 * The two-phase protocol on Flink's own operator test harness: writers flush before the barrier, the
 * committer commits on completion, and a failure anywhere between "files written" and "committed"
 * neither loses nor duplicates a row.
 */
class DeltaSinkOperatorsTest {
    static final ConcurrentLinkedQueue<CommitReport> REPORTS = new ConcurrentLinkedQueue<>();

    @TempDir
    Path dir;

    Path table;
    String tablePath;

    @BeforeEach
    void createTable() {
        REPORTS.clear();
        table = dir.resolve("t");
        tablePath = new DeltaTableCommitter(table.toUri().toString(), Map.of(), TestRows.FORMAT, "test", true)
                .ensureTable(Map.of());
    }

    private OneInputStreamOperatorTestHarness<TestRows.Row, byte[]> writer() throws Exception {
        return new OneInputStreamOperatorTestHarness<>(
                new DeltaWriterOperator<>(tablePath, Map.of(), TestRows.FORMAT, ParquetSettings.defaults(), 0));
    }

    private OneInputStreamOperatorTestHarness<byte[], Void> committer() throws Exception {
        return new OneInputStreamOperatorTestHarness<>(new DeltaCommitterOperator(
                tablePath, Map.of(), TestRows.FORMAT, "test", true, "test-app", REPORTS::add));
    }

    /** Writes {@code n} rows starting at {@code seq} and returns what the writer emits before barrier {@code cp}. */
    private List<byte[]> writeAndFlush(
            OneInputStreamOperatorTestHarness<TestRows.Row, byte[]> w, long seq, int n, long cp) throws Exception {
        for (int i = 0; i < n; i++) {
            w.processElement(new StreamRecord<>(new TestRows.Row(1_700_000_000_000_000L + seq + i, 0, seq + i)));
        }
        int before = w.extractOutputValues().size();
        w.prepareSnapshotPreBarrier(cp);
        List<byte[]> all = w.extractOutputValues();
        return new ArrayList<>(all.subList(before, all.size()));
    }

    private long dataCommits() throws Exception {
        return TestRows.commits(table).stream()
                .filter(n -> n.has("add"))
                .map(n -> n.get("add").get("path").asText())
                .count();
    }

    private long logVersions() throws Exception {
        try (Stream<Path> s = Files.list(table.resolve("_delta_log"))) {
            return s.filter(p -> p.getFileName().toString().endsWith(".json")).count();
        }
    }

    @Test
    void commitsEachCheckpointOnceWhenItCompletes() throws Exception {
        try (var w = writer();
                var c = committer()) {
            w.open();
            c.open();
            for (byte[] committable : writeAndFlush(w, 0, 1000, 1)) {
                c.processElement(new StreamRecord<>(committable));
            }
            c.snapshot(1, 1);
            assertThat(TestRows.read(table)).isEmpty(); // not before the checkpoint completes
            c.notifyOfCompletedCheckpoint(1);
            c.notifyOfCompletedCheckpoint(1); // a repeated notification changes nothing

            assertThat(TestRows.read(table)).hasSize(1000);
            assertThat(logVersions()).isEqualTo(2); // create + one commit
            assertThat(REPORTS).extracting(CommitReport::records).contains(1000L);
        }
    }

    @Test
    void nothingIsEmittedWithoutRows() throws Exception {
        try (var w = writer()) {
            w.open();
            w.prepareSnapshotPreBarrier(1);
            assertThat(w.extractOutputValues()).isEmpty();
        }
    }

    @Test
    void crashAfterFilesWrittenBeforeCommitLosesNothing() throws Exception {
        OperatorSubtaskState state;
        try (var w = writer();
                var c = committer()) {
            w.open();
            c.open();
            for (byte[] committable : writeAndFlush(w, 0, 500, 1)) {
                c.processElement(new StreamRecord<>(committable));
            }
            state = c.snapshot(1, 1);
            // checkpoint 1 completes in the job manager, but the task dies before its notification
        }
        assertThat(TestRows.read(table)).isEmpty();

        try (var c = committer()) {
            c.initializeState(state);
            c.open(); // commits what the completed checkpoint holds
            assertThat(TestRows.read(table)).hasSize(500);
            c.notifyOfCompletedCheckpoint(2);
        }
        assertThat(TestRows.read(table)).hasSize(500);
        assertThat(logVersions()).isEqualTo(2);
    }

    @Test
    void crashAfterCommitBeforeNextCheckpointDuplicatesNothing() throws Exception {
        OperatorSubtaskState state;
        try (var w = writer();
                var c = committer()) {
            w.open();
            c.open();
            for (byte[] committable : writeAndFlush(w, 0, 300, 1)) {
                c.processElement(new StreamRecord<>(committable));
            }
            state = c.snapshot(1, 1);
            c.notifyOfCompletedCheckpoint(1); // committed; the next checkpoint never happens
        }
        assertThat(TestRows.read(table)).hasSize(300);

        try (var c = committer()) {
            c.initializeState(state); // the restored state still lists checkpoint 1's files
            c.open();
        }
        assertThat(TestRows.read(table)).hasSize(300);
        assertThat(logVersions()).isEqualTo(2);
        assertThat(REPORTS).anyMatch(CommitReport::alreadyCommitted);
    }

    @Test
    void aLateNotificationCommittedBeforeACrashIsNotCommittedAgainFromTheNewerSnapshot() throws Exception {
        OperatorSubtaskState snapshotTwo;
        try (var w = writer();
                var c = committer()) {
            w.open();
            c.open();
            for (byte[] committable : writeAndFlush(w, 0, 100, 1)) {
                c.processElement(new StreamRecord<>(committable));
            }
            c.snapshot(1, 1);
            for (byte[] committable : writeAndFlush(w, 1000, 100, 2)) {
                c.processElement(new StreamRecord<>(committable));
            }
            snapshotTwo = c.snapshot(2, 2); // still holds checkpoint 1: its notification has not come yet
            c.notifyOfCompletedCheckpoint(1); // late, after snapshot 2: commits checkpoint 1 alone
            // the task dies before checkpoint 2's notification
        }
        assertThat(TestRows.read(table)).hasSize(100);

        try (var c = committer()) {
            c.initializeState(snapshotTwo);
            c.open();
            c.notifyOfCompletedCheckpoint(2);
        }
        List<TestRows.Row> rows = TestRows.read(table);
        assertThat(rows).extracting(TestRows.Row::seq).doesNotHaveDuplicates().hasSize(200);
        assertThat(TestRows.adds(table))
                .extracting(add -> add.get("path").asText())
                .doesNotHaveDuplicates()
                .hasSize(2);
        assertThat(logVersions()).isEqualTo(3); // create, checkpoint 1, checkpoint 2
    }

    @Test
    void aFreshJobGetsItsOwnAppIdSoItsCheckpointOneIsNotMistakenForAReplay() throws Exception {
        for (int job = 0; job < 2; job++) {
            try (var w = writer();
                    var c = committer()) {
                w.open();
                c.open();
                for (byte[] committable : writeAndFlush(w, job * 100L, 100, 1)) {
                    c.processElement(new StreamRecord<>(committable));
                }
                c.snapshot(1, 1);
                c.notifyOfCompletedCheckpoint(1);
            }
        }
        assertThat(TestRows.read(table)).hasSize(200);
        assertThat(TestRows.commits(table).stream()
                        .filter(n -> n.has("txn"))
                        .map(n -> n.get("txn").get("appId").asText()))
                .hasSize(2)
                .doesNotHaveDuplicates()
                .allMatch(id -> id.startsWith("test-app-"));
    }

    @Test
    void checkpointsWhoseNotificationWasSkippedAreCommittedWithTheNextOne() throws Exception {
        try (var w = writer();
                var c = committer()) {
            w.open();
            c.open();
            for (long cp = 1; cp <= 3; cp++) {
                for (byte[] committable : writeAndFlush(w, cp * 1000, 10, cp)) {
                    c.processElement(new StreamRecord<>(committable));
                }
                c.snapshot(cp, cp);
            }
            c.notifyOfCompletedCheckpoint(3); // Flink may skip notifications for 1 and 2
        }
        assertThat(TestRows.read(table)).hasSize(30);
        assertThat(logVersions()).isEqualTo(2);
    }
}
