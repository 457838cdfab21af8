package streambench.harness.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The checks, each a small pure function over numbers the analysis produced: four about the engine
 * (threshold, trend, kept-up, complete) and three about whether the run can be judged at all (load,
 * clean, clocks). An engine passes when every check passes; a failed validity check makes the run
 * invalid rather than failed.
 */
public final class Verdict {
    private Verdict() {}

    /** {@code invalidates}: failing it says the run cannot be judged (invalid), not that the engine failed. */
    /** Fewer seconds after the warm-up than this are too short for a slope. */
    public static final int TREND_MIN_POINTS = 5;

    public record Check(String name, boolean passed, String detail, boolean invalidates) {
        public Check(String name, boolean passed, String detail) {
            this(name, passed, detail, false);
        }
    }

    public record Outcome(List<Check> checks) {
        public boolean passed() {
            return checks.stream().allMatch(Check::passed);
        }

        /** A validity check failed: the figures describe something other than the engine under the offered load. */
        public boolean invalid() {
            return checks.stream().anyMatch(c -> c.invalidates() && !c.passed());
        }

        public List<String> failures() {
            return checks.stream()
                    .filter(c -> !c.passed())
                    .map(c -> c.name() + ": " + c.detail())
                    .toList();
        }
    }

    /** 1. Every per-second max latency (exact, not a histogram bucket) is below the threshold. */
    public static Check threshold(List<SecondBin> bins, double thresholdSeconds) {
        if (bins.isEmpty()) {
            return new Check("threshold", false, "no readings");
        }
        List<SecondBin> over =
                bins.stream().filter(b -> !(b.maxSeconds() < thresholdSeconds)).toList();
        double worst = bins.stream().mapToDouble(SecondBin::maxSeconds).max().orElse(0);
        if (over.isEmpty()) {
            return new Check("threshold", true, fmt("max %.2f s < %.1f s", worst, thresholdSeconds));
        }
        return new Check(
                "threshold",
                false,
                fmt(
                        "%d of %d seconds at or over %.1f s (worst %.2f s at second %d)",
                        over.size(),
                        bins.size(),
                        thresholdSeconds,
                        worst,
                        bins.stream()
                                .filter(b -> b.maxSeconds() == worst)
                                .findFirst()
                                .orElseThrow()
                                .elapsedSecond()));
    }

    /**
     * 2. No upward trend: fails when the Theil–Sen slope of per-second max latency after warm-up is at
     * least {@code maxSlope} s/s <em>and</em> the rise it implies over that window is at least
     * {@code minRiseSeconds}. Over a short window the slope of noisy readings alone swings past any small
     * bound (±0.02 s/s over 15 s was seen on a flat run); a real ramp also rises by seconds.
     */
    public static Check trend(List<SecondBin> bins, long warmupSeconds, double maxSlope, double minRiseSeconds) {
        List<double[]> points = steadyPoints(bins, warmupSeconds);
        if (points.size() < TREND_MIN_POINTS) {
            return new Check(
                    "trend",
                    false,
                    fmt("only %d seconds after a %d s warm-up: too short to judge", points.size(), warmupSeconds));
        }
        double slope = TheilSen.slope(points);
        double window = points.get(points.size() - 1)[0] - points.get(0)[0];
        double rise = slope * window;
        boolean rising = slope >= maxSlope && rise >= minRiseSeconds;
        return new Check(
                "trend",
                !rising,
                fmt(
                        "slope %+.4f s/s over %d s, a rise of %+.2f s (fails at >= %.3f s/s " + "and >= %.1f s)",
                        slope, points.size(), rise, maxSlope, minRiseSeconds));
    }

    /** Theil–Sen slope of per-second max latency after warm-up, s/s: the number the trend check judges. */
    public static double steadySlope(List<SecondBin> bins, long warmupSeconds) {
        return TheilSen.slope(steadyPoints(bins, warmupSeconds));
    }

    private static List<double[]> steadyPoints(List<SecondBin> bins, long warmupSeconds) {
        List<double[]> points = new ArrayList<>();
        for (SecondBin b : bins) {
            if (b.elapsedSecond() >= warmupSeconds) {
                points.add(new double[] {b.elapsedSecond(), b.maxSeconds()});
            }
        }
        return points;
    }

