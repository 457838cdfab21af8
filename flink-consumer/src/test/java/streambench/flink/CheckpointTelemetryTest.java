package streambench.flink;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import streambench.flink.delta.CommitReport;

class CheckpointTelemetryTest {
    /** The line readers of earlier telemetry files know, field for field. */
    @Test
    void oneLinePerCheckpointInTheKnownFormat() {
        CommitReport r = new CommitReport(3, 3, 5, 2, 100, false, 40, 12, 1_767_225_601_000L);
        assertThat(CheckpointTelemetry.json(r, 1))
                .isEqualTo("{\"time\":\"2026-01-01T00:00:01Z\",\"checkpoint_id\":3,"
                        + "\"checkpoint_ms\":40,\"files\":2,\"records\":100,\"commit_ms\":12,\"delta_version\":5,\"txn_version\":3,"
                        + "\"already_committed\":false,\"malformed_total\":1}");
    }
}
