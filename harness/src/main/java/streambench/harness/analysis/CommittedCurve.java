package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * Measured rows visible in the table against the second of the run, with each commit's rows counted as arriving
 * evenly since the commit before it (the first since second 0, before which no measured row can exist; after the
 * last commit, none).
 *
 * <p>Why not whole commits inside a window: a micro-batch engine makes a few seconds' rows visible at once, so a
 * window of the run gains or loses up to one batch at each edge by where a commit happened to fall. A 2.5 s batch
 * is 10 % of a 25 s window: the kept-up check (>= 0.95) then failed or passed a run that drained in 1.5 s by the
 * phase of its trigger. The curve gives each window its share of the commits at its edges; an engine that stops
 * committing still shows a flat curve.
 */
public final class CommittedCurve {
    private final List<double[]> points = new ArrayList<>(); // {second of the run, rows visible by then}

    /** From commits in the order they became visible: {@code secondOfRun} ascending. */
    void add(double secondOfRun, long rows) {
        double last = points.isEmpty() ? 0 : points.get(points.size() - 1)[1];
        if (!points.isEmpty() && secondOfRun < points.get(points.size() - 1)[0]) {
            throw new IllegalArgumentException(
                    "commits out of order: " + secondOfRun + " s after " + points.get(points.size() - 1)[0] + " s");
        }
        points.add(new double[] {secondOfRun, last + rows});
    }

    /** A curve from {@code {second of the run, rows}} pairs, in the order they became visible. */
    public static CommittedCurve of(double[]... commits) {
        CommittedCurve c = new CommittedCurve();
        for (double[] commit : commits) {
            c.add(commit[0], (long) commit[1]);
        }
        return c;
    }

    /** Rows visible by {@code second}, interpolated between the commits around it. */
    public double rowsBy(double second) {
        double prevSecond = 0;
        double prevRows = 0;
        for (double[] p : points) {
            if (second < p[0]) {
                if (second <= prevSecond) {
                    return prevRows;
                }
                return prevRows + (p[1] - prevRows) * (second - prevSecond) / (p[0] - prevSecond);
            }
            prevSecond = p[0];
            prevRows = p[1];
        }
        return prevRows;
    }

    /** Rows per second over {@code [fromSecond, toSecond)}; 0 for an empty window. */
    public double rate(double fromSecond, double toSecond) {
        return toSecond <= fromSecond ? 0 : (rowsBy(toSecond) - rowsBy(fromSecond)) / (toSecond - fromSecond);
    }
}
