package streambench.spark;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.streaming.StreamingQueryListener;
import org.apache.spark.sql.streaming.StreamingQueryProgress;
import streambench.common.ConsumerContract;
import streambench.common.HealthServer;
import streambench.common.StorageRequests;
import streambench.common.TelemetryFile;
import streambench.common.TelemetryLine;

/**
 * Per micro-batch: one JSON line to the telemetry file, one dense line on stdout, counters on
 * {@code /metrics}, and readiness: the consumer is ready once its first micro-batch has committed
 * to the Delta table (the cold first commit took 20–36 s on 2 cores and must not count as latency).
 *
 * <p>Storage requests are counted between two progress events. Spark delivers those on its listener bus,
 * after the batch and not in step with the next one, so with a 0 s trigger a few requests of the next
 * batch's start can land in this one; over many batches the sums are right.
 */
final class BatchTelemetry extends StreamingQueryListener {
    static final String OBSERVATION = "quality";
    private static final List<String> DURATIONS = List.of(
            "triggerExecution", "latestOffset", "getBatch", "queryPlanning", "addBatch", "walCommit", "commitOffsets");

    private final Optional<Writer> file;
    private final HealthServer health;
    private final PrintStream out;
    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong inputRows = new AtomicLong();
    private final AtomicLong malformed = new AtomicLong();
    private final Supplier<Map<String, Long>> lakeCounters;
    private final StorageRequests requests;
    private volatile long lastBatchId = -1;

    BatchTelemetry(
            Optional<String> telemetryFile,
            HealthServer health,
            PrintStream out,
            Supplier<Map<String, Long>> lakeCounters) {
        this.health = health;
        this.out = out;
        this.file = telemetryFile.map(TelemetryFile::openAppend);
        this.lakeCounters = lakeCounters;
        // after the warm-up and the table's creation: neither belongs to a batch
        this.requests = new StorageRequests(lakeCounters.get());
        health.registerMetric("batches", batches::get);
        health.registerMetric("input_rows_total", inputRows::get);
        health.registerMetric(ConsumerContract.MALFORMED_ROWS_TOTAL, malformed::get);
        health.registerMetric(StorageRequests.METRIC, requests::total);
    }

    @Override
    public void onQueryStarted(QueryStartedEvent event) {
        out.println("spark: query started, id " + event.id());
    }

    @Override
    public void onQueryProgress(QueryProgressEvent event) {
        StreamingQueryProgress p = event.progress();
        if (p.batchId() == lastBatchId) {
            return; // a repeated report of the same batch, not a new commit
        }
        lastBatchId = p.batchId();
        long bad = malformedOf(p);
        batches.incrementAndGet();
        inputRows.addAndGet(p.numInputRows());
        malformed.addAndGet(bad);
        Map<String, Long> d = p.durationMs();
        Map<String, Long> phases = new LinkedHashMap<>();
        for (String name : DURATIONS) {
            if (d.get(name) != null) {
                phases.put(name, d.get(name));
            }
        }
        Map<String, Long> storage = requests.next(lakeCounters.get());
        TelemetryLine line = TelemetryLine.at(p.timestamp())
                .field("batch_id", p.batchId())
                .field("input_rows", p.numInputRows())
                .field("input_rows_per_s", finite(p.inputRowsPerSecond()))
                .field("processed_rows_per_s", finite(p.processedRowsPerSecond()))
                .field("malformed_rows", bad)
                .field("malformed_rows_total", malformed.get())
                .object("durations_ms", phases);
        if (!storage.isEmpty()) {
            line.object(StorageRequests.FIELD, storage);
        }
        file.ifPresent(w -> {
            try {
                w.write(line.toString());
                w.write('\n');
                w.flush();
            } catch (IOException e) {
                out.println("spark: cannot write telemetry: " + e.getMessage());
            }
        });
        out.printf(
                "spark batch=%d rows=%d rows_per_s=%.0f malformed=%d trigger_ms=%s addBatch_ms=%s%s%n",
                p.batchId(),
                p.numInputRows(),
                finite(p.processedRowsPerSecond()),
                bad,
                d.get("triggerExecution"),
                d.get("addBatch"),
                storage.isEmpty() ? "" : " requests=" + storage.get(StorageRequests.TOTAL));
        if (!health.isReady()) {
            health.markReady();
            out.println("spark: ready (first micro-batch committed)");
        }
    }

    @Override
    public void onQueryIdle(QueryIdleEvent event) {
        // nothing to record: no batch ran
    }

    @Override
    public void onQueryTerminated(QueryTerminatedEvent event) {
        health.markNotReady("terminated");
        out.println("spark: query terminated" + (event.exception().isDefined() ? " with an error" : ""));
        file.ifPresent(w -> {
            try {
                w.close();
            } catch (IOException ignored) {
                // closing at the end; nothing left to lose
            }
        });
    }

    private static long malformedOf(StreamingQueryProgress p) {
        Row row = p.observedMetrics().get(OBSERVATION);
        if (row == null || row.isNullAt(row.fieldIndex("malformed"))) {
            return 0;
        }
        return row.getLong(row.fieldIndex("malformed"));
    }

    private static double finite(double v) {
        return Double.isFinite(v) ? Math.round(v * 10) / 10.0 : 0;
    }

    long malformedTotal() {
        return malformed.get();
    }
}
