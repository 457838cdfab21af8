package streambench.flink;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import streambench.common.StorageRequests;
import streambench.flink.delta.CommitReport;

/**
 * Counters shared between the job's tasks and the consumer's main thread. They are JVM-wide, so they
 * see the whole job only when it runs in the consumer's own MiniCluster ({@code java -jar}); on a
 * cluster each TaskManager counts its own share and Flink's metrics ({@code malformedRecords}) are the
 * place to look.
 */
final class LocalJobCounters {
    static final AtomicLong MALFORMED = new AtomicLong();
    static final AtomicLong RECORDS_COMMITTED = new AtomicLong();
    static final AtomicLong CHECKPOINTS = new AtomicLong();
    static final AtomicLong LAST_DELTA_VERSION = new AtomicLong(-1);
    static final AtomicLong STORAGE_REQUESTS = new AtomicLong();
    private static final AtomicReference<BiConsumer<CommitReport, Map<String, Long>>> LISTENER =
            new AtomicReference<>((r, storage) -> {});

    private LocalJobCounters() {}

    static void onCommit(BiConsumer<CommitReport, Map<String, Long>> listener) {
        LISTENER.set(listener);
    }

    /** {@code storage}: the checkpoint's storage requests, as {@link StorageRequests#between}. */
    static void record(CommitReport r, Map<String, Long> storage) {
        CHECKPOINTS.incrementAndGet();
        STORAGE_REQUESTS.addAndGet(storage.getOrDefault(StorageRequests.TOTAL, 0L));
        if (r.deltaVersion() >= 0) {
            RECORDS_COMMITTED.addAndGet(r.records());
            LAST_DELTA_VERSION.set(r.deltaVersion());
        }
        LISTENER.get().accept(r, storage);
    }
}
