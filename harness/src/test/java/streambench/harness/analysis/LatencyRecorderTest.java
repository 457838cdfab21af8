package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    @Test
    void binsBySecondOfTsWithTheMaxAsTheReading() {
        long start = 1_800_000_000_000_000L;
        LatencyRecorder r = new LatencyRecorder(start);
        // second 0: latencies 1.0 s and 3.0 s; second 1: 2.0 s
        r.record(start + 100_000, start + 1_100_000);
        r.record(start + 900_000, start + 3_900_000);
        r.record(start + 1_500_000, start + 3_500_000);
        List<SecondBin> bins = r.bins();
        assertThat(bins).hasSize(2);
        assertThat(bins.get(0).elapsedSecond()).isZero();
        assertThat(bins.get(0).maxSeconds()).isCloseTo(3.0, within(0.005));
        assertThat(bins.get(0).avgSeconds()).isCloseTo(2.0, within(0.005));
        assertThat(bins.get(0).count()).isEqualTo(2);
        assertThat(bins.get(1).maxSeconds()).isCloseTo(2.0, within(0.005));
        assertThat(r.whole().getTotalCount()).isEqualTo(3);
        assertThat(r.whole().getMaxValue() / 1e6).isCloseTo(3.0, within(0.005));
    }

    @Test
    void aCommitBeforeItsEventIsCountedAndKeptNotTurnedIntoZero() {
        LatencyRecorder r = new LatencyRecorder(0);
        r.record(5_000_000, 4_000_000);
        r.record(5_100_000, 4_950_000);
        assertThat(r.negativeLatencies()).isEqualTo(2);
        assertThat(r.worstNegativeMicros()).isEqualTo(-1_000_000);
        assertThat(r.bins().get(0).maxSeconds()).isEqualTo(-0.15);
        assertThat(r.maxSeconds()).isEqualTo(-0.15);
    }

    @Test
    void maximaAreExactWhereTheHistogramRoundsUp() {
        LatencyRecorder r = new LatencyRecorder(0);
        r.record(0, 1_234_567);
        assertThat(r.bins().get(0).maxSeconds()).isEqualTo(1.234567);
        assertThat(r.maxSeconds()).isEqualTo(1.234567);
        assertThat(r.whole().getMaxValue()).isNotEqualTo(1_234_567L);
    }

    @Test
    void latenciesBeyondAnHourKeepTheirExactMaximum() {
        LatencyRecorder r = new LatencyRecorder(0);
        r.record(0, 7_200_000_000L);
        assertThat(r.maxSeconds()).isEqualTo(7200.0);
    }

    @Test
    void theilSenIgnoresAnOutlier() {
        assertThat(TheilSen.slope(List.of(
                        new double[] {0, 0},
                        new double[] {1, 1},
                        new double[] {2, 2},
                        new double[] {3, 30},
                        new double[] {4, 4})))
                .isEqualTo(1.0);
        assertThat(TheilSen.slope(List.of(new double[] {0, 1}))).isZero();
    }

    @Test
    void aRecordNeverVisibleCountsWithItsLatencyAtTheCensoringMomentAndIsCountedAsCensored() {
        long start = 1_800_000_000_000_000L;
        LatencyRecorder r = new LatencyRecorder(start);
        r.record(start + 100_000, start + 1_100_000); // 1.0 s, visible
        r.recordCensored(start + 200_000, start + 9_200_000); // never visible: at least 9.0 s
        r.recordCensored(start + 20_000_000, start + 9_200_000); // due after the censoring moment: 0, not negative
        List<SecondBin> bins = r.bins();
        assertThat(bins.get(0).maxSeconds()).isCloseTo(9.0, within(0.001));
        assertThat(bins.get(0).count()).isEqualTo(2);
        assertThat(bins.get(0).censored()).isEqualTo(1);
        assertThat(bins.get(1).maxSeconds()).isZero();
        assertThat(bins.get(1).censored()).isEqualTo(1);
        assertThat(r.maxSeconds()).isCloseTo(9.0, within(0.001));
        assertThat(r.censored()).isEqualTo(2);
        assertThat(r.negativeLatencies()).isZero();
        assertThat(r.whole().getValueAtPercentile(100) / 1e6).isCloseTo(9.0, within(0.01));
    }
}
