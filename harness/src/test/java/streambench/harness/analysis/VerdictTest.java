package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The verdict's checks on hand-made series, as in Theodolite: each shape that must pass or fail does. */
class VerdictTest {
    private static List<SecondBin> series(int seconds, LongToDoubleFunction maxAt) {
        List<SecondBin> bins = new ArrayList<>();
        for (long s = 0; s < seconds; s++) {
            double max = maxAt.applyAsDouble(s);
            bins.add(new SecondBin(s, max, max / 2, max * 0.9, max / 2, 1000));
        }
        return bins;
    }

    @Test
    void flatSeriesPasses() {
        List<SecondBin> flat = series(120, s -> 2.0);
        assertThat(Verdict.threshold(flat, 5).passed()).isTrue();
        assertThat(Verdict.trend(flat, 10, 0.01, 1.0).passed()).isTrue();
    }

    @Test
    void sawtoothUnderTheThresholdPasses() {
        // a Delta log checkpoint every 10 commits: latency climbs and falls back, over and over
        List<SecondBin> saw = series(120, s -> 1.5 + (s % 10) * 0.3);
        assertThat(Verdict.threshold(saw, 5).passed()).isTrue();
        assertThat(Verdict.trend(saw, 10, 0.01, 1.0).passed()).isTrue();
    }

    @Test
    void slowRampFailsTheTrendEvenUnderTheThreshold() {
        // 1 s -> 4.6 s over two minutes: under 5 s now, over it soon; the engine is falling behind
        List<SecondBin> ramp = series(120, s -> 1.0 + s * 0.03);
        assertThat(Verdict.threshold(ramp, 5).passed()).isTrue();
        Verdict.Check trend = Verdict.trend(ramp, 10, 0.01, 1.0);
        assertThat(trend.passed()).isFalse();
        assertThat(trend.detail()).contains("slope +0.0300 s/s over 110 s, a rise of +3.27 s");
    }

    @Test
    void noiseInAShortWindowIsNotATrendButAFastClimbIs() {
        // 15 noisy seconds after warm-up: the fitted slope is steep, the rise it implies is not
        double[] noisy = {2.9, 2.1, 2.6, 2.2, 3.0, 2.4, 2.3, 3.1, 2.5, 2.8, 3.2, 2.6, 3.0, 2.7, 3.3};
        List<SecondBin> shortRun = series(20, s -> s < 5 ? 4.0 : noisy[(int) s - 5]);
        Verdict.Check noise = Verdict.trend(shortRun, 5, 0.01, 1.0);
        assertThat(noise.passed()).as(noise.detail()).isTrue();
        // but 1 s -> 3.8 s in those 15 seconds is a real climb
        assertThat(Verdict.trend(series(20, s -> 1.0 + Math.max(0, s - 5) * 0.2), 5, 0.01, 1.0)
                        .passed())
                .isFalse();
    }

    @Test
    void oneSpikeOverTheThresholdFailsItButNotTheTrend() {
        List<SecondBin> spike = series(120, s -> s == 60 ? 7.5 : 2.0);
        Verdict.Check threshold = Verdict.threshold(spike, 5);
        assertThat(threshold.passed()).isFalse();
        assertThat(threshold.detail()).isEqualTo("1 of 120 seconds at or over 5.0 s (worst 7.50 s at second 60)");
        assertThat(Verdict.trend(spike, 10, 0.01, 1.0).passed()).isTrue();
    }

    @Test
    void exactlyAtTheThresholdFails() {
        assertThat(Verdict.threshold(series(10, s -> 5.0), 5).passed()).isFalse();
    }

    @Test
    void tooShortToJudgeATrendFails() {
        assertThat(Verdict.trend(series(12, s -> 1.0), 10, 0.01, 1.0).passed()).isFalse();
        assertThat(Verdict.threshold(List.of(), 5).passed()).isFalse();
    }

    @Test
    void keptUpNeedsTheRatioAndTheDrain() {
        assertThat(Verdict.keptUp(5000, 4990, 0.95, true, 3).passed()).isTrue();
        assertThat(Verdict.keptUp(5000, 4000, 0.95, true, 3).passed()).isFalse();
        assertThat(Verdict.keptUp(5000, 5000, 0.95, false, 60).passed()).isFalse();
    }

