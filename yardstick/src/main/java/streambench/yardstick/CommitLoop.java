package streambench.yardstick;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.InvalidOffsetException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import streambench.common.MainRunner;
import streambench.deltawriter.DataFile;
import streambench.deltawriter.DeltaTableCommitter;

/**
 * The yardstick's loop: poll, hand the records to the interval's Parquet files (decoded on this thread, or
 * on {@code WRITER_THREADS} beside it), and every {@code COMMIT_INTERVAL} (or {@code COMMIT_MAX_ROWS})
 * commit those files together with the Kafka positions they end at. Nothing else runs beside it, so the
 * time from an event's arrival to its commit is the interval, the files' upload and one Kernel commit: the
 * least a Kafka → Delta path pays on this store.
 *
 * <p>Exactly once: a commit is tagged {@code (APP_ID, n)} and carries the positions; a commit that fails
 * is retried with the same tag and files, and one that went through before its failure was reported is
 * recognised by its tag and not repeated. On a restart the table's positions say where to seek.
 */
final class CommitLoop {
    /**
     * The transaction id every yardstick commit carries. One writer per table: a second one's commit is found
     * already there on its first attempt, and the consumer stops rather than skip its rows.
     */
    static final String APP_ID = "streambench-yardstick";

    private final YardstickSettings settings;
    private final Consumer<byte[], byte[]> kafka;
    private final DeltaTableCommitter committer;
    private final IntervalWriter files;
    private final CommitTelemetry telemetry;
    private final PrintStream out;
    private final Map<Integer, Long> nextOffsets;
    private long txnVersion;

    CommitLoop(
            YardstickSettings settings,
            Consumer<byte[], byte[]> kafka,
            DeltaTableCommitter committer,
            String tablePath,
            Configuration conf,
            KafkaPositions start,
            long lastTxnVersion,
            CommitTelemetry telemetry,
            PrintStream out) {
        this.settings = settings;
        this.kafka = kafka;
        this.committer = committer;
        this.files = IntervalWriter.of(
                settings.writerThreads(), () -> new EventFile(tablePath, conf, settings.parquet(), out));
        this.nextOffsets = new HashMap<>(start.nextOffsets());
        this.txnVersion = lastTxnVersion;
        this.telemetry = telemetry;
        this.out = out;
    }

    /**
     * Runs until {@code stop} is set (and {@link Consumer#wakeup} called). {@code firstInterval} runs once
     * the first interval has been committed, or found empty: the path from Kafka to the table works.
     * What was polled but not committed when it stops is dropped with its files; the next start reads it
     * again from the table's positions.
     */
    void run(AtomicBoolean stop, Runnable firstInterval) throws IOException, InterruptedException {
        long intervalNanos = settings.commitInterval().toNanos();
        long deadline = System.nanoTime() + intervalNanos;
        boolean first = true;
        try {
            while (!stop.get()) {
                long wait = Math.max(0, deadline - System.nanoTime());
                ConsumerRecords<byte[], byte[]> records;
                try {
                    records = kafka.poll(Duration.ofNanos(wait));
                } catch (WakeupException e) {
                    break; // stop asked
                } catch (InvalidOffsetException e) {
                    throw new IllegalStateException(positionsGone(e), e);
                }
                append(records);
                boolean due = System.nanoTime() >= deadline;
                if (due || files.rows() >= settings.commitMaxRows()) {
                    commit();
                    deadline = nextDeadline(deadline, System.nanoTime(), intervalNanos, due);
                    if (first) {
                        first = false;
                        firstInterval.run();
                    }
                }
            }
        } finally {
            files.close();
        }
    }

    /**
     * After a commit: the next interval's end when this one's was reached (now, if the commit ran past it),
     * the same end when {@code COMMIT_MAX_ROWS} cut the interval short, so events after a full file wait no
     * longer than an interval either.
     */
    static long nextDeadline(long deadline, long now, long intervalNanos, boolean due) {
        return due ? Math.max(deadline + intervalNanos, now) : deadline;
    }

    /**
     * Kafka no longer holds where the table says to go on (retention deleted it, or the topic was made
     * anew): what lay between is lost to this table, which the yardstick never papers over by jumping ahead.
     */
    private String positionsGone(InvalidOffsetException e) {
        Map<Integer, Long> at = new java.util.TreeMap<>();
        e.partitions().forEach(tp -> at.put(tp.partition(), nextOffsets.get(tp.partition())));
        return "topic " + settings.topic() + " no longer holds the positions this table goes on from (partition="
                + "offset " + at + "): retention removed them or the topic was created again, so events in between "
                + "are lost to this table. Start a new TABLE_PATH (" + e.getMessage() + ")";
    }

    private void append(ConsumerRecords<byte[], byte[]> records) throws IOException {
        if (records.isEmpty()) {
            return;
        }
        for (TopicPartition tp : records.partitions()) {
            List<ConsumerRecord<byte[], byte[]>> polled = records.records(tp);
            nextOffsets.put(tp.partition(), polled.get(polled.size() - 1).offset() + 1);
        }
        files.append(records);
    }

    /**
     * Finishes the interval's files and commits them with the positions; with no rows there is nothing to
     * commit (malformed records only move positions, and the next commit carries them).
     */
    private void commit() throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        List<DataFile> data = files.finish();
        long writeMs = files.takeWriteMillis();
        if (data.isEmpty()) {
            return;
        }
        long t1 = System.nanoTime();
        KafkaPositions positions = new KafkaPositions(settings.topic(), nextOffsets);
        DeltaTableCommitter.Result r = commitWithRetries(txnVersion + 1, data, positions);
        long t2 = System.nanoTime();
        txnVersion++;
        telemetry.committed(new CommitTelemetry.Commit(
                txnVersion,
                r.deltaVersion(),
                r.alreadyCommitted(),
                r.files(),
                r.records(),
                writeMs,
                (t1 - t0) / 1_000_000,
                (t2 - t1) / 1_000_000));
    }

    /**
     * A failed commit is tried again with the same tag and files: Kernel or the store may fail after the
     * commit file was written, and the tag makes the repeat a no-op then. After {@code COMMIT_ATTEMPTS}
     * the failure ends the consumer (exit 1); its files stay unreferenced, for VACUUM.
     */
    private DeltaTableCommitter.Result commitWithRetries(long version, List<DataFile> files, KafkaPositions positions)
            throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            DeltaTableCommitter.Result r;
            try {
                r = committer.commit(APP_ID, version, files, Map.of(KafkaPositions.DOMAIN, positions.toJson()));
            } catch (RuntimeException e) {
                if (attempt >= settings.commitAttempts()) {
                    throw e;
                }
                out.println("yardstick: commit " + version + " failed (attempt " + attempt + " of "
                        + settings.commitAttempts() + "), retrying in "
                        + settings.commitRetryDelay().toMillis()
                        + " ms: "
                        + MainRunner.describe(e, settings.consumer().lake().secretValues()));
                Thread.sleep(settings.commitRetryDelay().toMillis());
                continue;
            }
            if (r.alreadyCommitted() && attempt == 1) {
                // only a retry may find its own commit there: on a first attempt it is someone else's, and
                // skipping ours as a repeat would drop these rows
                throw new IllegalStateException("another writer commits to this table as " + APP_ID
                        + ": its transaction " + version + " is already there before this consumer wrote it. "
                        + "Run one yardstick per TABLE_PATH");
            }
            return r;
        }
    }
}
