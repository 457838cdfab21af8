package streambench.testkit;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import streambench.common.LakeSettings;
import streambench.services.LakeFileSystem;
import streambench.services.delta.DeltaCommit;
import streambench.services.delta.DeltaLogReader;
import streambench.services.delta.EventFileReader;

/**
 * What a Delta table holds, read through its log the way any Delta reader would: for assertions. {@code unstamped}
 * counts rows without a Kafka timestamp ({@code kafka_ts}), {@code stampedBeforeTs} rows whose Kafka timestamp is
 * more than 2 ms before their {@code ts}: a record cannot reach the broker before it was due to be sent, give or take
 * Kafka's millisecond and the few microseconds the producer may send early.
 */
public record DeltaTableContents(
        List<DeltaCommit> commits,
        Map<Integer, Map<Long, Long>> tsBySeqByProducer,
        long rows,
        long duplicates,
        long unstamped,
        long stampedBeforeTs) {

    public static DeltaTableContents read(LakeSettings lake, String tableUri) throws Exception {
        try (FileSystem fs = LakeFileSystem.open(lake, Map.of())) {
            DeltaLogReader log = new DeltaLogReader(fs, tableUri);
            List<DeltaCommit> commits = log.readToEnd();
            Map<Integer, Map<Long, Long>> seen = new HashMap<>();
            long[] rows = {0};
            long[] duplicates = {0};
            long[] unstamped = {0};
            long[] early = {0};
            for (DeltaCommit c : commits) {
                for (DeltaCommit.AddedFile f : c.added()) {
                    EventFileReader.read(fs, log.dataFile(f), (ts, producerId, seq, kafkaTs) -> {
                        rows[0]++;
                        if (kafkaTs == EventFileReader.NO_KAFKA_TS) {
                            unstamped[0]++;
                        } else if (kafkaTs < ts - 2000) {
                            early[0]++;
                        }
                        if (seen.computeIfAbsent(producerId, k -> new HashMap<>())
                                        .put(seq, ts)
                                != null) {
                            duplicates[0]++;
                        }
                    });
                }
            }
            return new DeltaTableContents(commits, seen, rows[0], duplicates[0], unstamped[0], early[0]);
        }
    }

    /** Rows committed so far according to the log's file statistics (cheap: no data file is read). */
    public static long committedRows(LakeSettings lake, String tableUri) throws Exception {
        try (FileSystem fs = LakeFileSystem.open(lake, Map.of())) {
            return new DeltaLogReader(fs, tableUri)
                    .readToEnd().stream().mapToLong(DeltaCommit::recordCount).sum();
        }
    }

    /** Polls the log until {@code expected} rows are committed or the time is up; returns the last count. */
    public static long awaitRows(LakeSettings lake, String tableUri, long expected, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long rows = committedRows(lake, tableUri);
        while (rows < expected && System.nanoTime() < deadline) {
            Thread.sleep(1000);
            rows = committedRows(lake, tableUri);
        }
        return rows;
    }
}
