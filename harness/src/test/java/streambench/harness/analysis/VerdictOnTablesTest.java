package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.harness.analysis.EventTableFixture.Row;
import streambench.harness.engine.Engine;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.EngineStatus;
import streambench.harness.engine.MeasuredTurn;
import streambench.harness.engine.PendingEngine;
import streambench.harness.engine.RunInfo;
import streambench.harness.engine.RunJudge;
import streambench.services.Machine;
import streambench.services.ProducerReport;
import streambench.services.delta.Visibility;

/**
 * The whole verdict over real Delta tables on the local disk: each test writes the table a run would
 * leave (rows, data files, commit times), analyses it as a run does and judges it.
 */
class VerdictOnTablesTest {
    private static final long START_MILLIS =
            Instant.parse("2026-11-30T10:00:00Z").toEpochMilli();
    private static final long START = START_MILLIS * 1000;
    private static final int RATE = 100;
    private static final int SECONDS = 30;
    private static final Engine ENGINE = new PendingEngine("flink-1.16", "Flink 1.16", "x-flink-tuning", "");

    private static RunInfo info() {
        return new RunInfo(
                "r",
                Instant.now(),
                new Machine(2, 1L << 34, "jvm"),
                RATE,
                SECONDS,
                1,
                100,
                5,
                5,
                60,
                0.01,
                1.0,
                0.95,
                50);
    }

    /** Producer 0 at RATE for SECONDS, every event acknowledged. */
    private static ProducerReport producer(String started, int producerId, long durationSeconds) {
        long n = (long) RATE * durationSeconds;
        long[] perSecond = new long[(int) durationSeconds];
        Arrays.fill(perSecond, RATE);
        return new ProducerReport(
                "t",
                started,
                RATE,
                (double) durationSeconds,
                durationSeconds,
                true,
                n,
                n,
                0,
                RATE,
                1,
                5,
                perSecond,
                List.of(new ProducerReport.PerProducer(
                        producerId,
                        0L,
                        n - 1,
                        n,
                        0,
                        (double) RATE,
                        Instant.parse(started).toEpochMilli() * 1000)),
                0,
                null);
    }

    private static ProducerReport producer() {
        return producer(Instant.ofEpochMilli(START_MILLIS).toString(), 0, SECONDS);
    }

    private static long ts(long seq) {
        return START + seq * (1_000_000L / RATE);
    }

    /** Each second's events committed {@code offsetMillis} after that second ends; rows where {@code keep} says so. */
    private static EventTableFixture table(Path dir, long offsetMillis, LongPredicate keep) throws Exception {
        EventTableFixture t = new EventTableFixture(dir, START_MILLIS - 1000);
        for (int s = 0; s < SECONDS; s++) {
            List<Row> rows = new ArrayList<>();
            for (long seq = (long) s * RATE; seq < (long) (s + 1) * RATE; seq++) {
                if (keep.test(seq)) {
                    rows.add(new Row(ts(seq), 0, seq));
                }
            }
            t.commit(START_MILLIS + (s + 1) * 1000L + offsetMillis, rows);
        }
        return t;
    }

    private static EngineResult judge(EventTableFixture t, ProducerReport producer, Map<Long, Visibility> observed)
            throws Exception {
        TableAnalysis.Result r = TableAnalysis.analyze(
                t.fs(),
                t.uri(),
                producer.startMicros(),
                RunExpectations.forTable(producer, 1000),
                observed,
                rows -> {});
        return RunJudge.judge(ENGINE, info(), Map.of(), r, MeasuredTurn.ofProducer(producer));
    }

    @Test
    void aCleanRunPasses(@TempDir Path dir) throws Exception {
        try (EventTableFixture t = table(dir, 500, seq -> true)) {
            EngineResult r = judge(t, producer(), Map.of());
            assertThat(r.verdict().failures()).isEmpty();
            assertThat(r.status()).isEqualTo(EngineStatus.PASSED);
            assertThat(r.bins()).hasSize(SECONDS);
        }
    }

