package streambench.harness;

import streambench.harness.analysis.Recovery;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * What the faults of one engine's turn did, for the verdict and the reports: each timed fault as it fired,
 * the hostile records the poison producer got acknowledged, and the malformed records the consumers
 * counted. A run without faults has {@link #NONE}.
 */
record FaultRun(List<FaultSpec> specs, List<FaultInjector.Fired> fired, long poisonAcked, long poisonFailed,
                long malformedCounted, int consumerRestarts) {

    static final FaultRun NONE = new FaultRun(List.of(), List.of(), 0, 0, 0, 0);

    /** One fault as the summary reports it. */
    record Outcome(String fault, double atSecond, double peakSeconds, Long recoverySeconds, boolean recovered,
                   String how, String note) {
    }

    boolean any() {
        return !specs.isEmpty();
    }

    boolean poisoned() {
        return specs.stream().anyMatch(s -> s.kind() == FaultSpec.Kind.POISON);
    }

    boolean brokerRestarted() {
        return specs.stream().anyMatch(s -> s.kind() == FaultSpec.Kind.BROKER_RESTART);
    }

    /** The first second a timed fault touched, or empty: threshold and trend are judged before it. */
    OptionalLong firstFaultSecond() {
        return fired.stream().mapToLong(f -> (long) Math.floor(f.atSecond())).min();
    }

    /** Per fired fault: peak latency until the next fault (or the end) and the time back under the threshold. */
    List<Outcome> outcomes(List<SecondBin> bins, double thresholdSeconds, long durationSeconds, boolean consumerCrashed) {
        List<FaultInjector.Fired> ordered = fired.stream()
                .sorted(java.util.Comparator.comparingDouble(FaultInjector.Fired::atSecond)).toList();
        List<Outcome> out = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            FaultInjector.Fired f = ordered.get(i);
            long from = (long) Math.floor(f.atSecond());
            long until = i + 1 < ordered.size() ? (long) Math.floor(ordered.get(i + 1).atSecond()) : Long.MAX_VALUE;
            Recovery r = Recovery.of(bins, thresholdSeconds, from, until);
            String how = !r.recovered() || consumerCrashed ? "did not recover"
                    : f.spec().kind() == FaultSpec.Kind.KILL_CONSUMER ? "restarted by the harness" : "on its own";
            out.add(new Outcome(f.spec().text(), f.atSecond(), r.peakSeconds(),
                    r.recoverySeconds().isPresent() ? r.recoverySeconds().getAsLong() : null, r.recovered() && !consumerCrashed,
                    how, f.note()));
        }
        return out;
    }

    /** The checks a fault run adds: each fault recovered from, and every injected hostile record counted. */
    List<Verdict.Check> checks(List<Outcome> outcomes) {
        List<Verdict.Check> checks = new ArrayList<>();
        for (FaultSpec s : specs) {
            if (s.timed() && fired.stream().noneMatch(f -> f.spec().equals(s))) {
                checks.add(new Verdict.Check("fault " + s.text(), false, "never fired: the load ended first"));
            }
        }
        for (Outcome o : outcomes) {
            String detail = o.recovered()
                    ? String.format(Locale.ROOT, "peak %.2f s, back under the threshold %d s after the fault at %.1f s (%s)",
                    o.peakSeconds(), o.recoverySeconds(), o.atSecond(), o.how())
                    : String.format(Locale.ROOT, "peak %.2f s, not back under the threshold by the end (fault at %.1f s; %s)",
                    o.peakSeconds(), o.atSecond(), o.note());
            checks.add(new Verdict.Check("fault " + o.fault(), o.recovered(), detail));
        }
        if (poisoned()) {
            // a restarted consumer reads again from its checkpoint and may count a record twice
            boolean ok = consumerRestarts > 0 ? malformedCounted >= poisonAcked : malformedCounted == poisonAcked;
            checks.add(new Verdict.Check("malformed", ok && poisonFailed == 0, String.format(Locale.ROOT,
                    "%,d hostile records injected (%d failed sends), %,d counted as malformed (need %s)", poisonAcked,
                    poisonFailed, malformedCounted, consumerRestarts > 0 ? "at least as many, after a restart" : "exactly as many")));
        }
        return checks;
    }
}