    @Test
    void completenessCountsMissingDuplicatedAndUnexpected() {
        Completeness c = new Completeness();
        for (long s = 0; s < 100; s++) {
            if (s != 42) {
                c.add(0, s);
            }
        }
        c.add(0, 7); // duplicate
        c.add(1, 0); // a producer id nobody announced
        Completeness.Result r = c.against(Map.of(0, new long[] {0, 99}));
        assertThat(r.expected()).isEqualTo(100);
        assertThat(r.missing()).isEqualTo(1);
        assertThat(r.duplicates()).isEqualTo(1);
        assertThat(r.unexpected()).isEqualTo(1);
        assertThat(Verdict.complete(r, 0).passed()).isFalse();
    }

    @Test
    void aLoadCutShortOrWithFailedSendsMakesTheRunInvalid() {
        Verdict.Outcome cut =
                new Verdict.Outcome(List.of(Verdict.threshold(series(60, s -> 1.0), 5), Verdict.load(false, 0)));
        assertThat(cut.passed()).isFalse();
        assertThat(cut.invalid()).isTrue();
        assertThat(cut.failures()).containsExactly("load: schedule cut short, 0 failed sends");
        assertThat(Verdict.load(true, 0).passed()).isTrue();
        assertThat(Verdict.load(true, 3).passed()).isFalse();
        assertThat(Verdict.load(true, 3).invalidates()).isTrue();
    }

    /**
     * Latency counts from each event's intended time: a late producer only made the engine's job harder. The
     * default run of 2026-12-03 called Flink invalid at a 2.11 s maximum because one acknowledgement took 1,110 ms.
     */
    @Test
    void aLateLoadLeavesAPassStandingAndMakesAFailureUndetermined() {
        Verdict.Check late = Verdict.punctual(1110, 1000);
        assertThat(late.passed()).isFalse();
        assertThat(late.detail()).isEqualTo("slowest ack 1110 ms after its due time (bound 1000 ms)");

        Verdict.Outcome passedUnderLateLoad =
                new Verdict.Outcome(List.of(Verdict.threshold(series(60, s -> 2.11), 5), Verdict.load(true, 0), late));
        assertThat(passedUnderLateLoad.passed()).isTrue();
        assertThat(passedUnderLateLoad.invalid()).isFalse();
        assertThat(passedUnderLateLoad.undetermined()).isFalse();
        assertThat(passedUnderLateLoad.lateLoad()).isTrue();

        Verdict.Outcome failedUnderLateLoad =
                new Verdict.Outcome(List.of(Verdict.threshold(series(60, s -> 6.0), 5), Verdict.load(true, 0), late));
        assertThat(failedUnderLateLoad.passed()).isFalse();
        assertThat(failedUnderLateLoad.invalid()).isFalse();
        assertThat(failedUnderLateLoad.undetermined()).isTrue();

        Verdict.Outcome failedOnTime = new Verdict.Outcome(List.of(
                Verdict.threshold(series(60, s -> 6.0), 5), Verdict.load(true, 0), Verdict.punctual(300, 1000)));
        assertThat(failedOnTime.undetermined()).isFalse();
        assertThat(failedOnTime.passed()).isFalse();

        Verdict.Outcome incompleteAndLate =
                new Verdict.Outcome(List.of(Verdict.threshold(series(60, s -> 6.0), 5), Verdict.load(false, 0), late));
        assertThat(incompleteAndLate.invalid()).isTrue();
    }

    /**
     * An engine committing 97.8 % of the offered rate passed a 60 s trial: keep-up accepts 0.95, and the trend
     * needs a 1 s rise. Its backlog grows by about a second of load over the window: that fails now.
     */
    @Test
    void aBacklogThatGrowsFailsAShortTrialThatKeepUpAndTrendWouldPass() {
        int rate = 100_000;
        long[] acked = new long[60];
        java.util.Map<Long, Long> visible = new java.util.TreeMap<>();
        for (int s = 0; s < 60; s++) {
            acked[s] = rate;
            // committed in batches every other second, 97.8 % of the rate, a second behind
            if (s >= 1 && s % 2 == 1) {
                visible.put((long) s, Math.round(2 * rate * 0.978));
            }
        }
        Verdict.Check keptUp = Verdict.keptUp(rate, rate * 0.978, 0.95, true, 2);
        assertThat(keptUp.passed()).as("the ratio alone lets it pass").isTrue();

        Verdict.Check backlog = Verdict.backlog(acked, visible, 15, 60, rate, 0.5);
        assertThat(backlog.passed()).as(backlog.detail()).isFalse();
        assertThat(backlog.detail()).startsWith("grew by 0.9");

        java.util.Map<Long, Long> keepingUp = new java.util.TreeMap<>();
        for (int s = 1; s < 60; s += 2) {
            keepingUp.put((long) s, 2L * rate);
        }
        assertThat(Verdict.backlog(acked, keepingUp, 15, 60, rate, 0.5).passed())
                .isTrue();
    }