    @Test
    void wellFormedEventsOfAnotherProducerMakeTheRunInvalidAndStayOutOfTheLatency(@TempDir Path dir) throws Exception {
        try (EventTableFixture t = table(dir, 500, seq -> true)) {
            // what another producer left in the topic: a valid-looking event from 18.8 hours earlier
            t.commit(
                    START_MILLIS + 20_000,
                    List.of(new Row(START - 67_707_000_000L, 7, 12), new Row(ts(3), 0, 999_999)));
            EngineResult r = judge(t, producer(), Map.of());
            assertThat(r.status()).isEqualTo(EngineStatus.INVALID);
            assertThat(r.foreignRows()).isEqualTo(2);
            assertThat(r.foreignExamples())
                    .first()
                    .asString()
                    .startsWith("producer_id 7 seq 12 ts 2026-11-29T15:11:33Z");
            assertThat(r.verdict().failures())
                    .anySatisfy(f -> assertThat(f).startsWith("clean: topic contaminated by 2 foreign records"));
            assertThat(r.bins()).allSatisfy(b -> assertThat(b.elapsedSecond()).isBetween(0L, (long) SECONDS - 1));
            assertThat(r.maxSeconds()).isLessThan(2);
            assertThat(r.completeness().orElseThrow().exact()).isTrue();
        }
    }

    @Test
    void warmStartRowsAreCountedApartAndNeverMeasuredOrForeign(@TempDir Path dir) throws Exception {
        try (EventTableFixture t = new EventTableFixture(dir, START_MILLIS - 20_000)) {
            // the warm start: 300 events of the reserved ids, due 15 s before the run and committed 8 s late,
            // one commit of them alone and one shared with the run's first second
            int warm = TableAnalysis.WARM_START_PRODUCER_ID_BASE;
            List<Row> early = new ArrayList<>();
            for (long seq = 0; seq < 200; seq++) {
                early.add(new Row(START - 15_000_000L + seq * 1000, warm, seq));
            }
            t.commit(START_MILLIS - 7_000, early);
            List<Row> shared = new ArrayList<>();
            for (long seq = 200; seq < 300; seq++) {
                shared.add(new Row(START - 9_000_000L, warm + 1, seq));
            }
            for (long seq = 0; seq < RATE; seq++) {
                shared.add(new Row(ts(seq), 0, seq));
            }
            t.commit(START_MILLIS + 1500, shared);
            for (int s = 1; s < SECONDS; s++) {
                List<Row> rows = new ArrayList<>();
                for (long seq = (long) s * RATE; seq < (long) (s + 1) * RATE; seq++) {
                    rows.add(new Row(ts(seq), 0, seq));
                }
                t.commit(START_MILLIS + (s + 1) * 1000L + 500, rows);
            }
            TableAnalysis.Result a = TableAnalysis.analyze(
                    t.fs(),
                    t.uri(),
                    producer().startMicros(),
                    RunExpectations.forTable(producer(), 1000),
                    Map.of(),
                    rows -> {});
            assertThat(a.warmStartRows()).isEqualTo(300);
            assertThat(a.foreign().count()).isZero();
            assertThat(a.commits())
                    .hasSize(SECONDS)
                    .allSatisfy(c -> assertThat(c.records()).isEqualTo(RATE));
            EngineResult r = judge(t, producer(), Map.of());
            assertThat(r.status()).isEqualTo(EngineStatus.PASSED);
            assertThat(r.maxSeconds()).isLessThan(2);
            assertThat(r.warmStart().rows()).isEqualTo(300);
            assertThat(r.completeness().orElseThrow().exact()).isTrue();
        }
    }

