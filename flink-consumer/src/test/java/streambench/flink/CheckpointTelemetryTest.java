package streambench.flink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.flink.delta.CommitReport;

class CheckpointTelemetryTest {
    @TempDir
    Path tmp;

    private final CommitReport r = new CommitReport(3, 3, 5, 2, 100, false, 40, 12, 1_767_225_601_000L);

    /** The line readers of earlier telemetry files know, field for field. */
    @Test
    void oneLinePerCheckpointInTheKnownFormat() {
        assertThat(CheckpointTelemetry.json(r, Map.of(), 1))
                .isEqualTo("{\"time\":\"2026-01-01T00:00:01Z\",\"checkpoint_id\":3,"
                        + "\"checkpoint_ms\":40,\"files\":2,\"records\":100,\"commit_ms\":12,\"delta_version\":5,\"txn_version\":3,"
                        + "\"already_committed\":false,\"malformed_total\":1}");
    }

    @Test
    void storageRequestsComeLastInTheirOrder() {
        Map<String, Long> storage = new LinkedHashMap<>();
        storage.put("total", 14L);
        storage.put("create", 3L);
        storage.put("http_put", 11L);
        assertThat(CheckpointTelemetry.json(r, storage, 1))
                .endsWith("\"malformed_total\":1,\"storage_requests\":{\"total\":14,\"create\":3,\"http_put\":11}}");
    }

    /** The local file system keeps no request counters: the line stays as it was. */
    @Test
    void aTableOnTheLocalDiskWritesNoStorageRequests() throws Exception {
        Path file = tmp.resolve("telemetry.jsonl");
        CheckpointTelemetry telemetry = new CheckpointTelemetry(
                file.toString(), tmp.resolve("table").toUri().toString(), Map.of());
        long before = LocalJobCounters.STORAGE_REQUESTS.get();

        telemetry.open();
        telemetry.onCommit(r);

        String line = Files.readString(file, StandardCharsets.UTF_8);
        assertThat(line).startsWith("{\"time\":\"2026-01-01T00:00:01Z\"").doesNotContain("storage_requests");
        assertThat(LocalJobCounters.STORAGE_REQUESTS.get()).isEqualTo(before);
    }
}
