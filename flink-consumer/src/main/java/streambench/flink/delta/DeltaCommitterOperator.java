package streambench.flink.delta;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import streambench.deltawriter.DataFile;
import streambench.deltawriter.DeltaTableCommitter;
import streambench.deltawriter.RowFormat;

/**
 * Phase two, with parallelism 1: every writer's files for checkpoint N arrive before barrier N, are
 * kept in state with it, and become one Delta transaction when Flink reports N complete. After a
 * restore, the restored (completed) checkpoints are committed at once, less those the log already has.
 *
 * <p>The transaction id is {@code (appId, checkpoint id)}. The app id is drawn once per fresh start and
 * then lives in this operator's state: checkpoint ids restart at 1 in a new job, and re-using an old
 * app id would make the new job's commits look like replays and silently drop them.
 */
final class DeltaCommitterOperator extends AbstractStreamOperator<Void>
        implements OneInputStreamOperator<byte[], Void>, BoundedOneInput {
    private static final long serialVersionUID = 1L;

    private final String tablePath;
    private final Map<String, String> hadoopConf;
    private final RowFormat<?> format;
    private final String engineInfo;
    private final boolean writeChecksum;
    private final String appIdPrefix;
    private final CommitListener listener;

    private transient DeltaTableCommitter committer;
    private transient NavigableMap<Long, List<DeltaCommittable>> pending;
    private transient ListState<byte[]> pendingState;
    private transient ListState<String> appIdState;
    private transient String appId;
    private transient long lastCheckpointId;
    private transient boolean restoredPending;

    DeltaCommitterOperator(
            String tablePath,
            Map<String, String> hadoopConf,
            RowFormat<?> format,
            String engineInfo,
            boolean writeChecksum,
            String appIdPrefix,
            CommitListener listener) {
        this.tablePath = tablePath;
        this.hadoopConf = Map.copyOf(hadoopConf);
        this.format = format;
        this.engineInfo = engineInfo;
        this.writeChecksum = writeChecksum;
        this.appIdPrefix = appIdPrefix;
        this.listener = listener;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        pending = new TreeMap<>();
        pendingState = context.getOperatorStateStore()
                .getListState(new ListStateDescriptor<>(
                        "delta-pending-committables", PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO));
        appIdState =
                context.getOperatorStateStore().getListState(new ListStateDescriptor<>("delta-app-id", Types.STRING));
        if (context.isRestored()) {
            for (String id : appIdState.get()) {
                appId = id;
            }
            for (byte[] bytes : pendingState.get()) {
                add(DeltaCommittableSerializer.INSTANCE.fromBytes(bytes));
                restoredPending = true;
            }
            lastCheckpointId = context.getRestoredCheckpointId().orElse(0L);
        }
        if (appId == null) {
            appId = appIdPrefix + "-" + UUID.randomUUID();
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        listener.open();
        committer = new DeltaTableCommitter(tablePath, hadoopConf, format, engineInfo, writeChecksum);
        if (restoredPending) {
            // everything restored belongs to a completed checkpoint: commit it (or find it already committed)
            commitUpTo(lastCheckpointId > 0 ? lastCheckpointId : pending.lastKey());
        }
    }

    @Override
    public void processElement(StreamRecord<byte[]> element) throws Exception {
        add(DeltaCommittableSerializer.INSTANCE.fromBytes(element.getValue()));
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        List<byte[]> all = new ArrayList<>();
        pending.values().forEach(list -> list.forEach(c -> all.add(DeltaCommittableSerializer.INSTANCE.toBytes(c))));
        pendingState.update(all);
        appIdState.update(List.of(appId));
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        super.notifyCheckpointComplete(checkpointId);
        lastCheckpointId = Math.max(lastCheckpointId, checkpointId);
        commitUpTo(checkpointId);
    }

    @Override
    public void endInput() throws Exception {
        commitUpTo(DeltaCommittable.END_OF_INPUT);
    }

    private void add(DeltaCommittable c) {
        pending.computeIfAbsent(c.checkpointId(), k -> new ArrayList<>()).add(c);
    }

    /**
     * One transaction for every pending checkpoint up to {@code checkpointId} that the table does not
     * hold yet, tagged with the highest.
     */
    private void commitUpTo(long checkpointId) {
        NavigableMap<Long, List<DeltaCommittable>> due = pending.headMap(checkpointId, true);
        long started = System.currentTimeMillis();
        if (due.isEmpty()) {
            listener.onCommit(new CommitReport(checkpointId, checkpointId, -1, 0, 0, false, 0, 0, started));
            return;
        }
        // A snapshot can hold a checkpoint whose late notification committed it after the snapshot was
        // taken. Restored from that snapshot, merging it into the newer transaction would add its files
        // a second time, since the log's check only knows versions, not files.
        OptionalLong committed = committer.lastCommitted(appId);
        if (committed.isPresent()) {
            NavigableMap<Long, List<DeltaCommittable>> inTable = due.headMap(committed.getAsLong(), true);
            if (inTable.size() == due.size()) {
                long done = System.currentTimeMillis();
                listener.onCommit(new CommitReport(
                        checkpointId,
                        due.lastKey(),
                        -1,
                        fileCount(due),
                        recordCount(due),
                        true,
                        0,
                        done - started,
                        done));
                due.clear();
                return;
            }
            inTable.clear();
        }
        long highest = due.lastKey();
        // files flushed at end of input have no checkpoint of their own: they follow the last one seen
        long txnVersion = highest == DeltaCommittable.END_OF_INPUT ? lastCheckpointId + 1 : highest;
        List<DataFile> files = new ArrayList<>();
        long firstBarrier = Long.MAX_VALUE;
        for (List<DeltaCommittable> list : due.values()) {
            for (DeltaCommittable c : list) {
                files.addAll(c.files());
                firstBarrier = Math.min(firstBarrier, c.barrierMillis());
            }
        }
        DeltaTableCommitter.Result r = committer.commit(appId, txnVersion, files);
        long done = System.currentTimeMillis();
        due.clear();
        listener.onCommit(new CommitReport(
                checkpointId,
                txnVersion,
                r.deltaVersion(),
                r.files(),
                r.records(),
                r.alreadyCommitted(),
                Math.max(0, done - firstBarrier),
                done - started,
                done));
    }

    private static int fileCount(Map<Long, List<DeltaCommittable>> checkpoints) {
        return checkpoints.values().stream()
                .flatMap(List::stream)
                .mapToInt(c -> c.files().size())
                .sum();
    }

    private static long recordCount(Map<Long, List<DeltaCommittable>> checkpoints) {
        return checkpoints.values().stream()
                .flatMap(List::stream)
                .flatMap(c -> c.files().stream())
                .mapToLong(DataFile::numRecords)
                .sum();
    }
}
