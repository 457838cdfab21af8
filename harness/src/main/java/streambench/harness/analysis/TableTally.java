package streambench.harness.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import org.apache.hadoop.fs.FileSystem;
import streambench.common.ProducerContract;
import streambench.services.delta.DeltaCommit;
import streambench.services.delta.DeltaLogReader;
import streambench.services.delta.EventFileReader;
import streambench.services.delta.Visibility;

/**
 * What {@link TableAnalysis} counts while it reads a table, one commit at a time in log order: each row goes to
 * exactly one of measured, warm start, pre-roll or foreign, and each commit that holds measured rows becomes a
 * {@link CommitRow}.
 */
final class TableTally {
    private final long startMicros;
    private final RunExpectations expect;
    private final LatencyRecorder visible;
    private final LatencyRecorder committed;
    private final LatencyWaterfall waterfall;
    private final Completeness completeness = new Completeness();
    private final Completeness reserved = new Completeness();
    private final ForeignRows foreign = new ForeignRows();
    private final ScheduleCheck schedule;
    private final List<CommitRow> commits = new ArrayList<>();
    private final Map<Long, Long> committedBySecond = new TreeMap<>();
    private final List<double[]> visibleCommits = new ArrayList<>();
    private long warmStartRows;
    private long prerollRows;
    private long rows;
    private long lastCommitMillis = -1;
    /** The latest commit timestamp of any version read, ms: where a table analysed after the fact ends. */
    private long lastVersionMillis = -1;

    private long unobserved;
    /** Measured rows visible only after the drain ended. */
    private long late;

    /** The measured rows of the commit being read: their count and their earliest and latest ts. */
    private long commitMeasured;

    private long commitMinTs;
    private long commitMaxTs;

    private final List<TableGrowth.Step> growth = new ArrayList<>();

    TableTally(long startMicros, RunExpectations expect) {
        this.startMicros = startMicros;
        this.expect = expect;
        this.visible = new LatencyRecorder(startMicros);
        this.committed = new LatencyRecorder(startMicros);
        this.waterfall = new LatencyWaterfall(startMicros, expect.sendLagMicrosPerSecond());
        this.schedule = new ScheduleCheck(expect.schedules(), expect.tsToleranceMicros());
    }

    /** Reads every file {@code c} added; {@code seen} is when the tail found the version, or null. */
    void commit(FileSystem fs, DeltaLogReader log, DeltaCommit c, Visibility seen, LongConsumer progress)
            throws IOException {
        growth.add(TableGrowth.Step.of(c));
        lastVersionMillis = Math.max(lastVersionMillis, c.commitTimestampMillis());
        if (c.added().isEmpty()) {
            return;
        }
        long commitMicros = c.commitTimestampMillis() * 1000;
        long visibleMicros = seen == null ? commitMicros : seen.seenMillis() * 1000;
        commitMeasured = 0;
        commitMinTs = Long.MAX_VALUE;
        commitMaxTs = Long.MIN_VALUE;
        for (DeltaCommit.AddedFile f : c.added()) {
            long before = rows;
            waterfall.file(f.modificationTimeMillis());
            FileStamps at = new FileStamps(c.version(), f.modificationTimeMillis(), commitMicros, visibleMicros);
            rows += EventFileReader.read(
                    fs, log.dataFile(f), (ts, producerId, seq, kafkaTs) -> row(ts, producerId, seq, kafkaTs, at));
            if (rows / 1_000_000 != before / 1_000_000) {
                progress.accept(rows);
            }
        }
        if (commitMeasured > 0) {
            measuredCommit(c, seen, commitMicros, visibleMicros);
        }
    }

    /** A data file's version, when it was written (ms), its version committed and first seen (µs): one per file. */
    private record FileStamps(long version, long fileMillis, long commitMicros, long visibleMicros) {}

