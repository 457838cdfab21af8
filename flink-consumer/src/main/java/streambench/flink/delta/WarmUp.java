package streambench.flink.delta;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;

/**
 * Runs the sink's write path (Parquet file through the store, Kernel commit) a few times on a scratch
 * table, so class loading and the JIT's first passes happen before a job's first real checkpoint.
 */
public final class WarmUp {
    private WarmUp() {}

    public static <T> void run(
            String scratchTableUri,
            Map<String, String> hadoopConf,
            RowFormat<T> format,
            ParquetSettings parquet,
            List<T> rows,
            int commits)
            throws IOException {
        DeltaTableCommitter committer =
                new DeltaTableCommitter(scratchTableUri, hadoopConf, format, "streambench-warmup", true);
        String path = committer.ensureTable(Map.of());
        Configuration conf = new Configuration();
        hadoopConf.forEach(conf::set);
        String appId = "warmup-" + UUID.randomUUID();
        for (int i = 1; i <= commits; i++) {
            DataFileWriter<T> w = new DataFileWriter<>(
                    format, path + "/part-warmup-" + UUID.randomUUID() + parquet.fileSuffix(), conf, parquet);
            for (T row : rows) {
                w.write(row);
            }
            committer.commit(appId, i, List.of(w.finish()));
        }
    }
}
