package streambench.harness.fault;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import streambench.harness.analysis.Recovery;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;

/**
 * What the faults of one engine's turn did, for the verdict and the reports: each timed fault as it fired,
 * the hostile records the poison producer got acknowledged, and the malformed records the consumers
 * counted. A run without faults has {@link #NONE}.
 */
public record FaultRun(
        List<FaultSpec> specs,
        List<FaultInjector.Fired> fired,
        long poisonAcked,
        long poisonFailed,
        long malformedCounted,
        int consumerRestarts) {

    public static final FaultRun NONE = new FaultRun(List.of(), List.of(), 0, 0, 0, 0);

    /** One fault as the summary reports it. */
    public record Outcome(
            String fault,
            double atSecond,
            double peakSeconds,
            Long recoverySeconds,
            boolean recovered,
            String how,
            String note) {}

    public boolean poisoned() {
        return specs.stream().anyMatch(s -> s.kind() == FaultSpec.Kind.POISON);
    }

    public boolean brokerRestarted() {
        return specs.stream().anyMatch(s -> s.kind() == FaultSpec.Kind.BROKER_RESTART);
    }

    /**
     * The first second a timed fault could reach, or empty: threshold and trend judge the seconds before it.
     * Events due up to a threshold before a fault may still be in flight when it strikes; their latency is
     * the fault's doing, so they count towards its peak, not against the engine's health before it.
     */
    public OptionalLong firstReachedSecond(double thresholdSeconds) {
        return fired.stream().mapToLong(f -> reach(f, thresholdSeconds)).min();
    }

    private static long reach(FaultInjector.Fired f, double thresholdSeconds) {
        return Math.max(0, (long) Math.floor(f.atSecond()) - (long) Math.ceil(thresholdSeconds));
    }

    /**
     * Per fired fault: the time back under the threshold, judged from the fault until the next fault's reach
     * (or the end), and the peak latency from its own reach on.
     */
    public List<Outcome> outcomes(List<SecondBin> bins, double thresholdSeconds, boolean consumerCrashed) {
        List<FaultInjector.Fired> ordered = fired.stream()
                .sorted(java.util.Comparator.comparingDouble(FaultInjector.Fired::atSecond))
                .toList();
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            FaultInjector.Fired f = ordered.get(i);
            long from = (long) Math.floor(f.atSecond());
            long until = i + 1 < ordered.size()
                    ? Math.max(from + 1, reach(ordered.get(i + 1), thresholdSeconds))
                    : Long.MAX_VALUE;
            Recovery r = Recovery.of(bins, thresholdSeconds, reach(f, thresholdSeconds), from, until);
            String how = !r.recovered() || consumerCrashed
                    ? "did not recover"
                    : f.spec().kind() == FaultSpec.Kind.KILL_CONSUMER ? "restarted by the harness" : "on its own";
            out.add(new Outcome(
                    f.spec().text(),
                    f.atSecond(),
                    r.peakSeconds(),
                    r.recoverySeconds().isPresent() ? r.recoverySeconds().getAsLong() : null,
                    r.recovered() && !consumerCrashed,
                    how,
                    f.note()));
        }
        return out;
    }

    /** The checks a fault run adds: each fault recovered from, and every injected hostile record counted. */
    public List<Verdict.Check> checks(List<Outcome> outcomes) {
        List<Verdict.Check> checks = new ArrayList<>();
        for (FaultSpec s : specs) {
            if (s.timed() && fired.stream().noneMatch(f -> f.spec().equals(s))) {
                checks.add(new Verdict.Check("fault " + s.text(), false, "never fired: the load ended first"));
            }
        }
        for (Outcome o : outcomes) {
            String detail = o.recovered()
                    ? String.format(
                            Locale.ROOT,
                            "peak %.2f s, back under the threshold %d s after the fault at %.1f s (%s)",
                            o.peakSeconds(),
                            o.recoverySeconds(),
                            o.atSecond(),
                            o.how())
                    : String.format(
                            Locale.ROOT,
                            "peak %.2f s, not back under the threshold by the end (fault at %.1f s; %s)",
                            o.peakSeconds(),
                            o.atSecond(),
                            o.note());
            checks.add(new Verdict.Check("fault " + o.fault(), o.recovered(), detail));
        }
        if (poisoned()) {
            // a restarted consumer reads again from its checkpoint and may count a record twice
            boolean ok = consumerRestarts > 0 ? malformedCounted >= poisonAcked : malformedCounted == poisonAcked;
            checks.add(new Verdict.Check(
                    "malformed",
                    ok && poisonFailed == 0,
                    String.format(
                            Locale.ROOT,
                            "%,d hostile records injected (%d failed sends), %,d counted as malformed (need %s)",
                            poisonAcked,
                            poisonFailed,
                            malformedCounted,
                            consumerRestarts > 0 ? "at least as many, after a restart" : "exactly as many")));
        }
        return checks;
    }
}
