package streambench.flink;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import streambench.common.TelemetryFile;
import streambench.common.TelemetryLine;
import streambench.flink.delta.CommitListener;
import streambench.flink.delta.CommitReport;

/**
 * One JSON line per completed checkpoint to {@code TELEMETRY_FILE}, written by the committer's task
 * (on a cluster: on that TaskManager's disk), and the same report to the consumer's local counters.
 */
final class CheckpointTelemetry implements CommitListener {
    private static final long serialVersionUID = 1L;

    private final String file;
    private transient Writer writer;

    CheckpointTelemetry(String fileOrNull) {
        this.file = fileOrNull;
    }

    @Override
    public void open() {
        if (file == null) {
            return;
        }
        writer = TelemetryFile.openAppend(file);
    }

    @Override
    public void onCommit(CommitReport r) {
        LocalJobCounters.record(r);
        if (writer == null) {
            return;
        }
        try {
            writer.write(json(r, LocalJobCounters.MALFORMED.get()));
            writer.write('\n');
            writer.flush();
        } catch (IOException e) {
            // telemetry must never fail the commit path; the Delta log is the record of truth
        }
    }

    static String json(CommitReport r, long malformedTotal) {
        return TelemetryLine.at(Instant.ofEpochMilli(r.completedAtMillis()))
                .field("checkpoint_id", r.checkpointId())
                .field("checkpoint_ms", r.checkpointMillis())
                .field("files", r.files())
                .field("records", r.records())
                .field("commit_ms", r.commitMillis())
                .field("delta_version", r.deltaVersion())
                .field("txn_version", r.txnVersion())
                .field("already_committed", r.alreadyCommitted())
                .field("malformed_total", malformedTotal)
                .toString();
    }
}