    @Test
    void aTableMissingRowsEvenlyDoesNotKeepUp(@TempDir Path dir) throws Exception {
        try (EventTableFixture t = table(dir, 500, seq -> seq % 5 >= 2)) { // 40 % lost, spread over every second
            EngineResult r = judge(t, producer(), Map.of());
            assertThat(r.status()).isEqualTo(EngineStatus.FAILED);
            assertThat(r.committedRate() / r.producedRate())
                    .isCloseTo(0.6, org.assertj.core.api.Assertions.within(0.01));
            assertThat(r.verdict().failures())
                    .anySatisfy(f -> assertThat(f).startsWith("kept-up: committed 60/s vs produced 100/s"));
            // the lost rows are in the latency, at the table's last version (a table analysed after the fact):
            // the first lost row, due at second 0, had waited 30.5 s by then; the 60 % that arrived took 0.5-1.5 s
            assertThat(r.maxSeconds()).isCloseTo(30.5, org.assertj.core.api.Assertions.within(0.001));
            assertThat(r.bins().stream().mapToLong(SecondBin::censored).sum()).isEqualTo(1200);
            assertThat(r.verdict().failures())
                    .anySatisfy(f -> assertThat(f)
                            .startsWith(
                                    "threshold: 26 of 30 seconds at or over 5.0 s (worst 30.50 s at second 0, 40 of "
                                            + "its readings never visible")
                            .endsWith("1,200 readings never visible, each counted at the drain's end (at least that "
                                    + "late)"));
        }
    }

    @Test
    void rowsNeverVisibleCountAtTheDrainsEndAndRowsVisibleOnlyAfterItAreLateNotLost(@TempDir Path dir)
            throws Exception {
        long drainEndedMillis = START_MILLIS + (SECONDS + 5) * 1000L;
        try (EventTableFixture t = new EventTableFixture(dir, START_MILLIS - 1000)) {
            // each second visible 0.5 s after it ends, but second 10's first 50 rows never, and second 20's only
            // 2 s after the drain ended
            for (int s = 0; s < SECONDS; s++) {
                List<Row> rows = new ArrayList<>();
                for (long seq = (long) s * RATE; seq < (long) (s + 1) * RATE; seq++) {
                    if (s != 20 && !(s == 10 && seq < 10L * RATE + 50)) {
                        rows.add(new Row(ts(seq), 0, seq));
                    }
                }
                t.commit(START_MILLIS + (s + 1) * 1000L + 500, rows);
            }
            List<Row> late = new ArrayList<>();
            for (long seq = 20L * RATE; seq < 21L * RATE; seq++) {
                late.add(new Row(ts(seq), 0, seq));
            }
            t.commit(drainEndedMillis + 2000, late);

            TableAnalysis.Result r = TableAnalysis.analyze(
                    t.fs(),
                    t.uri(),
                    START,
                    RunExpectations.forTable(producer(), 1000).drainEndedAt(drainEndedMillis * 1000),
                    Map.of(),
                    rows -> {});
            assertThat(r.censored()).isEqualTo(50);
            assertThat(r.lateRows()).isEqualTo(100);
            SecondBin ten = r.bins().get(10);
            assertThat(ten.censored()).isEqualTo(50);
            assertThat(ten.count()).isEqualTo(100);
            assertThat(ten.maxSeconds()).isEqualTo(25.0); // the drain ended 35 s after second 0, 25 s after second 10
            assertThat(r.bins().get(20).maxSeconds()).isEqualTo(17.0); // visible 37 s after second 0: late, measured
            assertThat(r.bins().get(20).censored()).isZero();

            EngineResult e = RunJudge.judge(ENGINE, info(), Map.of(), r, MeasuredTurn.ofProducer(producer()));
            assertThat(e.completeness().orElseThrow().late()).isEqualTo(100);
            assertThat(e.verdict().failures())
                    .anySatisfy(f -> assertThat(f)
                            .isEqualTo("complete: 3000 expected, 50 missing (lost: never visible), 100 late (visible "
                                    + "only after the drain ended), 0 duplicated, 0 unexpected"));
            assertThat(e.verdict().failures())
                    .anySatisfy(f -> assertThat(f).contains("worst 25.00 s at second 10, 50 of its readings never"));
        }
    }

