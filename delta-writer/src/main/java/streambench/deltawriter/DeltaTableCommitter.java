package streambench.deltawriter;

import io.delta.kernel.DataWriteContext;
import io.delta.kernel.Operation;
import io.delta.kernel.Snapshot;
import io.delta.kernel.TableManager;
import io.delta.kernel.Transaction;
import io.delta.kernel.TransactionCommitResult;
import io.delta.kernel.data.Row;
import io.delta.kernel.defaults.engine.DefaultEngine;
import io.delta.kernel.engine.Engine;
import io.delta.kernel.exceptions.ConcurrentTransactionException;
import io.delta.kernel.exceptions.TableNotFoundException;
import io.delta.kernel.expressions.Column;
import io.delta.kernel.expressions.Literal;
import io.delta.kernel.hook.PostCommitHook;
import io.delta.kernel.statistics.DataFileStatistics;
import io.delta.kernel.types.StructField;
import io.delta.kernel.types.StructType;
import io.delta.kernel.utils.CloseableIterable;
import io.delta.kernel.utils.CloseableIterator;
import io.delta.kernel.utils.DataFileStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;

/**
 * The Delta side of a writer, without any engine: creates the table, and adds a batch of already written
 * data files in one transaction that also records {@code SetTransaction(appId, txnVersion)}. A batch
 * whose version the log already holds for that app is skipped, which makes replaying a commit after a
 * failure harmless. Not thread-safe: one committer per table and app id.
 */
public final class DeltaTableCommitter {
    /** The outcome of {@link #commit}: {@code deltaVersion} is -1 when nothing was written. */
    public record Result(long deltaVersion, boolean alreadyCommitted, int files, long records) {}

    private final String tableUri;
    private final StructType schema;
    private final Map<String, ColumnType> columnTypes = new HashMap<>();
    private final String engineInfo;
    private final boolean writeChecksum;
    private final Engine engine;
    private boolean checkpointInBackground;
    /** One daemon thread for log checkpoints, made when the first one is due in the background. */
    private java.util.concurrent.ExecutorService checkpointThread;

    private java.util.concurrent.Future<?> checkpointing = java.util.concurrent.CompletableFuture.completedFuture(null);
    private final java.util.concurrent.atomic.AtomicReference<Exception> checkpointFailure =
            new java.util.concurrent.atomic.AtomicReference<>();
    private Snapshot latest;
    // Kernel replays the log for every transaction-version question; asked once or twice per commit,
    // the answer for the snapshot in hand is kept, and our own commit tells it for the next snapshot.
    private Snapshot txnSnapshot;
    private String txnAppId;
    private Optional<Long> txnVersion;

    public DeltaTableCommitter(
            String tableUri,
            Map<String, String> hadoopConf,
            RowFormat<?> format,
            String engineInfo,
            boolean writeChecksum) {
        this.tableUri = tableUri;
        this.schema = format.deltaSchema();
        format.columns().forEach(c -> columnTypes.put(c.name(), c.type()));
        this.engineInfo = engineInfo;
        this.writeChecksum = writeChecksum;
        Configuration conf = new Configuration();
        hadoopConf.forEach(conf::set);
        this.engine = DefaultEngine.create(conf);
    }

    /**
     * Log checkpoints (every {@code delta.checkpointInterval} commits) on a thread of their own instead of
     * inside the commit that reaches the interval: a checkpoint reads every commit since the last one (about
     * 1.1 s and 260 requests at 100 commits on Azurite), and a writer that commits from its only thread would
     * stop reading for that long. One at a time; one still running when the next is due is left to cover for
     * it. A failed one is reported by the next {@link #commit}, before it writes anything.
     */
    public DeltaTableCommitter checkpointInBackground(boolean background) {
        this.checkpointInBackground = background;
        return this;
    }

