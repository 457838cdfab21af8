package streambench.harness.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileSystem;
import streambench.common.ProducerContract;
import streambench.harness.delta.DeltaCommit;
import streambench.harness.delta.DeltaLogReader;
import streambench.harness.delta.EventFileReader;
import streambench.harness.delta.Visibility;

/**
 * Latency of every committed record: the commit time of the version that first made it visible minus
 * its {@code ts} (the time the producer's schedule said it was due), binned per second of ts, plus
 * completeness and per-commit rows. Reads the table through its log, so files a crashed writer left
 * uncommitted do not count, and files a compaction rewrote are not counted again. Rows the run's
 * producers did not acknowledge are foreign: counted, never measured. Rows of the warm start (producer ids
 * from {@link #WARM_START_PRODUCER_ID_BASE}) are counted apart and never measured either.
 */
public final class TableAnalysis {
    /**
     * @param bins              per second of ts, the latency to when a reader could see the row ({@link Visibility}):
     *                          what the verdict judges; the commit timestamp where the version was not seen live
     * @param commitBins        the same rows' latency to their version's commit timestamp, the writer's own clock
     * @param committedBySecond measured rows by the second of the run they became visible
     * @param committedCurve    the same rows as a curve between commits: the steady committed rate comes from it
     * @param unobservedVersions data versions the tail did not see appear: their visibility is their commit time
     * @param reservedDuplicates rows of the warm start or a pre-roll in the table more than once
     */
    public record Result(
            List<SecondBin> bins,
            Histogram whole,
            double maxSeconds,
            List<SecondBin> commitBins,
            double commitMaxSeconds,
            List<CommitRow> commits,
            Completeness completeness,
            long rows,
            ForeignRows foreign,
            long negativeLatencies,
            long worstNegativeMicros,
            long lastCommitMillis,
            Map<Long, Long> committedBySecond,
            CommittedCurve committedCurve,
            long warmStartRows,
            long prerollRows,
            long reservedDuplicates,
            ScheduleCheck.Result schedule,
            long unobservedVersions) {}

    /**
     * The harness's warm-up load, and every producer's pre-roll, is sent as producer ids from here up: the same
     * topic and table as the measured events, never measured, counted apart. The run's own producers must stay
     * below.
     */
    public static final int WARM_START_PRODUCER_ID_BASE = ProducerContract.UNMEASURED_FROM;

    /** Every row belongs to the run: for tables whose writer is known (calibration, synthetic tables). */
    public static Result analyze(
            FileSystem fs, String tableUri, long startMicros, Map<Long, Visibility> visibility, LongConsumer progress)
            throws IOException {
        return analyze(fs, tableUri, startMicros, RunExpectations.ANY_ROW, visibility, progress);
    }

    private TableAnalysis() {}

