package streambench.flink;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;
import streambench.common.StorageRequests;

/**
 * The cumulative counters of the file system the Delta sink reaches the table through, for
 * {@link StorageRequests}. The writers ({@code SizedOutputFile}) and the committer (Delta Kernel's
 * {@code HadoopFileIO}, Delta's {@code AzureLogStore}) all call {@code Path.getFileSystem}, which returns
 * Hadoop's one cached instance per JVM: one reading covers both. With a local MiniCluster that is every
 * request of the sink; on a cluster, those of the committer's TaskManager (its own commits and whatever
 * writers run beside it).
 *
 * <p>Flink's checkpoints, even on the lake, go through a file system Flink creates itself, outside that
 * cache: their requests are not here.
 */
final class LakeCounters {
    private final IOStatistics statistics; // null: the file system keeps none (the local one)

    private LakeCounters(IOStatistics statistics) {
        this.statistics = statistics;
    }

    /** For a table whose file system cannot be reached here: the commit will say why, telemetry need not. */
    static LakeCounters none() {
        return new LakeCounters(null);
    }

    static LakeCounters of(String tableUri, Map<String, String> hadoopConf) throws IOException {
        Configuration conf = new Configuration();
        hadoopConf.forEach(conf::set);
        return new LakeCounters(IOStatisticsSupport.retrieveIOStatistics(new Path(tableUri).getFileSystem(conf)));
    }

    Map<String, Long> read() {
        if (statistics == null) {
            return Map.of();
        }
        return StorageRequests.countersIn(statistics.counters());
    }
}
