package streambench.harness.analysis;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The Theil–Sen estimator: the median of the slopes between all pairs of points. One spike or a
 * checkpoint's sawtooth barely moves it, where a least-squares slope would swing; a steady climb
 * moves it fully. Up to {@link #EXACT_POINTS} points every pairwise slope is sorted; beyond that (a
 * run of hours) the median is found by bisection on the slope, counting the pairs below a candidate as
 * inversions with a merge sort: O(n) memory and O(n log n) per step, where the pairs alone would need
 * gigabytes.
 */
public final class TheilSen {
    static final int EXACT_POINTS = 1000;

    private TheilSen() {}

    /** Slope of y over x; 0 for fewer than two points with different x. */
    public static double slope(List<double[]> points) {
        return points.size() <= EXACT_POINTS ? exact(points) : bisected(points);
    }

    static double exact(List<double[]> points) {
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

    static double bisected(List<double[]> points) {
        // by x, and by y where x ties: then a pair of equal x never counts as an inversion below
        double[][] sorted = points.toArray(new double[0][]);
        Arrays.sort(sorted, Comparator.<double[]>comparingDouble(p -> p[0]).thenComparingDouble(p -> p[1]));
        int n = sorted.length;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = sorted[i][0];
            y[i] = sorted[i][1];
        }
        long pairs = (long) n * (n - 1) / 2;
        double minGap = Double.POSITIVE_INFINITY;
        long tied = 0;
        for (int i = 1; i < n; i++) {
            if (x[i] == x[i - 1]) {
                tied++;
                pairs -= tied; // the i-th point of a group of equal x pairs with every earlier one of it
            } else {
                tied = 0;
                minGap = Math.min(minGap, x[i] - x[i - 1]);
            }
        }
        if (pairs == 0) {
            return 0;
        }
        double yRange =
                Arrays.stream(y).max().orElse(0) - Arrays.stream(y).min().orElse(0);
        double bound = yRange / minGap + 1;
        if (pairs % 2 == 1) {
            return kth(x, y, (pairs + 1) / 2, bound);
        }
        return (kth(x, y, pairs / 2, bound) + kth(x, y, pairs / 2 + 1, bound)) / 2;
    }

    /** The k-th smallest pairwise slope (1-based): the t where fewer than k slopes lie below t and at least k at or below. */
    private static double kth(double[] x, double[] y, long k, double bound) {
        double lo = -bound;
        double hi = bound;
        double[] z = new double[x.length];
        double[] scratch = new double[x.length];
        while (true) {
            double mid = lo + (hi - lo) / 2;
            if (mid <= lo || mid >= hi) {
                return hi;
            }
            if (slopesBelow(x, y, mid, z, scratch) >= k) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
    }

    /** Pairs i < j (in x order) whose slope is below t: y_j - t·x_j < y_i - t·x_i, an inversion of z = y - t·x. */
    private static long slopesBelow(double[] x, double[] y, double t, double[] z, double[] scratch) {
        for (int i = 0; i < x.length; i++) {
            z[i] = y[i] - t * x[i];
        }
        return inversions(z, scratch, 0, z.length);
    }

    private static long inversions(double[] a, double[] scratch, int from, int to) {
        if (to - from < 2) {
            return 0;
        }
        int mid = (from + to) >>> 1;
        long count = inversions(a, scratch, from, mid) + inversions(a, scratch, mid, to);
        int i = from;
        int j = mid;
        int k = from;
        while (i < mid && j < to) {
            if (a[j] < a[i]) {
                count += mid - i;
                scratch[k++] = a[j++];
            } else {
                scratch[k++] = a[i++];
            }
        }
        while (i < mid) {
            scratch[k++] = a[i++];
        }
        while (j < to) {
            scratch[k++] = a[j++];
        }
        System.arraycopy(scratch, from, a, from, to - from);
        return count;
    }
}