    @Test
    void batchesLongerThanASecondKeepUpWhereverTheirCommitsFallAgainstTheWindow(@TempDir Path dir) throws Exception {
        // 4.5 s micro-batches, each visible 0.3 s after its last event was due: only five whole commits fall in
        // the steady window [5, 30), 22.5 s of rows in 25 s, and counting whole commits said 0.90 of produced
        try (EventTableFixture t = new EventTableFixture(dir, START_MILLIS - 1000)) {
            for (int batch = 0; batch * 4.5 < SECONDS; batch++) {
                List<Row> rows = new ArrayList<>();
                for (long seq = Math.round(batch * 4.5 * RATE);
                        seq < Math.min((long) SECONDS * RATE, Math.round((batch + 1) * 4.5 * RATE));
                        seq++) {
                    rows.add(new Row(ts(seq), 0, seq));
                }
                t.commit(START_MILLIS + Math.round((batch + 1) * 4500 + 300), rows);
            }
            EngineResult r = judge(t, producer(), Map.of());
            assertThat(r.verdict().failures()).isEmpty();
            assertThat(r.committedRate() / r.producedRate())
                    .isCloseTo(0.96, org.assertj.core.api.Assertions.within(0.01));
        }
    }

    @Test
    void aTableThatStopsCommittingDoesNotKeepUp(@TempDir Path dir) throws Exception {
        // committed every second until second 15, then the rest in one commit 20 s after the schedule's end
        try (EventTableFixture t = table(dir, 500, seq -> seq < 15L * RATE)) {
            List<Row> rest = new ArrayList<>();
            for (long seq = 15L * RATE; seq < (long) SECONDS * RATE; seq++) {
                rest.add(new Row(ts(seq), 0, seq));
            }
            t.commit(START_MILLIS + (SECONDS + 20) * 1000L, rest);
            EngineResult r = judge(t, producer(), Map.of());
            assertThat(r.committedRate() / r.producedRate()).isLessThan(0.8);
            assertThat(r.verdict().failures()).anySatisfy(f -> assertThat(f).startsWith("kept-up: "));
        }
    }

    @Test
    void aWriterClockBehindTheProducerMakesTheRunInvalid(@TempDir Path dir) throws Exception {
        try (EventTableFixture t = table(dir, -4200, seq -> true)) { // each second committed 3.2 s before it began
            EngineResult r = judge(t, producer(), Map.of());
            assertThat(r.status()).isEqualTo(EngineStatus.INVALID);
            assertThat(r.negativeLatencies()).isEqualTo((long) RATE * SECONDS);
            assertThat(r.verdict().failures())
                    .anySatisfy(
                            f -> assertThat(f).startsWith("clocks: writer clock at least 4.190 s behind the producer"));
            assertThat(r.bins().get(0).maxSeconds())
                    .as("kept exactly, never turned into 0")
                    .isEqualTo(-3.2);
        }
    }

    @Test
    void aNegativeLatencyWithinTheToleranceIsReportedButPasses(@TempDir Path dir) throws Exception {
        try (EventTableFixture t =
                table(dir, -30, seq -> true)) { // the last event of each second due 20 ms after its commit
            EngineResult r = judge(t, producer(), Map.of());
            assertThat(r.verdict().checks()).anySatisfy(c -> {
                assertThat(c.name()).isEqualTo("clocks");
                assertThat(c.passed()).isTrue();
                assertThat(c.detail()).startsWith(2 * SECONDS + " negative latencies, the worst -20 ms");
            });
        }
    }

    @Test
    void aCommitSeenBeforeItsOwnTimestampMeansTheWriterClockIsAhead(@TempDir Path dir) throws Exception {
        try (EventTableFixture t = table(dir, 500, seq -> true)) {
            Map<Long, Visibility> observed = new HashMap<>();
            for (long v = 1; v <= SECONDS; v++) {
                observed.put(v, new Visibility(-1, START_MILLIS + v * 1000 + 500 + (v == 7 ? -2000 : 100)));
            }
            EngineResult r = judge(t, producer(), observed);
            assertThat(r.status()).isEqualTo(EngineStatus.INVALID);
            assertThat(r.verdict().failures())
                    .anySatisfy(f ->
                            assertThat(f).startsWith("clocks: writer clock at least 2.000 s ahead of the harness"));
        }
    }

