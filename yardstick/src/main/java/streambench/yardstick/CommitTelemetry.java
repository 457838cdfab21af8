package streambench.yardstick;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.time.Instant;
import java.util.Map;
import streambench.common.StorageRequests;
import streambench.common.TelemetryFile;
import streambench.common.TelemetryLine;
import streambench.deltawriter.LakeCounters;

/**
 * After each commit: one dense console line, one JSON line to {@code TELEMETRY_FILE}, the counters of
 * {@code /metrics}. Storage requests are those of the table's file system from one commit to the next, so
 * each holds one interval's data file and one commit.
 */
final class CommitTelemetry {
    /**
     * One commit: {@code writeMs} decoding and Parquet encoding over the interval, {@code finishMs} the
     * file's footer and upload, {@code commitMs} the Kernel commit with its checksum and any log checkpoint.
     */
    record Commit(
            long txnVersion,
            long deltaVersion,
            boolean alreadyCommitted,
            int files,
            long records,
            long writeMs,
            long finishMs,
            long commitMs) {}

    private final LakeCounters counters;
    private final StorageRequests requests;
    private final Writer writer; // null: no TELEMETRY_FILE
    private final PrintStream out;
    private final long started = System.nanoTime();

    /** Counting starts here: the warm-up and the table's creation are not the stream's. */
    CommitTelemetry(LakeCounters counters, String telemetryFileOrNull, PrintStream out) {
        this.counters = counters;
        this.requests = new StorageRequests(counters.read());
        this.writer = telemetryFileOrNull == null ? null : TelemetryFile.openAppend(telemetryFileOrNull);
        this.out = out;
    }

    void committed(Commit c) {
        Map<String, Long> storage = requests.next(counters.read());
        Counters.COMMITS.incrementAndGet();
        Counters.RECORDS_COMMITTED.addAndGet(c.alreadyCommitted() ? 0 : c.records());
        if (c.deltaVersion() >= 0) {
            Counters.LAST_DELTA_VERSION.set(c.deltaVersion());
        }
        Counters.STORAGE_REQUESTS.set(requests.total());
        out.println(progressLine(c, storage, (System.nanoTime() - started) / 1_000_000_000L));
        if (writer == null) {
            return;
        }
        try {
            writer.write(json(c, storage, Instant.now(), Counters.MALFORMED.get()));
            writer.write('\n');
            writer.flush();
        } catch (IOException e) {
            // telemetry must never fail the commit path; the Delta log is the record of truth
        }
    }

    static String json(Commit c, Map<String, Long> storage, Instant at, long malformedTotal) {
        TelemetryLine line = TelemetryLine.at(at)
                .field("txn_version", c.txnVersion())
                .field("files", c.files())
                .field("records", c.records())
                .field("write_ms", c.writeMs())
                .field("finish_ms", c.finishMs())
                .field("commit_ms", c.commitMs())
                .field("delta_version", c.deltaVersion())
                .field("already_committed", c.alreadyCommitted())
                .field("malformed_total", malformedTotal);
        if (!storage.isEmpty()) {
            line.object(StorageRequests.FIELD, storage);
        }
        return line.toString();
    }

    static String progressLine(Commit c, Map<String, Long> storage, long elapsedSeconds) {
        return "yardstick t=" + elapsedSeconds + "s commit=" + c.txnVersion() + " files=" + c.files()
                + " records=" + c.records() + " write_ms=" + c.writeMs() + " finish_ms=" + c.finishMs()
                + " commit_ms=" + c.commitMs() + " delta_version=" + c.deltaVersion()
                + (c.alreadyCommitted() ? " (already committed)" : "")
                + " malformed_total=" + Counters.MALFORMED.get()
                + (storage.isEmpty() ? "" : " requests=" + storage.get(StorageRequests.TOTAL));
    }
}