    /**
     * 3. Kept up: over the steady window committed records/s at least {@code minRatio} of produced, and
     * the backlog drained: the last record committed within the drain period after the producer stopped.
     */
    public static Check keptUp(
            double producedPerSecond,
            double committedPerSecond,
            double minRatio,
            boolean drained,
            double drainSeconds) {
        double ratio = producedPerSecond > 0 ? committedPerSecond / producedPerSecond : 0;
        boolean ok = ratio >= minRatio && drained;
        String detail = fmt(
                        "committed %.0f/s vs produced %.0f/s (ratio %.3f, need >= %.2f); ",
                        committedPerSecond, producedPerSecond, ratio, minRatio)
                + (drained
                        ? fmt("drained %.1f s after the producer stopped", drainSeconds)
                        : "backlog not drained in time");
        return new Check("kept-up", ok, detail);
    }

    /** 4. Complete: every acknowledged event in the table exactly once. */
    public static Check complete(Completeness.Result r) {
        return new Check(
                "complete",
                r.exact(),
                fmt(
                        "%d expected, %d missing, %d duplicated, %d unexpected",
                        r.expected(), r.missing(), r.duplicates(), r.unexpected()));
    }

    /** 5. The producer delivered the offered load: schedule completed, nothing failed, acks within {@code maxLagMs}. */
    public static Check load(boolean completedSchedule, long failedSends, double maxAckLagMs, double maxLagMs) {
        boolean ok = completedSchedule && failedSends == 0 && maxAckLagMs < maxLagMs;
        String bound =
                Double.isInfinite(maxLagMs) ? "not bounded: a fault held the broker back" : fmt("bound %.0f", maxLagMs);
        return new Check(
                "load",
                ok,
                fmt(
                        "schedule %s, %d failed sends, max schedule-to-ack %.0f ms (%s)",
                        completedSchedule ? "completed" : "cut short", failedSends, maxAckLagMs, bound),
                true);
    }

    /** 6. Clean: the table holds only what the run's producers acknowledged. */
    public static Check clean(ForeignRows foreign) {
        if (foreign.count() == 0) {
            return new Check("clean", true, "no foreign records", true);
        }
        return new Check(
                "clean",
                false,
                fmt(
                        "topic contaminated by %d foreign records, e.g. %s",
                        foreign.count(), String.join("; ", foreign.examples())),
                true);
    }

    /**
     * 7. Clocks agree within {@code toleranceMs}: no record committed before it was due (the writer's clock
     * behind the producer's), and no commit seen by the harness before its own timestamp (the writer's
     * clock ahead of the harness's). Either makes every latency of the run suspect.
     *
     * @param negativeRecords         records whose commit timestamp is before their ts
     * @param worstNegativeMicros     the most negative latency, µs (0 if none)
     * @param minObservedMinusCommitMs the smallest observed-minus-written commit gap, when the harness tailed
     */
    public static Check clocks(
            long negativeRecords,
            long worstNegativeMicros,
            java.util.OptionalLong minObservedMinusCommitMs,
            long toleranceMs) {
        List<String> problems = new ArrayList<>();
        if (-worstNegativeMicros > toleranceMs * 1000) {
            problems.add(fmt(
                    "writer clock at least %.3f s behind the producer (%d records committed before they were due)",
                    -worstNegativeMicros / 1e6, negativeRecords));
        }
        if (minObservedMinusCommitMs.isPresent() && -minObservedMinusCommitMs.getAsLong() > toleranceMs) {
            problems.add(fmt(
                    "writer clock at least %.3f s ahead of the harness (a commit seen before its timestamp)",
                    -minObservedMinusCommitMs.getAsLong() / 1e3));
        }
        if (!problems.isEmpty()) {
            return new Check(
                    "clocks", false, String.join("; ", problems) + fmt(" (tolerance %d ms)", toleranceMs), true);
        }
        String seen = minObservedMinusCommitMs.isPresent()
                ? fmt(", commits seen at least %d ms after their timestamp", minObservedMinusCommitMs.getAsLong())
                : "";
        String negatives = negativeRecords == 0
                ? "no negative latency"
                : fmt("%d negative latencies, the worst %.0f ms", negativeRecords, worstNegativeMicros / 1e3);
        return new Check("clocks", true, negatives + fmt(" (tolerance %d ms)", toleranceMs) + seen, true);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