    private void row(long ts, int producerId, long seq, long kafkaTs, FileStamps at) {
        long version = at.version();
        if (producerId >= ProducerContract.UNMEASURED_FROM) {
            if (!expect.sentUnmeasured(producerId, seq)) {
                foreign.add(producerId, seq, ts, version);
                return;
            }
            reserved.add(producerId, seq);
            if (producerId >= ProducerContract.PREROLL_FROM) {
                prerollRows++;
            } else {
                warmStartRows++;
            }
            return;
        }
        if (!expect.measures(producerId, seq)) {
            foreign.add(producerId, seq, ts, version);
            return;
        }
        visible.record(ts, at.visibleMicros());
        if (expect.drainEndedMicros() >= 0 && at.visibleMicros() > expect.drainEndedMicros()) {
            late++;
        }
        committed.record(ts, at.commitMicros());
        waterfall.record(ts, kafkaTs, at.fileMillis(), at.commitMicros(), at.visibleMicros());
        schedule.check(producerId, seq, ts);
        completeness.add(producerId, seq);
        commitMeasured++;
        commitMinTs = Math.min(commitMinTs, ts);
        commitMaxTs = Math.max(commitMaxTs, ts);
    }

    private void measuredCommit(DeltaCommit c, Visibility seen, long commitMicros, long visibleMicros) {
        if (seen == null) {
            unobserved++;
        }
        commits.add(new CommitRow(
                c.version(),
                c.commitTimestampMillis(),
                seen == null ? -1 : seen.seenMillis(),
                seen == null ? -1 : seen.notYetMillis(),
                seen == null ? -1 : seen.lookMillis(),
                commitMeasured,
                (commitMicros - commitMaxTs) / 1e6,
                (commitMicros - commitMinTs) / 1e6));
        committedBySecond.merge(Math.floorDiv(visibleMicros - startMicros, 1_000_000L), commitMeasured, Long::sum);
        visibleCommits.add(new double[] {(visibleMicros - startMicros) / 1e6, commitMeasured});
        lastCommitMillis = Math.max(lastCommitMillis, visibleMicros / 1000);
    }

    /**
     * Every acknowledged measured row the table does not hold counts with the latency it had when the harness stopped
     * waiting for it (the drain's end; for a table analysed after the fact, its last version's timestamp): a row
     * that never arrived is later than any that did, and leaving it out would let a table missing rows pass on the
     * ones it kept. A producer without a schedule gives no due time: its missing rows are counted, not timed.
     */
    private void censorMissing() {
        if (expect.measured() == null) {
            return;
        }
        long censorAt = expect.drainEndedMicros() >= 0 ? expect.drainEndedMicros() : lastVersionMillis * 1000;
        expect.measured().forEach((producerId, range) -> {
            var schedule = expect.schedules().get(producerId);
            if (schedule == null || schedule.dueMicros(0).isEmpty()) {
                return;
            }
            completeness.forEachAbsent(
                    producerId,
                    range[0],
                    range[1],
                    seq -> visible.recordCensored(schedule.dueMicros(seq).getAsLong(), censorAt));
        });
    }

    /** @param log the table's {@code _delta_log} as listed once every version was read */
    TableAnalysis.Result result(List<TableGrowth.LogFile> log) {
        censorMissing();
        return new TableAnalysis.Result(
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
                lastCommitMillis,
                committedBySecond,
                curve(),
                warmStartRows,
                prerollRows,
                reserved.duplicates(),
                schedule.result(),
                unobserved,
                waterfall.result(),
                visible.windows(TableAnalysis.WINDOW_SECONDS),
                new TableGrowth(List.copyOf(growth), log),
                visible.censored(),
                late);
    }

    /** In the order they became visible: the tail can see a later version first only by clock resolution. */
    private CommittedCurve curve() {
        visibleCommits.sort(java.util.Comparator.comparingDouble(c -> c[0]));
        return CommittedCurve.of(visibleCommits.toArray(double[][]::new));
    }
}
