package streambench.deltawriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.MalformedEventException;

/**
 * Runs the write path (Parquet file through the store, Kernel commit, and once a log checkpoint) a few times
 * on a scratch table, so class loading and the JIT's first passes happen before the first real commit.
 */
public final class WarmUp {
    private WarmUp() {}

    /**
     * {@link #run} with {@code rows} benchmark events, each encoded and decoded by {@link EventCodec} as a
     * stream's are, so the decoder is warm too.
     */
    public static void events(
            String scratchTableUri, Map<String, String> hadoopConf, ParquetSettings parquet, int rows, int commits)
            throws IOException, MalformedEventException {
        List<EventRow> events = new ArrayList<>(rows);
        EventCodec codec = new EventCodec();
        for (int i = 0; i < rows; i++) {
            Event e = EventCodec.decode(codec.encode(new Event(1_767_225_600_000_000L + i, 0, i, "warm-up")));
            events.add(new EventRow(e.tsMicros(), e.producerId(), e.seq()));
        }
        run(scratchTableUri, hadoopConf, EventTable.FORMAT, parquet, events, commits);
    }

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
        // the scratch table checkpoints its log at its last warm-up commit, so the checkpoint's code (log replay,
        // the checkpoint's Parquet) is loaded too: cold, the real table's first checkpoint starved the yardstick's
        // loop for ~3 s at 250,000 msg/s
        String path = committer.ensureTable(Map.of("delta.checkpointInterval", Integer.toString(Math.max(1, commits))));
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
