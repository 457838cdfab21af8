package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.harness.analysis.EventTableFixture.Row;
import streambench.harness.analysis.LatencyWaterfall.Stage;
import streambench.services.delta.Visibility;

class LatencyWaterfallTest {
    /** Second 0 of the run. */
    private static final long T0 = 1_800_000_000_000_000L;

    private static final long MS = 1000;

    @TempDir
    Path dir;

    @Test
    void theStagesOfARecordAddUpToItsLatencyAndEachSitsBetweenItsStamps() {
        // due at 0, sent 3 ms late, appended at 10 ms, file at 800 ms, committed at 1,200 ms, seen at 1,250 ms
        long[] split = split(T0, 3 * MS, T0 + 10 * MS, T0 / 1000 + 800, T0 + 1200 * MS, T0 + 1250 * MS);
        assertThat(split).containsExactly(3 * MS, 7 * MS, 790 * MS, 400 * MS, 50 * MS);
        assertThat(sum(split)).isEqualTo(1250 * MS);
        assertThat(Stage.largest(split)).isEqualTo(Stage.ENGINE);
    }

    @Test
    void aFileTimeOutsideItsRecordsStampsIsHeldBetweenThemAndTheSumStaysExact() {
        // a file time from another clock (a store's, with whole seconds) that reads before the record reached the
        // broker
        long[] early = split(T0, 0, T0 + 400 * MS, T0 / 1000, T0 + 900 * MS, T0 + 950 * MS);
        assertThat(early).containsExactly(0, 400 * MS, 0, 500 * MS, 50 * MS);
        // and one after the commit (a writer's clock ahead)
        long[] late = split(T0, 0, T0 + 400 * MS, T0 / 1000 + 2000, T0 + 900 * MS, T0 + 950 * MS);
        assertThat(late).containsExactly(0, 400 * MS, 500 * MS, 0, 50 * MS);
        // no file time: the commit stage is inside the engine's
        long[] none = split(T0, 0, T0 + 400 * MS, -1, T0 + 900 * MS, T0 + 950 * MS);
        assertThat(none).containsExactly(0, 400 * MS, 500 * MS, 0, 50 * MS);
        // a send lag larger than the time to the broker is capped at it
        long[] lag = split(T0, 900 * MS, T0 + 400 * MS, -1, T0 + 900 * MS, T0 + 950 * MS);
        assertThat(lag).containsExactly(400 * MS, 0, 500 * MS, 0, 50 * MS);
        for (long[] s : List.of(early, late, none, lag)) {
            assertThat(sum(s)).isEqualTo(950 * MS);
        }
    }