    @Test
    void rowsWhoseTsIsNotTheirScheduledTimeMakeTheRunInvalid() {
        Verdict.Check rewritten = Verdict.schedule(
                new ScheduleCheck.Result(1000, 1000, 1_000_000, List.of("producer 0 seq 3: ts +1.000 s"), 1000));
        assertThat(rewritten.passed()).isFalse();
        assertThat(rewritten.invalidates()).isTrue();
        assertThat(rewritten.detail()).startsWith("ts rewritten by the writer: 1,000 of 1,000 rows off their schedule");
        assertThat(Verdict.schedule(new ScheduleCheck.Result(1000, 0, 0, List.of(), 1000))
                        .passed())
                .isTrue();
    }

    @Test
    void aWriterClockBehindTheHarnessShowsInTheCommitFoundSoonestAndMakesTheRunInvalid() {
        // every commit found 400 ms or more after its timestamp, the tail looking every 100 ms: not a slow request
        Verdict.Check behind = Verdict.clocks(0, 0, java.util.OptionalLong.of(400), 50, 100, Double.NaN);
        assertThat(behind.passed()).isFalse();
        assertThat(behind.invalidates()).isTrue();
        assertThat(behind.detail()).contains("writer clock about 0.300 s behind the harness");
        // the soonest-found commit within a poll interval and the tolerance: fine, however slow others were
        assertThat(Verdict.clocks(0, 0, java.util.OptionalLong.of(140), 50, 100, Double.NaN)
                        .passed())
                .isTrue();
        assertThat(Verdict.clocks(0, 0, java.util.OptionalLong.of(-60), 50, 100, Double.NaN)
                        .detail())
                .contains("ahead of the harness");
    }

    /**
     * With every storage request held 20 ms, Kernel's commits were found 286 ms after their timestamp at the soonest:
     * the store's round trips after the writer read its clock, not a clock behind. The allowance scales with the
     * request time the tail measured, and an offset beyond it still shows.
     */
    @Test
    void theStoresRoundTripsAreAllowedForAsTheTailMeasuredThem() {
        int requests = Verdict.WRITER_REQUESTS_AFTER_STAMP;
        Verdict.Check slowStore = Verdict.clocks(0, 0, java.util.OptionalLong.of(286), 50, 100, 21);
        assertThat(slowStore.passed()).as(slowStore.detail()).isTrue();
        assertThat(slowStore.detail())
                .contains("commits found 286 ms or more after their timestamp")
                .contains("allowed up to 570 ms")
                .contains(requests + " storage requests of 21.0 ms");
        // the same gap on a store answering in 1 ms: the writer's clock is behind
        Verdict.Check fastStore = Verdict.clocks(0, 0, java.util.OptionalLong.of(286), 50, 100, 1);
        assertThat(fastStore.passed()).isFalse();
        assertThat(fastStore.detail())
                .contains("writer clock about 0.166 s behind the harness")
                .contains("allowed up to 170 ms")
                .contains(requests + " storage requests of 1.0 ms");
        // a 1 s offset on the slow store is still seen
        assertThat(Verdict.clocks(0, 0, java.util.OptionalLong.of(1286), 50, 100, 21)
                        .passed())
                .isFalse();
        // --clock-requests 5: the same slow store's 286 ms is beyond 5 requests of 21 ms (allowed up to 255 ms)
        Verdict.Check fewer = Verdict.clocks(0, 0, java.util.OptionalLong.of(286), 50, 100, 21, 5);
        assertThat(fewer.passed()).isFalse();
        assertThat(fewer.detail()).contains("allowed up to 255 ms").contains("5 storage requests of 21.0 ms");
    }
}