    /**
     * Creates the table with the format's schema and {@code properties} unless it exists; an existing
     * table must have the same columns. Returns the table's fully qualified path, the one data file
     * paths must start with.
     */
    public String ensureTable(Map<String, String> properties) {
        Optional<Snapshot> existing = loadSnapshot();
        if (existing.isEmpty()) {
            try {
                TransactionCommitResult r = TableManager.buildCreateTableTransaction(tableUri, schema, engineInfo)
                        .withTableProperties(properties)
                        .build(engine)
                        .commit(engine, CloseableIterable.emptyIterable());
                runHooks(r);
                latest =
                        r.getPostCommitSnapshot().orElseGet(() -> loadSnapshot().orElseThrow());
            } catch (io.delta.kernel.exceptions.TableAlreadyExistsException e) {
                latest = loadSnapshot().orElseThrow(); // another process created it meanwhile
            }
        } else {
            latest = existing.get();
        }
        List<String> expected = fieldSummary(schema);
        List<String> actual = fieldSummary(latest.getSchema());
        if (!actual.equals(expected)) {
            throw new IllegalStateException(
                    "table " + tableUri + " exists with columns " + actual + ", this sink writes " + expected);
        }
        return latest.getPath();
    }

    /** The highest version this app committed to the table, if any. */
    public OptionalLong lastCommitted(String appId) {
        Optional<Long> v = committedVersion(current(), appId);
        return v.map(OptionalLong::of).orElseGet(OptionalLong::empty);
    }

    /**
     * The configuration the table holds for {@code domain} (Delta domain metadata) in its newest snapshot
     * this committer knows, if any. A writer that keeps its own position in the table reads it back here.
     */
    public Optional<String> domainMetadata(String domain) {
        return current().getDomainMetadata(domain);
    }

    /**
     * Adds {@code files} in one Delta transaction tagged {@code (appId, txnVersion)}, unless the log
     * already holds that version (or a later one) for {@code appId}.
     */
    public Result commit(String appId, long txnVersion, List<DataFile> files) {
        return commit(appId, txnVersion, files, Map.of());
    }

    /**
     * As {@link #commit(String, long, List)}, and the same transaction sets {@code domains} (domain → its
     * configuration), e.g. the source positions the files end at, so that data and position are one atomic
     * step. The table must support domain metadata: create it with {@code delta.feature.domainMetadata =
     * supported}.
     */
    public Result commit(String appId, long txnVersion, List<DataFile> files, Map<String, String> domains) {
        Exception failed = checkpointFailure.getAndSet(null);
        if (failed != null) {
            throw new UncheckedIOException(
                    "the background log checkpoint of " + tableUri + " failed",
                    failed instanceof IOException io ? io : new IOException(failed));
        }
        long records = files.stream().mapToLong(DataFile::numRecords).sum();
        Snapshot snapshot = current();
        Optional<Long> done = committedVersion(snapshot, appId);
        if (done.isPresent() && done.get() >= txnVersion) {
            return new Result(-1, true, files.size(), records);
        }
        if (files.isEmpty()) {
            return new Result(-1, false, 0, 0);
        }
        try {
            Transaction txn = snapshot.buildUpdateTableTransaction(engineInfo, Operation.STREAMING_UPDATE)
                    .withTransactionId(appId, txnVersion)
                    .build(engine);
            domains.forEach(txn::addDomainMetadata);
            Row state = txn.getTransactionState(engine);
            DataWriteContext context = Transaction.getWriteContext(engine, state, Map.of());
            List<DataFileStatus> statuses = new ArrayList<>(files.size());
            for (DataFile f : files) {
                statuses.add(
                        new DataFileStatus(f.path(), f.sizeBytes(), f.modificationTime(), Optional.of(statistics(f))));
            }
            CloseableIterator<Row> actions =
                    Transaction.generateAppendActions(engine, state, iterator(statuses), context);
            TransactionCommitResult r = txn.commit(engine, CloseableIterable.inMemoryIterable(actions));
            runHooks(r);
            latest = r.getPostCommitSnapshot().orElse(null);
            remember(latest, appId, Optional.of(txnVersion));
            return new Result(r.getVersion(), false, files.size(), records);
        } catch (ConcurrentTransactionException e) {
            // someone committed this app's version between our read and our write: that is the replay case
            latest = null;
            OptionalLong now = lastCommitted(appId);
            if (now.isPresent() && now.getAsLong() >= txnVersion) {
                return new Result(-1, true, files.size(), records);
            }
            throw e;
        } catch (RuntimeException e) {
            latest = null; // re-read the log before the next attempt
            throw e;
        }
    }

