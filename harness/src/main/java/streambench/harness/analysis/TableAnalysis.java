package streambench.harness.analysis;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileSystem;
import streambench.common.ProducerContract;
import streambench.services.delta.DeltaCommit;
import streambench.services.delta.DeltaLogReader;
import streambench.services.delta.Visibility;

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
     * @param waterfall         the measured rows' latency split into stages ({@link LatencyWaterfall})
     * @param censored          acknowledged measured rows never visible, in {@code bins} and {@code whole} with the
     *                          latency they had when the drain ended (a lower bound)
     * @param lateRows          measured rows visible only after the drain ended
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
            long unobservedVersions,
            LatencyWaterfall.Result waterfall,
            List<LatencyWindow> windows,
            TableGrowth growth,
            long censored,
            long lateRows) {}

    /** A long run is reported window by window, each this long: a soak's periodic costs show, a minute's noise not. */
    public static final long WINDOW_SECONDS = 300;

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
        List<DeltaCommit> all = log.readToEnd();
        if (all.isEmpty()) {
            throw new IOException("no Delta table at " + tableUri + " (no _delta_log/00000000000000000000.json)");
        }
        TableTally tally = new TableTally(startMicros, expect);
        for (DeltaCommit c : all) {
            tally.commit(fs, log, c, visibility.get(c.version()), progress);
        }
        return tally.result(TableGrowth.listLog(fs, tableUri));
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
