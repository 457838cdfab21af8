package streambench.harness.analysis;

import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileSystem;
import streambench.harness.delta.DeltaCommit;
import streambench.harness.delta.DeltaLogReader;
import streambench.harness.delta.EventFileReader;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;

/**
 * Latency of every committed record: the commit time of the version that first made it visible minus
 * its {@code ts} (the time the producer stamped on it), binned per second of ts, plus completeness and
 * per-commit rows. Reads the table through its log, so files a crashed writer left uncommitted do not
 * count, and files a compaction rewrote are not counted again.
 */
public final class TableAnalysis {
    public record Result(List<SecondBin> bins, Histogram whole, List<CommitRow> commits, Completeness completeness,
                         long rows, long negativeLatencies, long lastCommitMillis, Map<Long, Long> committedBySecond) {
    }

    private TableAnalysis() {
    }

    /**
     * @param startMicros    the first scheduled event's ts: second 0 of the run
     * @param observedMillis when the harness first saw each version (empty when it was not tailing)
     * @param progress       told the number of rows read so far, every million rows
     */
    public static Result analyze(FileSystem fs, String tableUri, long startMicros, Map<Long, Long> observedMillis,
                                 LongConsumer progress) throws IOException {
        DeltaLogReader log = new DeltaLogReader(fs, tableUri);
        LatencyRecorder latency = new LatencyRecorder(startMicros);
        Completeness completeness = new Completeness();
        List<CommitRow> commits = new ArrayList<>();
        Map<Long, Long> committedBySecond = new java.util.TreeMap<>();
        long rows = 0;
        long lastCommit = -1;
        List<DeltaCommit> all = log.readToEnd();
        if (all.isEmpty()) {
            throw new IOException("no Delta table at " + tableUri + " (no _delta_log/00000000000000000000.json)");
        }
        for (DeltaCommit c : all) {
            if (c.added().isEmpty()) {
                continue;
            }
            long commitMicros = c.commitTimestampMillis() * 1000;
            long[] minMax = {Long.MAX_VALUE, Long.MIN_VALUE};
            long before = rows;
            for (DeltaCommit.AddedFile f : c.added()) {
                rows += EventFileReader.read(fs, log.dataFile(f), (ts, producerId, seq) -> {
                    latency.record(ts, commitMicros);
                    completeness.add(producerId, seq);
                    minMax[0] = Math.min(minMax[0], ts);
                    minMax[1] = Math.max(minMax[1], ts);
                });
                if (rows / 1_000_000 != before / 1_000_000) {
                    progress.accept(rows);
                }
            }
            long records = rows - before;
            if (records > 0) {
                commits.add(new CommitRow(c.version(), c.commitTimestampMillis(),
                        observedMillis.getOrDefault(c.version(), -1L), records,
                        (commitMicros - minMax[1]) / 1e6, (commitMicros - minMax[0]) / 1e6));
                committedBySecond.merge(Math.floorDiv(commitMicros - startMicros, 1_000_000L), records, Long::sum);
                lastCommit = Math.max(lastCommit, c.commitTimestampMillis());
            }
        }
        return new Result(latency.bins(), latency.whole(), commits, completeness, rows, latency.negativeLatencies(),
                lastCommit, committedBySecond);
    }

    /** Records committed per second over {@code [fromSecond, toSecond)} of the run. */
    public static double committedRate(Map<Long, Long> committedBySecond, long fromSecond, long toSecond) {
        if (toSecond <= fromSecond) {
            return 0;
        }
        long sum = committedBySecond.entrySet().stream()
                .filter(e -> e.getKey() >= fromSecond && e.getKey() < toSecond).mapToLong(Map.Entry::getValue).sum();
        return sum / (double) (toSecond - fromSecond);
    }

    /** Records produced (by ts) per second over the same window, from the bins. */
    public static double producedRate(List<SecondBin> bins, long fromSecond, long toSecond) {
        if (toSecond <= fromSecond) {
            return 0;
        }
        long sum = bins.stream().filter(b -> b.elapsedSecond() >= fromSecond && b.elapsedSecond() < toSecond)
                .mapToLong(SecondBin::count).sum();
        return sum / (double) (toSecond - fromSecond);
    }
}