    private Optional<Long> committedVersion(Snapshot snapshot, String appId) {
        if (snapshot != txnSnapshot || !appId.equals(txnAppId)) {
            remember(snapshot, appId, snapshot.getLatestTransactionVersion(engine, appId));
        }
        return txnVersion;
    }

    private void remember(Snapshot snapshot, String appId, Optional<Long> version) {
        txnSnapshot = snapshot;
        txnAppId = appId;
        txnVersion = version;
    }

    private Snapshot current() {
        if (latest == null) {
            latest = loadSnapshot().orElseThrow(() -> new IllegalStateException("no Delta table at " + tableUri));
        }
        return latest;
    }

    private Optional<Snapshot> loadSnapshot() {
        try {
            return Optional.of(TableManager.loadSnapshot(tableUri).build(engine));
        } catch (TableNotFoundException e) {
            return Optional.empty();
        }
    }

    /** Log checkpoints (every delta.checkpointInterval commits) and, when asked, checksum files. */
    private void runHooks(TransactionCommitResult r) {
        for (PostCommitHook hook : r.getPostCommitHooks()) {
            boolean checksum = hook.getType().name().startsWith("CHECKSUM");
            if (checksum && !writeChecksum) {
                continue;
            }
            if (checkpointInBackground && hook.getType().name().equals("CHECKPOINT")) {
                checkpointLater(hook);
                continue;
            }
            try {
                hook.threadSafeInvoke(engine);
            } catch (IOException e) {
                // the commit itself succeeded; a missing checkpoint or checksum only slows readers down
                if (!checksum) {
                    throw new UncheckedIOException("post-commit " + hook.getType() + " failed for " + tableUri, e);
                }
            }
        }
    }

    private void checkpointLater(PostCommitHook hook) {
        if (!checkpointing.isDone()) {
            return;
        }
        if (checkpointThread == null) {
            checkpointThread = java.util.concurrent.Executors.newSingleThreadExecutor(task -> {
                Thread t = new Thread(task, "delta-log-checkpoint");
                t.setDaemon(true); // a checkpoint is never needed for correctness; it must not hold the JVM
                return t;
            });
        }
        checkpointing = checkpointThread.submit(() -> {
            try {
                hook.threadSafeInvoke(engine);
            } catch (IOException | RuntimeException e) {
                checkpointFailure.set(e);
            }
        });
    }

    /** Waits for a background checkpoint in flight, for tests and orderly stops. */
    public void awaitCheckpoint(java.time.Duration timeout) throws InterruptedException {
        try {
            checkpointing.get(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            // failures are kept for the next commit; a slow one is left running
        }
    }

    private DataFileStatistics statistics(DataFile f) {
        Map<Column, Literal> min = new HashMap<>();
        Map<Column, Literal> max = new HashMap<>();
        Map<Column, Long> nulls = new HashMap<>();
        f.minValues().forEach((name, v) -> min.put(new Column(name), type(name).literal(v)));
        f.maxValues().forEach((name, v) -> max.put(new Column(name), type(name).literal(v)));
        f.nullCounts().forEach((name, n) -> nulls.put(new Column(name), n));
        return new DataFileStatistics(f.numRecords(), min, max, nulls, Optional.empty());
    }

    private ColumnType type(String column) {
        ColumnType t = columnTypes.get(column);
        if (t == null) {
            throw new IllegalArgumentException("statistics name a column the table does not have: " + column);
        }
        return t;
    }

    private static List<String> fieldSummary(StructType s) {
        List<String> out = new ArrayList<>();
        for (StructField f : s.fields()) {
            out.add(f.getName() + " " + f.getDataType());
        }
        return out;
    }

    private static <T> CloseableIterator<T> iterator(List<T> items) {
        Iterator<T> it = items.iterator();
        return new CloseableIterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public T next() {
                return it.next();
            }

            @Override
            public void close() {}
        };
    }
}
