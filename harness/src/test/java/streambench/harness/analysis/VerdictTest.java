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
        assertThat(Verdict.complete(r).passed()).isFalse();
    }

    @Test
    void aProducerLaggingItsScheduleMakesTheRunInvalid() {
        Verdict.Outcome lagging = new Verdict.Outcome(
                List.of(Verdict.threshold(series(60, s -> 1.0), 5), Verdict.load(true, 0, 2500, 1000)));
        assertThat(lagging.passed()).isFalse();
        assertThat(lagging.invalid()).isTrue();
        assertThat(lagging.failures())
                .containsExactly("load: schedule completed, 0 failed sends, max schedule-to-ack 2500 ms (bound 1000)");
        assertThat(Verdict.load(true, 0, 300, 1000).passed()).isTrue();
        assertThat(Verdict.load(false, 0, 300, 1000).passed()).isFalse();
        assertThat(Verdict.load(true, 3, 300, 1000).passed()).isFalse();
    }
}