    @Test
    void maximaAreExactToTheMicrosecond(@TempDir Path dir) throws Exception {
        try (EventTableFixture t = new EventTableFixture(dir, START_MILLIS - 1000)) {
            // 1.2349 s and 0.2009 s: a 3-digit histogram reports the top of their buckets, not these
            t.commit(START_MILLIS + 1235, List.of(new Row(START + 100, 0, 0)));
            t.commit(START_MILLIS + 1201, List.of(new Row(START + 1_000_100, 0, 1)));
            TableAnalysis.Result r = TableAnalysis.analyze(
                    t.fs(),
                    t.uri(),
                    START,
                    new RunExpectations(Map.of(0, new long[] {0, 1}), Map.of(), null, null, 0, null),
                    Map.of(),
                    rows -> {});
            assertThat(r.bins()).extracting(SecondBin::maxSeconds).containsExactly(1.2349, 0.2009);
            assertThat(r.maxSeconds()).isEqualTo(1.2349);
            assertThat(r.whole().getMaxValue() / 1e6).isNotEqualTo(1.2349);
        }
    }

    @Test
    void severalProducersAreDrainedFromTheLatestScheduleEnd(@TempDir Path dir) throws Exception {
        // producer 1 starts 25 s after producer 0; both run SECONDS; the table commits each second 0.5 s late
        try (EventTableFixture t = new EventTableFixture(dir, START_MILLIS - 1000)) {
            long late = 25;
            for (int s = 0; s < SECONDS + late; s++) {
                List<Row> rows = new ArrayList<>();
                for (int k = 0; k < RATE; k++) {
                    if (s < SECONDS) {
                        rows.add(new Row(START + s * 1_000_000L + k * 10_000L, 0, (long) s * RATE + k));
                    }
                    if (s >= late) {
                        rows.add(new Row(START + s * 1_000_000L + k * 10_000L, 1, (long) (s - late) * RATE + k));
                    }
                }
                t.commit(START_MILLIS + (s + 1) * 1000L + 500, rows);
            }
            ProducerReport merged = ProducerReport.merge(List.of(
                    producer(),
                    producer(Instant.ofEpochMilli(START_MILLIS + late * 1000).toString(), 1, SECONDS)));
            assertThat(merged.scheduleEndMicros(SECONDS)).isEqualTo(START + (SECONDS + late) * 1_000_000L);
            RunInfo info = new RunInfo(
                    "r",
                    Instant.now(),
                    new Machine(2, 1L << 34, "jvm"),
                    2 * RATE,
                    SECONDS,
                    1,
                    100,
                    5,
                    5,
                    10,
                    0.01,
                    1.0,
                    0.95,
                    50); // drain timeout 10 s: from the first producer's end it took 25.5 s
            TableAnalysis.Result r = TableAnalysis.analyze(
                    t.fs(),
                    t.uri(),
                    merged.startMicros(),
                    RunExpectations.forTable(merged, 1000),
                    Map.of(),
                    rows -> {});
            EngineResult result = RunJudge.judge(ENGINE, info, Map.of(), r, MeasuredTurn.ofProducer(merged));
            assertThat(result.verdict().checks())
                    .filteredOn(c -> c.name().equals("kept-up"))
                    .singleElement()
                    .satisfies(c -> assertThat(c.detail()).contains("drained 0.5 s after the producer stopped"));
        }
    }

    /** Producer 0 with its schedule in the summary (rate and start): each row's ts follows from its seq. */
    private static ProducerReport scheduled() {
        ProducerReport p = producer();
        long n = (long) RATE * SECONDS;
        return new ProducerReport(
                p.topic(),
                p.started(),
                p.targetRate(),
                p.durationSeconds(),
                p.elapsedSeconds(),
                true,
                n,
                n,
                0,
                RATE,
                1,
                5,
                p.ackedPerSecond(),
                List.of(new ProducerReport.PerProducer(0, 0L, n - 1, n, 0, (double) RATE, START)),
                0,
                List.of());
    }

