package streambench.harness.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * The Theil–Sen estimator: the median of the slopes between all pairs of points. One spike or a
 * checkpoint's sawtooth barely moves it, where a least-squares slope would swing; a steady climb
 * moves it fully. O(n²) pairs is fine for the few hundred seconds of a run.
 */
public final class TheilSen {
    private TheilSen() {
    }

    /** Slope of y over x; 0 for fewer than two points. */
    public static double slope(List<double[]> points) {
        int n = points.size();
        if (n < 2) {
            return 0;
        }
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double dx = points.get(j)[0] - points.get(i)[0];
                if (dx != 0) {
                    slopes[k++] = (points.get(j)[1] - points.get(i)[1]) / dx;
                }
            }
        }
        if (k == 0) {
            return 0;
        }
        double[] used = Arrays.copyOf(slopes, k);
        Arrays.sort(used);
        return k % 2 == 1 ? used[k / 2] : (used[k / 2 - 1] + used[k / 2]) / 2;
    }
}