    /**
     * A table with known stamps, read back through its log like a run's: per second the stages' maxima, the worst
     * record's split adding up to its latency, the dominant stage, and rows without a Kafka timestamp counted apart.
     */
    @Test
    void aTableWithKnownStampsGivesEachSecondsStagesAndTheyAddUpPerRecord() throws Exception {
        long[] sendLag = {2 * MS, 300 * MS}; // the producer's worst lag in seconds 0 and 1
        try (EventTableFixture table = new EventTableFixture(dir.resolve("t"), T0 / 1000 - 1000)) {
            // second 0: appended 5 and 20 ms after ts; file at 600 ms, committed at 700 ms
            table.commit(
                    T0 / 1000 + 700,
                    T0 / 1000 + 600,
                    List.of(new Row(T0, 0, 0, T0 + 5 * MS), new Row(T0 + 100 * MS, 0, 1, T0 + 120 * MS)));
            // second 1: the producer fell behind (300 ms), the engine took long: file at 4,000 ms, commit at 4,100
            table.commit(
                    T0 / 1000 + 4100,
                    T0 / 1000 + 4000,
                    List.of(new Row(T0 + 1000 * MS, 0, 2, T0 + 1310 * MS), new Row(T0 + 1500 * MS, 0, 3)));
            Map<Long, Visibility> seen = Map.of(
                    1L, new Visibility(T0 / 1000 + 690, T0 / 1000 + 750),
                    2L, new Visibility(T0 / 1000 + 4090, T0 / 1000 + 4300));

            LatencyWaterfall.Result w = TableAnalysis.analyze(
                            table.fs(),
                            table.uri(),
                            T0,
                            new RunExpectations(null, Map.of(), null, null, 0, sendLag),
                            seen,
                            rows -> {})
                    .waterfall();

            assertThat(w.stamped()).isEqualTo(3);
            assertThat(w.files()).isEqualTo(2);
            assertThat(w.fileTimesInWholeSeconds())
                    .as("one of the two file times has milliseconds")
                    .isFalse();
            assertThat(w.unstamped()).as("the row without a Kafka timestamp").isEqualTo(1);
            assertThat(w.seconds()).hasSize(2);

            LatencyWaterfall.Second s0 = w.seconds().get(0);
            // worst of second 0: seq 0 (ts 0, seen 750 ms) vs seq 1 (ts 100, seen 750): seq 0
            assertThat(s0.worstMicros()).isEqualTo(750 * MS);
            assertThat(s0.worstSplit()).containsExactly(2 * MS, 3 * MS, 595 * MS, 100 * MS, 50 * MS);
            assertThat(s0.maxMicros()).containsExactly(2 * MS, 18 * MS, 595 * MS, 100 * MS, 50 * MS);
            assertThat(Stage.largest(s0.worstSplit())).isEqualTo(Stage.ENGINE);
            assertThat(w.dominantShare(s0)).isEqualTo("0.595 s of it in the engine");

            LatencyWaterfall.Second s1 = w.seconds().get(1);
            assertThat(s1.worstMicros()).isEqualTo(3300 * MS);
            assertThat(s1.worstSplit()).containsExactly(300 * MS, 10 * MS, 2690 * MS, 100 * MS, 200 * MS);
            assertThat(sum(s1.worstSplit())).isEqualTo(s1.worstMicros());
            assertThat(Stage.load(s1.worstSplit())).isEqualTo(310 * MS);
            // 3.3 s, of which 2.99 s after the broker: over a 3 s threshold only because the record reached the broker
            // late (the load's); over 2.9 s it would have failed anyway; under 3.4 s it does not fail at all
            assertThat(s1.maxAfterBrokerMicros()).isEqualTo(2990 * MS);
            assertThat(s1.loadsFault(3000 * MS)).isTrue();
            assertThat(s1.loadsFault(2900 * MS)).isFalse();
            assertThat(s1.loadsFault(3400 * MS)).isFalse();

            assertThat(w.worstMicros()).isEqualTo(3300 * MS);
            assertThat(Stage.largest(w.worstSplit())).isEqualTo(Stage.ENGINE);
            assertThat(w.maxMicros()).containsExactly(300 * MS, 18 * MS, 2690 * MS, 100 * MS, 200 * MS);
            // p99 has two significant digits: within 2 % of the largest value of each stage here
            for (int i = 0; i < 5; i++) {
                assertThat((double) w.p99Micros()[i])
                        .isCloseTo(w.maxMicros()[i], org.assertj.core.data.Percentage.withPercentage(2));
            }
        }
    }

    /**
     * Spark's Delta takes a file's time from the store's file status, which on Azurite has whole seconds: the engine's
     * and the commit's share cannot be told apart, and the reports name them together.
     */
    @Test
    void wholeSecondFileTimesNameEngineAndCommitTogether() throws Exception {
        try (EventTableFixture table = new EventTableFixture(dir.resolve("spark"), T0 / 1000 - 1000)) {
            // appended at 10 ms, file time truncated to second 0, committed at 900 ms: 0 s engine, 0.89 s commit
            table.commit(T0 / 1000 + 900, T0 / 1000, List.of(new Row(T0, 0, 0, T0 + 10 * MS)));
            table.commit(T0 / 1000 + 1900, T0 / 1000 + 1000, List.of(new Row(T0 + 1000 * MS, 0, 1, T0 + 1010 * MS)));
            LatencyWaterfall.Result w = TableAnalysis.analyze(table.fs(), table.uri(), T0, Map.of(), rows -> {})
                    .waterfall();
            assertThat(w.fileTimesInWholeSeconds()).isTrue();
            assertThat(Stage.largest(w.worstSplit())).isEqualTo(Stage.COMMIT);
            assertThat(w.dominantLabel()).isEqualTo(LatencyWaterfall.ENGINE_AND_COMMIT);
            assertThat(w.dominantShare(w.seconds().get(0))).isEqualTo("0.890 s of it in the engine and commit");
        }
    }

    @Test
    void aTableWithoutKafkaTimestampsIsCountedButNotSplit() throws Exception {
        try (EventTableFixture table = new EventTableFixture(dir.resolve("old"), T0 / 1000 - 1000)) {
            table.commit(T0 / 1000 + 700, List.of(new Row(T0, 0, 0), new Row(T0 + 1, 0, 1)));
            LatencyWaterfall.Result w = TableAnalysis.analyze(table.fs(), table.uri(), T0, Map.of(), rows -> {})
                    .waterfall();
            assertThat(w.any()).isFalse();
            assertThat(w.unstamped()).isEqualTo(2);
            assertThat(w.seconds()).isEmpty();
        }
    }

    private static long[] split(
            long tsMicros, long sendLagMicros, long kafkaTsMicros, long fileMillis, long commitMicros, long visible) {
        long[] out = new long[5];
        LatencyWaterfall.split(out, tsMicros, sendLagMicros, kafkaTsMicros, fileMillis, commitMicros, visible);
        return out;
    }

    private static long sum(long[] split) {
        long total = 0;
        for (long v : split) {
            total += v;
        }
        return total;
    }
}
