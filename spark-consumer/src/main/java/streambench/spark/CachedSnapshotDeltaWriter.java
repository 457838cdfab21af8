package streambench.spark;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.DeltaOperations;
import org.apache.spark.sql.delta.OptimisticTransaction;
import org.apache.spark.sql.delta.Snapshot;
import org.apache.spark.sql.delta.VersionChecksum;
import org.apache.spark.sql.delta.actions.Action;
import org.apache.spark.sql.delta.actions.FileAction;
import org.apache.spark.sql.delta.actions.SetTransaction;
import org.apache.spark.sql.streaming.OutputMode;
import scala.Option;
import scala.collection.JavaConverters;

/**
 * Each micro-batch appended to the Delta table in one transaction started from the snapshot this JVM's last
 * commit left behind ({@code SPARK_DELTA_WRITER=cached-snapshot}), for {@code foreachBatch}.
 *
 * <p>Delta's streaming sink starts every batch's transaction by listing the log for a newer version and then,
 * for its exactly-once check ({@code txnVersion}), rebuilds the table's whole state from the last log
 * checkpoint in a Spark job: one open, HEAD and GET per commit since that checkpoint, every batch
 * (docs/verified-facts.md). This writer does the same append with the same guarantees and skips both: the
 * query's last committed batch comes from the snapshot's checksum, which Delta keeps in memory across its own
 * commits with the table's {@code SetTransaction}s in it; only without one does it ask the transaction (and
 * pay the rebuild). The commit carries the same {@code SetTransaction(queryId, batchId)} and
 * {@code StreamingUpdate} operation as Delta's sink.
 *
 * <p>Two guards make a second writer (a zombie query on the same checkpoint, Delta's own sink in a change of
 * writer, another job appending) fail this batch's commit instead of committing it twice: the transaction read
 * the whole table, so any file added after its snapshot conflicts; and it depends on the query's id, so a
 * commit with a {@code SetTransaction} of this query conflicts too. The batch is then retried once on a fresh
 * snapshot, where the {@code SetTransaction} check skips it if the other writer already committed it.
 */
final class CachedSnapshotDeltaWriter implements VoidFunction2<Dataset<Row>, Long> {
    private static final String QUERY_ID = "sql.streaming.queryId";
    private static final java.util.concurrent.atomic.AtomicBoolean TOLD_REBUILD =
            new java.util.concurrent.atomic.AtomicBoolean();

    private final String tableUri;
    private final java.util.function.LongSupplier newestCheckpoint;
    private long checkpointSeen;

    /**
     * {@code newestCheckpoint} is the version of the newest log checkpoint written in this JVM (0: none). A
     * snapshot built from commits stays on the log segment of the checkpoint it was loaded from, so after each
     * new checkpoint the writer takes one fresh snapshot (a listing of the log); otherwise whoever rebuilds
     * the state, the background checkpoint included, replays every commit since the consumer started.
     */
    CachedSnapshotDeltaWriter(String tableUri, java.util.function.LongSupplier newestCheckpoint) {
        this.tableUri = tableUri;
        this.newestCheckpoint = newestCheckpoint;
    }

    @Override
    public void call(Dataset<Row> batch, Long batchId) {
        SparkSession spark = batch.sparkSession();
        String queryId = spark.sparkContext().getLocalProperty(QUERY_ID);
        if (queryId == null) {
            throw new IllegalStateException("no streaming query id for batch " + batchId + ": not run by a query");
        }
        DeltaLog log = DeltaLog.forTable(spark, tableUri);
        long checkpoint = newestCheckpoint.getAsLong();
        try {
            if (checkpoint > checkpointSeen) {
                checkpointSeen = checkpoint;
                // lists the log: the new snapshot's segment starts at the new checkpoint
                append(log.startTransaction(), batch, batchId, queryId);
            } else {
                append(
                        log.startTransaction(Option.empty(), Option.apply(log.unsafeVolatileSnapshot())),
                        batch,
                        batchId,
                        queryId);
            }
        } catch (ConcurrentModificationException e) {
            // another commit reached the table since our snapshot: decide again on the table as it is now
            append(log.startTransaction(), batch, batchId, queryId);
        }
    }

    private static void append(OptimisticTransaction txn, Dataset<Row> batch, long batchId, String queryId) {
        if (lastCommittedBatch(txn, queryId) >= batchId) {
            return; // a restart re-ran a batch the table already holds
        }
        txn.readWholeTable();
        scala.collection.Seq<FileAction> files = txn.writeFiles(batch);
        List<Action> actions = new ArrayList<>();
        actions.add(new SetTransaction(queryId, batchId, Option.apply(System.currentTimeMillis())));
        actions.addAll(JavaConverters.seqAsJavaList(files));
        txn.commit(
                JavaConverters.asScalaBuffer(actions).toList(),
                new DeltaOperations.StreamingUpdate(OutputMode.Append(), queryId, batchId, Option.empty()));
    }

    /**
     * The query's last batch in the table: from the snapshot's checksum when it has the transactions. Either way the
     * query's id joins the transactions the commit depends on, as {@code txnVersion} would have added it: a commit
     * that reached the table after our snapshot with a {@code SetTransaction} of this query (Delta's own sink on the
     * same checkpoint, say, in a rolling change of writer) may hold this very batch, so it must conflict with ours
     * instead of counting as a blind append that ours commits beside.
     */
    private static long lastCommittedBatch(OptimisticTransaction txn, String queryId) {
        Snapshot snapshot = txn.snapshot();
        Option<VersionChecksum> checksum = snapshot.checksumOpt();
        if (checksum.isDefined() && checksum.get().setTransactions().isDefined()) {
            txn.readTxn().$plus$eq(queryId);
            scala.collection.Seq<?> known =
                    (scala.collection.Seq<?>) checksum.get().setTransactions().get();
            long last = -1;
            for (Object t : JavaConverters.seqAsJavaList(known)) {
                SetTransaction txnOfApp = (SetTransaction) t;
                if (txnOfApp.appId().equals(queryId)) {
                    last = Math.max(last, txnOfApp.version());
                }
            }
            return last;
        }
        if (TOLD_REBUILD.compareAndSet(false, true)) {
            System.out.println("spark: table version " + snapshot.version() + " has no checksum with its transactions; "
                    + "the exactly-once check rebuilds the table state (said once)");
        }
        return txn.txnVersion(queryId);
    }
}