    /**
     * @param startMicros the first scheduled event's ts: second 0 of the run
     * @param expect      what the producers sent; rows outside it are foreign
     * @param visibility  when the harness's tail found each version (empty when it was not tailing)
     * @param progress    told the number of rows read so far, every million rows
     */
    public static Result analyze(
            FileSystem fs,
            String tableUri,
            long startMicros,
            RunExpectations expect,
            Map<Long, Visibility> visibility,
            LongConsumer progress)
            throws IOException {
        DeltaLogReader log = new DeltaLogReader(fs, tableUri);
        LatencyRecorder visible = new LatencyRecorder(startMicros);
        LatencyRecorder committed = new LatencyRecorder(startMicros);
        Completeness completeness = new Completeness();
        Completeness reserved = new Completeness();
        ForeignRows foreign = new ForeignRows();
        ScheduleCheck schedule = new ScheduleCheck(expect.schedules(), expect.tsToleranceMicros());
        long[] warmStartRows = {0};
        long[] prerollRows = {0};
        List<CommitRow> commits = new ArrayList<>();
        Map<Long, Long> committedBySecond = new java.util.TreeMap<>();
        List<double[]> visibleCommits = new ArrayList<>();
        long rows = 0;
        long lastCommit = -1;
        long unobserved = 0;
        List<DeltaCommit> all = log.readToEnd();
        if (all.isEmpty()) {
            throw new IOException("no Delta table at " + tableUri + " (no _delta_log/00000000000000000000.json)");
        }
        for (DeltaCommit c : all) {
            if (c.added().isEmpty()) {
                continue;
            }
            long commitMicros = c.commitTimestampMillis() * 1000;
            Visibility seen = visibility.get(c.version());
            long visibleMicros = seen == null ? commitMicros : seen.seenMillis() * 1000;
            long[] minMax = {Long.MAX_VALUE, Long.MIN_VALUE};
            long before = rows;
            long foreignBefore = foreign.count();
            long unmeasuredBefore = warmStartRows[0] + prerollRows[0];
            for (DeltaCommit.AddedFile f : c.added()) {
                rows += EventFileReader.read(fs, log.dataFile(f), (ts, producerId, seq) -> {
                    if (producerId >= ProducerContract.UNMEASURED_FROM) {
                        if (!expect.sentUnmeasured(producerId, seq)) {
                            foreign.add(producerId, seq, ts, c.version());
                            return;
                        }
                        reserved.add(producerId, seq);
                        if (producerId >= ProducerContract.PREROLL_FROM) {
                            prerollRows[0]++;
                        } else {
                            warmStartRows[0]++;
                        }
                        return;
                    }
                    if (!expect.measures(producerId, seq)) {
                        foreign.add(producerId, seq, ts, c.version());
                        return;
                    }
                    visible.record(ts, visibleMicros);
                    committed.record(ts, commitMicros);
                    schedule.check(producerId, seq, ts);
                    completeness.add(producerId, seq);
                    minMax[0] = Math.min(minMax[0], ts);
                    minMax[1] = Math.max(minMax[1], ts);
                });
                if (rows / 1_000_000 != before / 1_000_000) {
                    progress.accept(rows);
                }
            }
            long records = rows
                    - before
                    - (foreign.count() - foreignBefore)
                    - (warmStartRows[0] + prerollRows[0] - unmeasuredBefore);
            if (records > 0) {
                if (seen == null) {
                    unobserved++;
                }
                commits.add(new CommitRow(
                        c.version(),
                        c.commitTimestampMillis(),
                        seen == null ? -1 : seen.seenMillis(),
                        seen == null ? -1 : seen.notYetMillis(),
                        records,
                        (commitMicros - minMax[1]) / 1e6,
                        (commitMicros - minMax[0]) / 1e6));
                committedBySecond.merge(Math.floorDiv(visibleMicros - startMicros, 1_000_000L), records, Long::sum);
                visibleCommits.add(new double[] {(visibleMicros - startMicros) / 1e6, records});
                lastCommit = Math.max(lastCommit, visibleMicros / 1000);
            }
        }
        return new Result(
                visible.bins(),
                visible.whole(),
                visible.maxSeconds(),
                committed.bins(),
                committed.maxSeconds(),
                commits,
                completeness,
                rows,
                foreign,
                committed.negativeLatencies(),
                committed.worstNegativeMicros(),
                lastCommit,
                committedBySecond,
                curve(visibleCommits),
                warmStartRows[0],
                prerollRows[0],
                reserved.duplicates(),
                schedule.result(),
                unobserved);
    }

    /** In the order they became visible: the tail can see a later version first only by clock resolution. */
    private static CommittedCurve curve(List<double[]> visibleCommits) {
        visibleCommits.sort(java.util.Comparator.comparingDouble(c -> c[0]));
        return CommittedCurve.of(visibleCommits.toArray(double[][]::new));
    }

    /**
     * Events the producers acknowledged per second of their schedule over the same window: what reached
     * Kafka, never what reached the table, so a table that lost rows cannot look as if it kept up.
     */
    public static double producedRate(long[] ackedPerSecond, long fromSecond, long toSecond) {
        if (toSecond <= fromSecond) {
            return 0;
        }
        long sum = 0;
        for (long s = Math.max(0, fromSecond); s < Math.min(toSecond, ackedPerSecond.length); s++) {
            sum += ackedPerSecond[(int) s];
        }
        return sum / (double) (toSecond - fromSecond);
    }
}
