package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The five checks of DESIGN.md §3, each a small pure function over numbers the analysis produced.
 * An engine passes when every check passes; the load check failing makes the run invalid rather
 * than failed.
 */
public final class Verdict {
    private Verdict() {
    }

    public record Check(String name, boolean passed, String detail) {
    }

    public record Outcome(List<Check> checks) {
        public boolean passed() {
            return checks.stream().allMatch(Check::passed);
        }

        public boolean invalidLoad() {
            return checks.stream().anyMatch(c -> c.name().equals("load") && !c.passed());
        }

        public List<String> failures() {
            return checks.stream().filter(c -> !c.passed()).map(c -> c.name() + ": " + c.detail()).toList();
        }
    }

    /** 1. Every per-second max latency is below the threshold. */
    public static Check threshold(List<SecondBin> bins, double thresholdSeconds) {
        if (bins.isEmpty()) {
            return new Check("threshold", false, "no readings");
        }
        List<SecondBin> over = bins.stream().filter(b -> !(b.maxSeconds() < thresholdSeconds)).toList();
        double worst = bins.stream().mapToDouble(SecondBin::maxSeconds).max().orElse(0);
        if (over.isEmpty()) {
            return new Check("threshold", true, fmt("max %.2f s < %.1f s", worst, thresholdSeconds));
        }
        return new Check("threshold", false, fmt("%d of %d seconds at or over %.1f s (worst %.2f s at second %d)",
                over.size(), bins.size(), thresholdSeconds, worst,
                bins.stream().filter(b -> b.maxSeconds() == worst).findFirst().orElseThrow().elapsedSecond()));
    }

    /**
     * 2. No upward trend: fails when the Theil–Sen slope of per-second max latency after warm-up is at
     * least {@code maxSlope} s/s <em>and</em> the rise it implies over that window is at least
     * {@code minRiseSeconds}. Over a short window the slope of noisy readings alone swings past any small
     * bound (±0.02 s/s over 15 s was seen on a flat run); a real ramp also rises by seconds.
     */
    public static Check trend(List<SecondBin> bins, long warmupSeconds, double maxSlope, double minRiseSeconds) {
        List<double[]> points = steadyPoints(bins, warmupSeconds);
        if (points.size() < 5) {
            return new Check("trend", false, fmt("only %d seconds after a %d s warm-up: too short to judge",
                    points.size(), warmupSeconds));
        }
        double slope = TheilSen.slope(points);
        double window = points.get(points.size() - 1)[0] - points.get(0)[0];
        double rise = slope * window;
        boolean rising = slope >= maxSlope && rise >= minRiseSeconds;
        return new Check("trend", !rising, fmt("slope %+.4f s/s over %d s, a rise of %+.2f s (fails at >= %.3f s/s "
                + "and >= %.1f s)", slope, points.size(), rise, maxSlope, minRiseSeconds));
    }

    /** Theil–Sen slope of per-second max latency after warm-up, s/s: the number the trend check judges. */
    public static double steadySlope(List<SecondBin> bins, long warmupSeconds) {
        return TheilSen.slope(steadyPoints(bins, warmupSeconds));
    }

    private static List<double[]> steadyPoints(List<SecondBin> bins, long warmupSeconds) {
        List<double[]> points = new ArrayList<>();
        for (SecondBin b : bins) {
            if (b.elapsedSecond() >= warmupSeconds) {
                points.add(new double[]{b.elapsedSecond(), b.maxSeconds()});
            }
        }
        return points;
    }

    /**
     * 3. Kept up: over the steady window committed records/s at least {@code minRatio} of produced, and
     * the backlog drained: the last record committed within the drain period after the producer stopped.
     */
    public static Check keptUp(double producedPerSecond, double committedPerSecond, double minRatio,
                               boolean drained, double drainSeconds) {
        double ratio = producedPerSecond > 0 ? committedPerSecond / producedPerSecond : 0;
        boolean ok = ratio >= minRatio && drained;
        String detail = fmt("committed %.0f/s vs produced %.0f/s (ratio %.3f, need >= %.2f); ", committedPerSecond,
                producedPerSecond, ratio, minRatio)
                + (drained ? fmt("drained %.1f s after the producer stopped", drainSeconds) : "backlog not drained in time");
        return new Check("kept-up", ok, detail);
    }

    /** 4. Complete: every acknowledged event in the table exactly once. */
    public static Check complete(Completeness.Result r) {
        return new Check("complete", r.exact(), fmt("%d expected, %d missing, %d duplicated, %d unexpected",
                r.expected(), r.missing(), r.duplicates(), r.unexpected()));
    }

    /** 5. The producer delivered the offered load: schedule completed, nothing failed, acks within {@code maxLagMs}. */
    public static Check load(boolean completedSchedule, long failedSends, double maxAckLagMs, double maxLagMs) {
        boolean ok = completedSchedule && failedSends == 0 && maxAckLagMs < maxLagMs;
        return new Check("load", ok, fmt("schedule %s, %d failed sends, max schedule-to-ack %.0f ms (bound %.0f)",
                completedSchedule ? "completed" : "cut short", failedSends, maxAckLagMs, maxLagMs));
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
