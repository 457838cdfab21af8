package streambench.spark;

import java.io.IOException;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import streambench.common.StorageRequests;

/**
 * The cumulative counters of the file system that Delta and the Parquet writers reach the table through,
 * for {@link StorageRequests}. {@code Path.getFileSystem} returns Hadoop's JVM-wide cached instance, the
 * one they get too; a local master runs the writers in this JVM, so its counters hold every data file and
 * log request. On a cluster they hold the driver's share only (the Delta log, not the data files).
 *
 * <p>Spark's own checkpoint (offsets and commits, the {@code walCommit} and {@code commitOffsets} phases)
 * is here too with {@code SPARK_CHECKPOINT_FILE_MANAGER=filesystem}; Spark's default, a {@code FileContext},
 * makes a private ABFS instance whose requests are not.
 */
final class LakeCounters implements Supplier<Map<String, Long>> {
    private final IOStatistics statistics; // null: the file system keeps none (the local one)

    private LakeCounters(IOStatistics statistics) {
        this.statistics = statistics;
    }

    static LakeCounters of(Configuration hadoop, String tableUri) throws IOException {
        return new LakeCounters(IOStatisticsSupport.retrieveIOStatistics(new Path(tableUri).getFileSystem(hadoop)));
    }

    @Override
    public Map<String, Long> get() {
        if (statistics == null) {
            return Map.of();
        }
        return StorageRequests.withOwnPuts(StorageRequests.countersIn(statistics.counters()), AtomicBlobPut.requests());
    }
}
