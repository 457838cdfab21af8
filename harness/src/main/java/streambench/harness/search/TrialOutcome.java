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
 * @param passed            every check passed, so the engine sustained the rate
 * @param loadInvalid       the producer could not hold its schedule: the trial says nothing about the
 *                          engine, so it is neither a pass nor a failure
 * @param loadInvalidReason why the load was invalid, for the stop reason; empty when it was valid
 * @param maxLatencySeconds the highest per-second max latency; NaN when there was no reading, which
 *                          compares as worse than any number
 * @param consumerCores     mean CPU cores the consumer used; NaN when not sampled
 */
public record TrialOutcome(
        boolean passed,
        boolean loadInvalid,
        String loadInvalidReason,
        Map<String, Boolean> checks,
        double maxLatencySeconds,
        double p99Seconds,
        boolean keptUp,
        double consumerCores) {
    public TrialOutcome {
        Objects.requireNonNull(loadInvalidReason, "loadInvalidReason");
        if (passed && loadInvalid) {
            // the verdict counts the load among its checks; both at once would let a search count it either way
            throw new IllegalArgumentException("a trial with an invalid load cannot have passed");
        }
        checks = Collections.unmodifiableMap(new LinkedHashMap<>(checks));
    }

    /** {@code passed} or failed; {@code loadInvalid} false. */
    public static TrialOutcome judged(
            boolean passed,
            Map<String, Boolean> checks,
            double maxLatencySeconds,
            double p99Seconds,
            boolean keptUp,
            double consumerCores) {
        return new TrialOutcome(passed, false, "", checks, maxLatencySeconds, p99Seconds, keptUp, consumerCores);
    }

    /** The producer could not hold the rate: the figures are kept for the record, not for a decision. */
    public static TrialOutcome invalidLoad(
            String reason,
            Map<String, Boolean> checks,
            double maxLatencySeconds,
            double p99Seconds,
            boolean keptUp,
            double consumerCores) {
        return new TrialOutcome(false, true, reason, checks, maxLatencySeconds, p99Seconds, keptUp, consumerCores);
    }
}