    @Test
    void aTableWhoseEveryTsIsShiftedBySecondIsInvalidTsRewrittenByTheWriter(@TempDir Path dir) throws Exception {
        try (EventTableFixture t = new EventTableFixture(dir, START_MILLIS - 1000)) {
            for (int s = 0; s < SECONDS; s++) {
                List<Row> rows = new ArrayList<>();
                for (long seq = (long) s * RATE; seq < (long) (s + 1) * RATE; seq++) {
                    rows.add(new Row(ts(seq) + 1_000_000, 0, seq)); // as if the writer put its own time there
                }
                t.commit(START_MILLIS + (s + 2) * 1000L + 500, rows);
            }
            ProducerReport producer = scheduled();
            TableAnalysis.Result r = analyzedAsScheduled(t, producer, Map.of());
            EngineResult result = RunJudge.judge(ENGINE, info(), Map.of(), r, MeasuredTurn.ofProducer(producer));

            assertThat(result.status()).isEqualTo(EngineStatus.INVALID);
            assertThat(result.verdict().failures())
                    .anySatisfy(f -> assertThat(f)
                            .startsWith("schedule: ts rewritten by the writer: 3,000 of 3,000 rows off their schedule")
                            .contains("the worst by +1.000 s"));
        }
        try (EventTableFixture t = table(dir.resolve("on-schedule"), 500, seq -> true)) {
            ProducerReport producer = scheduled();
            TableAnalysis.Result r = analyzedAsScheduled(t, producer, Map.of());
            assertThat(r.schedule().checked()).isEqualTo(3000);
            assertThat(r.schedule().off()).isZero();
        }
    }

    /** The table analysed against {@code producer}'s schedule alone (no warm start), with the tail's finds. */
    private static TableAnalysis.Result analyzedAsScheduled(
            EventTableFixture t, ProducerReport producer, Map<Long, Visibility> seen) throws Exception {
        return TableAnalysis.analyze(
                t.fs(), t.uri(), producer.startMicros(), RunExpectations.forRun(producer, null, 1000), seen, x -> {});
    }

    /**
     * A commit file that appears 400 ms after the timestamp in it (the writer's clock read before its own request):
     * latency runs to when the reader found it, not to the timestamp.
     */
    @Test
    void latencyEndsWhereAReaderFoundTheVersionNotAtItsTimestamp(@TempDir Path dir) throws Exception {
        try (EventTableFixture t = table(dir, 500, seq -> true)) {
            Map<Long, Visibility> seen = new HashMap<>();
            for (long v = 1; v <= SECONDS; v++) {
                long commit = START_MILLIS + v * 1000 + 500;
                seen.put(v, new Visibility(commit + 350, commit + 400));
            }
            ProducerReport producer = scheduled();
            TableAnalysis.Result r = analyzedAsScheduled(t, producer, seen);

            // the first event of each second waited 1.5 s for its commit's timestamp and 1.9 s to be seen
            assertThat(r.commitMaxSeconds()).isEqualTo(1.5);
            assertThat(r.maxSeconds()).isEqualTo(1.9);
            assertThat(r.bins()).allSatisfy(b -> assertThat(b.maxSeconds()).isEqualTo(1.9));
            assertThat(r.commitBins())
                    .allSatisfy(b -> assertThat(b.maxSeconds()).isEqualTo(1.5));
            assertThat(r.unobservedVersions()).isZero();
            EngineResult judged = RunJudge.judge(ENGINE, info(), Map.of(), r, MeasuredTurn.ofProducer(producer));
            assertThat(judged.maxSeconds()).isEqualTo(1.9);
            assertThat(judged.commitBins()).hasSize(SECONDS);
            // every commit found 400 ms after its timestamp, the tail looking every 100 ms: a writer clock behind
            assertThat(judged.verdict().failures())
                    .anySatisfy(f -> assertThat(f).startsWith("clocks: writer clock about 0.300 s behind the harness"));

            // the same gaps where each of the tail's looks took 25 ms: a store that slow explains them
            Map<Long, Visibility> slowStore = new HashMap<>();
            seen.forEach((v, at) -> slowStore.put(v, new Visibility(at.notYetMillis(), at.seenMillis(), 25)));
            TableAnalysis.Result onSlowStore = analyzedAsScheduled(t, producer, slowStore);
            assertThat(onSlowStore.commits())
                    .allSatisfy(c -> assertThat(c.lookMillis()).isEqualTo(25));
            EngineResult slow =
                    RunJudge.judge(ENGINE, info(), Map.of(), onSlowStore, MeasuredTurn.ofProducer(producer));
            assertThat(slow.verdict().failures()).noneSatisfy(f -> assertThat(f).startsWith("clocks"));
        }
    }

