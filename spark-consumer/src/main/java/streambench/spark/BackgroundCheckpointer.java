package streambench.spark;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.Snapshot;
import streambench.common.ConsumerContract;

/**
 * Writes the table's Delta log checkpoint on a thread of its own, every {@code every} commits, instead of
 * inside the commit that reaches the table's checkpoint interval. Each micro-batch's sink replays every
 * commit file since the last checkpoint (its exactly-once check reads the table's transactions), so a long
 * interval makes every batch slower and a short one puts the checkpoint job on one batch's critical path
 * every few batches; here the checkpoint still bounds the replay, but no batch waits for it.
 *
 * <p>By default Delta Kernel writes the checkpoint on this thread ({@link KernelLogCheckpoint}); Delta's own
 * ({@code DELTA_CHECKPOINT_WRITER=spark}) rebuilds the table state in Spark jobs whose tasks compete with the
 * stream's for the same cores. Either way it checkpoints the version before the newest one this JVM's sink has
 * seen. For Delta's own, that version is loaded as a snapshot of its own ({@link PastSnapshot}), not the newest:
 * that is the sink's live snapshot, which the next commit replaces and uncaches, so a checkpoint on it that
 * outlasts one batch (most of them do, at high rates) lost the table state it had just rebuilt and rebuilt it
 * again. Only this thread writes checkpoints: the table is created with an inline interval no run reaches.
 */
final class BackgroundCheckpointer implements AutoCloseable {
    private static final long POLL_MS = 200;
    /** The longest wait between two attempts after failures: a checkpoint that works again is back within it. */
    static final Duration MAX_RETRY_WAIT = Duration.ofMinutes(5);
    /**
     * How long a stop waits for a checkpoint under way. A checkpoint interrupted midway leaves a partial file
     * behind on a store without atomic puts; a third of the harness's grace leaves the rest for the query's stop.
     */
    static final Duration FINISH_ON_STOP = ConsumerContract.STOP_GRACE.dividedBy(3);
    /**
     * The fair-scheduler pool of this thread's jobs (only with SPARK_SCHEDULER_MODE=fair). Not configured, so it
     * gets Spark's defaults, as the stream's "default" pool does: with equal weights the pool with fewer running
     * tasks gets the next free slot, which is the batch's. Spark warns once that the pool was not configured.
     */
    static final String SCHEDULER_POOL = "delta-checkpoint";

    private final SparkSession spark;
    private final SparkSettings settings;
    private final PrintStream out;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "delta-background-checkpoint");
        t.setDaemon(true);
        return t;
    });
    private volatile long lastCheckpointed = 0;
    // touched by the checkpoint thread only
    private int failuresInARow;
    private long nextAttemptNanos;

    private BackgroundCheckpointer(SparkSession spark, SparkSettings settings, PrintStream out) {
        this.spark = spark;
        this.settings = settings;
        this.out = out;
    }

    /**
     * Started only when DELTA_BACKGROUND_CHECKPOINT_EVERY is positive; otherwise Delta's inline checkpoint is
     * left to do it.
     */
    static BackgroundCheckpointer start(SparkSession spark, SparkSettings settings, PrintStream out) {
        BackgroundCheckpointer c = new BackgroundCheckpointer(spark, settings, out);
        c.thread.scheduleWithFixedDelay(c::checkpointIfDue, POLL_MS, POLL_MS, TimeUnit.MILLISECONDS);
        SparkSettings.CheckpointWriter writer = settings.checkpointWriter();
        out.println("spark: Delta log checkpoints every " + settings.backgroundCheckpointEvery()
                + " commits, on a background thread, written by "
                + (writer == SparkSettings.CheckpointWriter.KERNEL ? "Delta Kernel" : "Delta's Spark jobs")
                + " (DELTA_CHECKPOINT_WRITER=" + SparkSettings.spelling(writer) + ")");
        return c;
    }

    private void checkpointIfDue() {
        if (failuresInARow > 0 && System.nanoTime() - nextAttemptNanos < 0) {
            return;
        }
        try {
            DeltaLog log = DeltaLog.forTable(spark, settings.tableUri());
            long version = beforeNewest(log);
            if (version - lastCheckpointed < settings.backgroundCheckpointEvery()) {
                return;
            }
            // thread-local, so the stream's jobs stay in the default pool
            spark.sparkContext().setLocalProperty("spark.scheduler.pool", SCHEDULER_POOL);
            long t0 = System.nanoTime();
            out.printf(
                    "spark: Delta log checkpoint of version %d starting (background, %s)%n",
                    version, SparkSettings.spelling(settings.checkpointWriter()));
            checkpoint(log, version, settings.checkpointWriter());
            lastCheckpointed = version;
            failuresInARow = 0;
            out.printf(
                    "spark: Delta log checkpoint at version %d in %d ms (background, %s)%n",
                    version, (System.nanoTime() - t0) / 1_000_000, SparkSettings.spelling(settings.checkpointWriter()));
        } catch (Throwable e) {
            // A failed checkpoint costs the next batches a longer replay, never data: try again, later each time,
            // so a permanent failure (a refused key, a full store) is not retried five times a second for good.
            // Whatever it was, this thread must go on: an exception out of a scheduled task ends its schedule.
            Duration wait = retryAfter(++failuresInARow);
            nextAttemptNanos = System.nanoTime() + wait.toNanos();
            out.println("spark: background checkpoint failed (" + failuresInARow + " in a row; next try in "
                    + wait.toSeconds() + " s): "
                    + streambench.common.MainRunner.describe(e, settings.lake().secretValues()));
        }
    }

    /** 1 s after the first failure, doubling, at most {@link #MAX_RETRY_WAIT}. */
    static Duration retryAfter(int failuresInARow) {
        long seconds = 1L << Math.min(Math.max(failuresInARow - 1, 0), 20);
        return seconds >= MAX_RETRY_WAIT.toSeconds() ? MAX_RETRY_WAIT : Duration.ofSeconds(seconds);
    }

    /**
     * The version before the newest this JVM has seen of {@code log} (-1: there is none): the newest one a
     * checkpoint may take, see the class comment.
     */
    static long beforeNewest(DeltaLog log) {
        return log.unsafeVolatileSnapshot().version() - 1;
    }

    /**
     * Checkpoints {@code version} of {@code log}, at most {@link #beforeNewest}; with Spark's writer it then
     * drops the table state the checkpoint rebuilt. Also the warm-up's call, so the stream's first checkpoint
     * runs compiled code.
     */
    static void checkpoint(DeltaLog log, long version, SparkSettings.CheckpointWriter writer)
            throws java.io.IOException {
        if (writer == SparkSettings.CheckpointWriter.KERNEL) {
            KernelLogCheckpoint.write(log, version);
            return;
        }
        Snapshot snapshot = PastSnapshot.of(log, version);
        try {
            log.checkpoint(snapshot, scala.Option.empty());
        } finally {
            snapshot.uncache();
        }
    }

    /**
     * The newest version this thread checkpointed (0: none yet). A writer that keeps its own snapshot (the
     * cached-snapshot writer) refreshes it when this moves, so its log segment starts at the new checkpoint.
     */
    long lastCheckpointed() {
        return lastCheckpointed;
    }

    /** Lets a checkpoint under way finish (for at most {@link #FINISH_ON_STOP}) and starts no new one. */
    @Override
    public void close() {
        thread.shutdown();
        try {
            if (!thread.awaitTermination(FINISH_ON_STOP.toMillis(), TimeUnit.MILLISECONDS)) {
                out.println("spark: background checkpoint still running after " + FINISH_ON_STOP.toSeconds()
                        + " s; interrupting it");
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
