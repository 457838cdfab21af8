package streambench.flink;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
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
    private static final AtomicReference<Consumer<CommitReport>> LISTENER = new AtomicReference<>(r -> {});

    private LocalJobCounters() {}

    static void onCommit(Consumer<CommitReport> listener) {
        LISTENER.set(listener);
    }

    static void record(CommitReport r) {
        CHECKPOINTS.incrementAndGet();
        if (r.deltaVersion() >= 0) {
            RECORDS_COMMITTED.addAndGet(r.records());
            LAST_DELTA_VERSION.set(r.deltaVersion());
        }
        LISTENER.get().accept(r);
    }
}
