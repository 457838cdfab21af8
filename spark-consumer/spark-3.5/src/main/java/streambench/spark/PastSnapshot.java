package streambench.spark;

import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.delta.Snapshot;

/**
 * A snapshot of an earlier table version, loaded from the log as a Snapshot of its own. Delta's
 * {@code getSnapshotAt} takes three parameters on Spark 3.5's Delta (all but the version left at Delta's defaults),
 * hence one small copy of this class per version module.
 */
final class PastSnapshot {
    private PastSnapshot() {}

    static Snapshot of(DeltaLog log, long version) {
        return log.getSnapshotAt(version, log.getSnapshotAt$default$2(), log.getSnapshotAt$default$3());
    }
}
