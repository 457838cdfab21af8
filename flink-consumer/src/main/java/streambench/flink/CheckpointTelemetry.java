package streambench.flink;

import java.io.IOException;
import java.io.Writer;
import java.time.Instant;
import java.util.Map;
import streambench.common.StorageRequests;
import streambench.common.TelemetryFile;
import streambench.common.TelemetryLine;
import streambench.deltawriter.LakeCounters;
import streambench.flink.delta.CommitListener;
import streambench.flink.delta.CommitReport;

/**
 * One JSON line per completed checkpoint to {@code TELEMETRY_FILE}, written by the committer's task
 * (on a cluster: on that TaskManager's disk), and the same report to the consumer's local counters.
 * Storage requests are those of the table's file system ({@link LakeCounters}) from one commit report to
 * the next; the writers keep writing the next checkpoint's files meanwhile, so each interval holds about
 * one checkpoint's data files and at most one commit.
 */
final class CheckpointTelemetry implements CommitListener {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String tableUri;
    private final Map<String, String> hadoopConf;
    private transient Writer writer;
    private transient LakeCounters counters;
    private transient StorageRequests requests;

    CheckpointTelemetry(String fileOrNull, String tableUri, Map<String, String> hadoopConf) {
        this.file = fileOrNull;
        this.tableUri = tableUri;
        this.hadoopConf = Map.copyOf(hadoopConf);
    }

    @Override
    public void open() {
        try {
            counters = LakeCounters.of(tableUri, hadoopConf);
        } catch (IOException e) {
            counters = LakeCounters.none();
        }
        // before the committer's first request; the warm-up and the table's creation are not the job's
        requests = new StorageRequests(counters.read());
        if (file == null) {
            return;
        }
        writer = TelemetryFile.openAppend(file);
    }

    @Override
    public void onCommit(CommitReport r) {
        Map<String, Long> storage = requests.next(counters.read());
        LocalJobCounters.record(r, storage);
        if (writer == null) {
            return;
        }
        try {
            writer.write(json(r, storage, LocalJobCounters.MALFORMED.get()));
            writer.write('\n');
            writer.flush();
        } catch (IOException e) {
            // telemetry must never fail the commit path; the Delta log is the record of truth
        }
    }

    static String json(CommitReport r, Map<String, Long> storage, long malformedTotal) {
        TelemetryLine line = TelemetryLine.at(Instant.ofEpochMilli(r.completedAtMillis()))
                .field("checkpoint_id", r.checkpointId())
                .field("checkpoint_ms", r.checkpointMillis())
                .field("files", r.files())
                .field("records", r.records())
                .field("commit_ms", r.commitMillis())
                .field("delta_version", r.deltaVersion())
                .field("txn_version", r.txnVersion())
                .field("already_committed", r.alreadyCommitted())
                .field("malformed_total", malformedTotal);
        if (!storage.isEmpty()) {
            line.object(StorageRequests.FIELD, storage);
        }
        return line.toString();
    }
}
