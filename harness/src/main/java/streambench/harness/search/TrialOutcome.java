package streambench.harness.search;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What one trial showed, reduced to what the searches decide on. {@code checks} (check name → passed,
 * in the order the verdict reports them) is carried through to the caller's CSV untouched: the searches
 * only read {@code passed}, so a new check needs no change here.
 *
 * <p>A trial is passed, failed or undetermined. An undetermined trial says nothing about the engine: it
 * is never a failure of the engine, and never a pass either, so it neither bounds a capacity from above
 * nor stands under one from below, and {@code tune} never keeps or ranks on it.
 *
 * @param passed             every check passed, so the engine sustained the rate
 * @param undetermined       the trial cannot be judged: the producer could not hold its schedule, whether
 *                           or not the engine also missed a check under the late load
 * @param undeterminedReason why it is undetermined, for the stop reason and the CSV; empty when it is not
 * @param maxLatencySeconds  the highest per-second max latency; NaN when there was no reading, which
 *                           compares as worse than any number
 * @param consumerCores      mean CPU cores the consumer used; NaN when not sampled
 * @param commitsPerSecond   table commits per second of the trial's load; NaN when unknown. {@code capacity}
 *                           sizes its confirmation run from it, so that the run meets the engine's log
 *                           checkpoints
 */
public record TrialOutcome(
        boolean passed,
        boolean undetermined,
        String undeterminedReason,
        Map<String, Boolean> checks,
        double maxLatencySeconds,
        double p99Seconds,
        boolean keptUp,
        double consumerCores,
        double commitsPerSecond) {
    public TrialOutcome {
        Objects.requireNonNull(undeterminedReason, "undeterminedReason");
        if (passed && undetermined) {
            // the verdict counts the load among its checks; both at once would let a search count it either way
            throw new IllegalArgumentException("an undetermined trial cannot have passed");
        }
        checks = Collections.unmodifiableMap(new LinkedHashMap<>(checks));
    }

    /** {@code passed} or failed; not undetermined; commits per second unknown until {@link #withCommitsPerSecond}. */
    public static TrialOutcome judged(
            boolean passed,
            Map<String, Boolean> checks,
            double maxLatencySeconds,
            double p99Seconds,
            boolean keptUp,
            double consumerCores) {
        return new TrialOutcome(
                passed, false, "", checks, maxLatencySeconds, p99Seconds, keptUp, consumerCores, Double.NaN);
    }

    /** Neither a pass nor a failure: the figures are kept for the record, not for a decision. */
    public static TrialOutcome undetermined(
            String reason,
            Map<String, Boolean> checks,
            double maxLatencySeconds,
            double p99Seconds,
            boolean keptUp,
            double consumerCores) {
        return new TrialOutcome(
                false, true, reason, checks, maxLatencySeconds, p99Seconds, keptUp, consumerCores, Double.NaN);
    }

    public TrialOutcome withCommitsPerSecond(double perSecond) {
        return new TrialOutcome(
                passed,
                undetermined,
                undeterminedReason,
                checks,
                maxLatencySeconds,
                p99Seconds,
                keptUp,
                consumerCores,
                perSecond);
    }

    /** The engine missed a check under a load it was given: the only outcome that counts against it. */
    public boolean failed() {
        return !passed && !undetermined;
    }

    /** For the console and the CSVs: passed, failed or undetermined. */
    public String word() {
        return passed ? "passed" : undetermined ? "undetermined" : "failed";
    }
}
