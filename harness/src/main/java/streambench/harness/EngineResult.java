package streambench.harness;

import org.HdrHistogram.Histogram;
import streambench.harness.analysis.CommitRow;
import streambench.harness.analysis.Completeness;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Everything the reports say about one engine in one run; {@code notRun} set when it never ran. */
record EngineResult(
        String id,
        String label,
        boolean attempted,
        Optional<String> notRun,
        long startMicros,
        List<SecondBin> bins,
        Histogram whole,
        List<CommitRow> commits,
        Optional<ProducerReport> producer,
        Optional<Completeness.Result> completeness,
        double producedRate,
        double committedRate,
        double trendSlope,
        long malformed,
        long negativeLatencies,
        Map<String, List<ProcessSampler.Sample>> processes,
        Map<String, String> knobs,
        Verdict.Outcome verdict,
        String logTail) {

    /** {@code attempted}: it was started but crashed or never became ready (failed), rather than not run. */
    static EngineResult didNotRun(Engine engine, String reason, boolean attempted, Map<String, String> knobs,
                                  String logTail) {
        return new EngineResult(engine.id(), engine.label(), attempted, Optional.of(reason), 0, List.of(), new Histogram(3),
                List.of(), Optional.empty(), Optional.empty(), 0, 0, Double.NaN, 0, 0, Map.of(), knobs,
                new Verdict.Outcome(List.of(new Verdict.Check("ran", false, reason))), logTail);
    }

    boolean ran() {
        return notRun.isEmpty();
    }

    /** passed, failed, invalid (the producer did not deliver the load) or not run. */
    String status() {
        if (!ran()) {
            return attempted ? "failed" : "not run";
        }
        if (verdict.passed()) {
            return "passed";
        }
        return verdict.invalidLoad() ? "invalid" : "failed";
    }

    double percentileSeconds(double p) {
        return whole.getTotalCount() == 0 ? Double.NaN : whole.getValueAtPercentile(p) / 1e6;
    }

    double maxSeconds() {
        return whole.getTotalCount() == 0 ? Double.NaN : whole.getMaxValue() / 1e6;
    }
}
