package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CommittedCurveTest {
    @Test
    void aWindowTakesItsShareOfTheCommitsAtItsEdges() {
        // 3 s batches of 300 rows visible at 3, 6, 9 s
        CommittedCurve c = CommittedCurve.of(new double[] {3, 300}, new double[] {6, 300}, new double[] {9, 300});
        assertThat(c.rowsBy(0)).isZero();
        assertThat(c.rowsBy(1.5)).isCloseTo(150, within(1e-9));
        assertThat(c.rowsBy(4)).isCloseTo(400, within(1e-9));
        assertThat(c.rate(1, 8)).isCloseTo(100, within(1e-9));
    }

    @Test
    void afterTheLastCommitNothingMoreArrives() {
        CommittedCurve c = CommittedCurve.of(new double[] {2, 200}, new double[] {4, 200});
        assertThat(c.rowsBy(4)).isEqualTo(400);
        assertThat(c.rowsBy(100)).isEqualTo(400);
        assertThat(c.rate(2, 10)).isCloseTo(200 / 8.0, within(1e-9));
    }

    @Test
    void emptyCurvesAndEmptyWindowsAreZero() {
        assertThat(CommittedCurve.of().rate(0, 30)).isZero();
        assertThat(CommittedCurve.of(new double[] {1, 10}).rate(5, 5)).isZero();
    }

    @Test
    void commitsOutOfOrderAreRefused() {
        assertThatThrownBy(() -> CommittedCurve.of(new double[] {5, 1}, new double[] {4, 1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("out of order");
    }
}