    @Test
    void rowsOfReservedIdsThatNoPhaseSentAreForeignAndTheirDuplicatesFailCompleteness(@TempDir Path dir)
            throws Exception {
        try (EventTableFixture t = table(dir, 500, seq -> true)) {
            int warm = streambench.common.ProducerContract.UNMEASURED_FROM;
            int preroll = streambench.common.ProducerContract.PREROLL_FROM;
            List<Row> reserved = new ArrayList<>();
            for (long seq = 0; seq < 10; seq++) {
                reserved.add(new Row(START - 9_000_000L, warm, seq)); // the warm start sent 0-9
                reserved.add(new Row(START - 2_000_000L, preroll, seq)); // the pre-roll sent 0-9
            }
            reserved.add(new Row(START - 9_000_000L, warm, 3)); // twice
            reserved.add(new Row(START - 9_000_000L, warm, 99)); // never sent
            reserved.add(new Row(START - 9_000_000L, warm + 5, 0)); // an id the warm start never had
            t.commit(START_MILLIS + SECONDS * 1000L + 900, reserved);
            ProducerReport producer = scheduled();
            ProducerReport withPreroll = new ProducerReport(
                    producer.topic(),
                    producer.started(),
                    producer.targetRate(),
                    producer.durationSeconds(),
                    producer.elapsedSeconds(),
                    true,
                    producer.sent(),
                    producer.acked(),
                    0,
                    producer.achievedRate(),
                    1,
                    5,
                    producer.ackedPerSecond(),
                    producer.producers(),
                    10,
                    List.of(new ProducerReport.PerProducer(preroll, 0L, 9L, 10, 0)));
            ProducerReport warmStart = new ProducerReport(
                    "t",
                    Instant.ofEpochMilli(START_MILLIS - 10_000).toString(),
                    10,
                    1.0,
                    1,
                    true,
                    10,
                    10,
                    0,
                    10,
                    1,
                    5,
                    new long[] {10},
                    List.of(new ProducerReport.PerProducer(warm, 0L, 9L, 10, 0)),
                    0,
                    List.of());
            TableAnalysis.Result r = TableAnalysis.analyze(
                    t.fs(),
                    t.uri(),
                    withPreroll.startMicros(),
                    RunExpectations.forRun(withPreroll, warmStart, 1000),
                    Map.of(),
                    x -> {});
            assertThat(r.foreign().count()).isEqualTo(2);
            assertThat(r.reservedDuplicates()).isEqualTo(1);
            assertThat(r.warmStartRows()).isEqualTo(11);
            assertThat(r.prerollRows()).isEqualTo(10);
            EngineResult judged = RunJudge.judge(ENGINE, info(), Map.of(), r, MeasuredTurn.ofProducer(withPreroll));
            assertThat(judged.status()).isEqualTo(EngineStatus.INVALID); // the foreign rows
            assertThat(judged.verdict().failures())
                    .anySatisfy(f -> assertThat(f).contains("1 rows of the warm start or a pre-roll duplicated"));
        }
    }
}
