package streambench.deltawriter;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import streambench.common.StorageRequests;

/**
 * The cumulative counters of the file system a writer reaches the table through, for
 * {@link StorageRequests}. Data files ({@code SizedOutputFile}) and commits (Delta Kernel's
 * {@code HadoopFileIO}) both go through {@code Path.getFileSystem}, which returns Hadoop's one cached
 * instance per JVM: one reading covers both. In one process (the yardstick, Flink's local MiniCluster)
 * that is every request of the writer; on a Flink cluster, those of the committer's TaskManager.
 *
 * <p>A file system an engine creates itself (Flink's, for its checkpoints, even on the lake) is outside
 * that cache: its requests are not here.
 */
public final class LakeCounters {
    private final IOStatistics statistics; // null: the file system keeps none (the local one)

    private LakeCounters(IOStatistics statistics) {
        this.statistics = statistics;
    }

    /** For a table whose file system cannot be reached here: the commit will say why, telemetry need not. */
    public static LakeCounters none() {
        return new LakeCounters(null);
    }

    public static LakeCounters of(String tableUri, Map<String, String> hadoopConf) throws IOException {
        Configuration conf = new Configuration();
        hadoopConf.forEach(conf::set);
        return new LakeCounters(IOStatisticsSupport.retrieveIOStatistics(new Path(tableUri).getFileSystem(conf)));
    }

    public Map<String, Long> read() {
        if (statistics == null) {
            return Map.of();
        }
        return StorageRequests.countersIn(statistics.counters());
    }
}
