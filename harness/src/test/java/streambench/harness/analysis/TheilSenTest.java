package streambench.harness.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TheilSenTest {
    @Test
    void bisectionFindsTheExactMedianSlope() {
        Random random = new Random(42);
        for (int n : new int[] {2, 3, 10, 501, 1200}) {
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                points.add(new double[] {i, 1 + 0.003 * i + random.nextGaussian() * 0.4 + (i % 37 == 0 ? 8 : 0)});
            }
            assertThat(TheilSen.bisected(points)).as("n=" + n).isCloseTo(TheilSen.exact(points), within(1e-9));
        }
    }

    @Test
    void pointsSharingAnXAreNoPair() {
        List<double[]> points = List.of(
                new double[] {0, 0},
                new double[] {0, 5},
                new double[] {1, 1},
                new double[] {2, 2},
                new double[] {2, -3},
                new double[] {3, 3});
        assertThat(TheilSen.bisected(points)).isCloseTo(TheilSen.exact(points), within(1e-9));
        assertThat(TheilSen.bisected(List.of(new double[] {1, 1}, new double[] {1, 2})))
                .isZero();
    }

    @Test
    void aDayOfSecondsNeedsNoPairsInMemory() {
        // 86,400 points: 3.7 billion pairs, 30 GB as doubles; an int count of them overflows
        List<double[]> points = new ArrayList<>();
        for (int i = 0; i < 86_400; i++) {
            points.add(new double[] {i, 2 + 0.001 * i + (i % 10 == 0 ? 3 : 0)});
        }
        assertThat(TheilSen.slope(points)).isCloseTo(0.001, within(1e-6));
    }
}
