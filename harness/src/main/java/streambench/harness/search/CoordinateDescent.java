package streambench.harness.search;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import streambench.common.ConfigException;

/**
 * The tuning loop without a person in it: at one rate, change one knob at a time from the best set so
 * far, keep the change only when it beats that set by more than run-to-run noise, and revert it
 * otherwise.
 *
 * <p>The baseline runs twice first: the difference between the two is the noise, and a change that does
 * not beat the better baseline run by more than that is indistinguishable from luck. The objective, in
 * order: every check passes (a pass beats a failure whatever the latencies); then a lower per-second max
 * latency; then, when the maxima are within the noise, lower consumer CPU. Dimensions are tried in the
 * order the search space declares them, and passes over all of them repeat until one keeps nothing: a
 * knob that only helps once a knob declared after it has changed is found on the next pass. A knob set
 * already tried is not run again, which is what makes the last pass cheap.
 */
public final class CoordinateDescent {
    public enum Decision {
        BASELINE,
        KEPT,
        REVERTED
    }

    public enum Stop {
        CONVERGED("converged: a full pass over the search space kept no change"),
        TRIAL_BUDGET("trial budget spent"),
        DEADLINE("time budget spent: no further trial could finish before the deadline"),
        INTERRUPTED("interrupted"),
        /** Tuning at a rate the producer cannot hold would tune against the load generator. */
        BASELINE_LOAD_INVALID("the load generator cannot hold this rate here");

        private final String text;

        Stop(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** How far apart two runs of the same knobs can land; a change must beat the best by more than this. */
    public record Noise(double latencySeconds, double cpuCores) {}

    /**
     * @param round   the pass over the search space, from 1; 0 for the two baseline runs
     * @param knob    the knob this trial changed from the best set so far; empty for a baseline run
     * @param value   the value it tried; empty for a baseline run
     * @param changed every knob of this trial that differs from the baseline: the trial's whole recipe
     * @param reason  why it was kept or reverted, with the numbers that decided it
     */
    public record Trial(
            int number,
            int round,
            String knob,
            String value,
            Map<String, String> changed,
            TrialOutcome outcome,
            Decision decision,
            String reason) {
        public Trial {
            changed = Collections.unmodifiableMap(new LinkedHashMap<>(changed));
        }
    }

    /**
     * @param bestKnobs   the complete winning knob set, for {@code best.env}
     * @param bestChanges the knobs in it that differ from the baseline, for the anchor's patch
     * @param bestOutcome the trial that made it the best; empty only if no trial ran
     * @param noise       empty unless both baseline runs finished
     */
    public record Result(
            Map<String, String> bestKnobs,
            Map<String, String> bestChanges,
            Optional<TrialOutcome> bestOutcome,
            Optional<Noise> noise,
            Stop stop,
            List<Trial> trials) {
        public Result {
            bestKnobs = Collections.unmodifiableMap(new LinkedHashMap<>(bestKnobs));
            bestChanges = Collections.unmodifiableMap(new LinkedHashMap<>(bestChanges));
            trials = List.copyOf(trials);
        }

        public boolean interrupted() {
            return stop == Stop.INTERRUPTED;
        }
    }

    private final Map<String, String> baseline;
    private final SearchSpace space;
    private final long rate;
    private final int maxTrials;
    private final Instant deadline;
    private final Clock clock;
    private final Duration trialDuration;
    private final double relativeNoiseFloor;
    private final double latencyNoiseFloorSeconds;
    private final double cpuNoiseFloorCores;
    private final TrialRunner runner;
    private final TrialListener<Trial> listener;

    private CoordinateDescent(Builder b) {
        this.baseline = Collections.unmodifiableMap(new LinkedHashMap<>(b.baseline));
        this.space = Objects.requireNonNull(b.space, "space");
        this.rate = b.rate;
        this.maxTrials = b.maxTrials;
        this.deadline = b.deadline;
        this.clock = b.clock;
        this.trialDuration = b.trialDuration;
        this.relativeNoiseFloor = b.relativeNoiseFloor;
        this.latencyNoiseFloorSeconds = b.latencyNoiseFloorSeconds;
        this.cpuNoiseFloorCores = b.cpuNoiseFloorCores;
        this.runner = Objects.requireNonNull(b.runner, "runner");
        this.listener = b.listener;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs trials until a pass keeps nothing or the budget is spent. If the runner is interrupted,
     * returns the best so far with {@link Stop#INTERRUPTED} and sets the thread's interrupt flag again.
     *
     * @throws IOException from the runner or the listener: the trial cannot be run or recorded
     */
    public Result run() throws IOException {
        return new Attempt().run();
    }

    /** A pass over a failure, then a lower max, then lower CPU; no noise: picks the better baseline run. */
    static int compare(TrialOutcome a, TrialOutcome b) {
        if (a.passed() != b.passed()) {
            return a.passed() ? -1 : 1;
        }
        int byMax = Double.compare(worstIfNaN(a.maxLatencySeconds()), worstIfNaN(b.maxLatencySeconds()));
        return byMax != 0 ? byMax : Double.compare(worstIfNaN(a.consumerCores()), worstIfNaN(b.consumerCores()));
    }

    private record Judgement(boolean better, String reason) {}

    /** Whether {@code candidate} beats {@code best} by more than the noise, and the numbers that say so. */
    private static Judgement judge(TrialOutcome candidate, TrialOutcome best, Noise noise) {
        if (candidate.loadInvalid()) {
            return new Judgement(false, "load invalid, says nothing about the knob: " + candidate.loadInvalidReason());
        }
        if (candidate.passed() != best.passed()) {
            return candidate.passed()
                    ? new Judgement(true, "passes every check; the best so far did not")
                    : new Judgement(false, "fails " + failedChecks(candidate) + "; the best so far passes");
        }
        // both failing still ranks by max: at a rate nothing passes yet, the descent moves towards a pass
        String both = candidate.passed() ? "" : "fails like the best so far; ";
        double cMax = candidate.maxLatencySeconds();
        double bMax = best.maxLatencySeconds();
        double lower = worstIfNaN(bMax) - worstIfNaN(cMax);
        if (lower > noise.latencySeconds()) {
            return new Judgement(
                    true,
                    both
                            + fmt(
                                    "max %.2f s, %.2f s below the best %.2f s (noise %.2f s)",
                                    cMax, lower, bMax, noise.latencySeconds()));
        }
        if (lower < -noise.latencySeconds()) {
            return new Judgement(
                    false,
                    both
                            + fmt(
                                    "max %.2f s, %.2f s above the best %.2f s (noise %.2f s)",
                                    cMax, -lower, bMax, noise.latencySeconds()));
        }
        double cCpu = candidate.consumerCores();
        double bCpu = best.consumerCores();
        double saved = worstIfNaN(bCpu) - worstIfNaN(cCpu);
        if (saved > noise.cpuCores()) {
            return new Judgement(
                    true,
                    both
                            + fmt(
                                    "max %.2f s within the noise of %.2f s; CPU %.2f cores, %.2f below the best"
                                            + " %.2f (noise %.2f)",
                                    cMax, bMax, cCpu, saved, bCpu, noise.cpuCores()));
        }
        return new Judgement(
                false,
                both
                        + fmt(
                                "within the noise: max %.2f s vs %.2f s (noise %.2f s), CPU %.2f vs %.2f cores"
                                        + " (noise %.2f)",
                                cMax, bMax, noise.latencySeconds(), cCpu, bCpu, noise.cpuCores()));
    }

    private static String failedChecks(TrialOutcome o) {
        List<String> failed = o.checks().entrySet().stream()
                .filter(e -> !e.getValue())
                .map(Map.Entry::getKey)
                .toList();
        return failed.isEmpty() ? "a check" : String.join(", ", failed);
    }

    /** No reading is worse than any reading. */
    private static double worstIfNaN(double x) {
        return Double.isNaN(x) ? Double.POSITIVE_INFINITY : x;
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    /** Noise as measured, but never under the floors: two runs that agree by luck would make any difference count. */
    private Noise noise(TrialOutcome first, TrialOutcome second) {
        return new Noise(
                spread(first.maxLatencySeconds(), second.maxLatencySeconds(), latencyNoiseFloorSeconds),
                spread(first.consumerCores(), second.consumerCores(), cpuNoiseFloorCores));
    }

    private double spread(double a, double b, double floor) {
        double measured = Double.isFinite(a) && Double.isFinite(b) ? Math.abs(a - b) : 0;
        double scale = Math.max(Double.isFinite(a) ? a : 0, Double.isFinite(b) ? b : 0);
        return Math.max(measured, Math.max(relativeNoiseFloor * scale, floor));
    }

    /** In the search space's order, whatever the baseline map's: the CSV and the patch read the same every run. */
    private Map<String, String> changes(Map<String, String> knobs) {
        Map<String, String> out = new LinkedHashMap<>();
        for (SearchSpace.Dimension d : space.dimensions()) {
            String value = knobs.get(d.knob());
            if (value != null && !value.equals(baseline.get(d.knob()))) {
                out.put(d.knob(), value);
            }
        }
        return out;
    }

    private final class Attempt {
        private final List<Trial> trials = new ArrayList<>();
        private Map<String, String> current = baseline;
        private TrialOutcome best;
        private Noise noise;
        private Duration longestTrial = Duration.ZERO;

        Result run() throws IOException {
            Stop stop;
            try {
                stop = descend();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop = Stop.INTERRUPTED;
            }
            return new Result(
                    current, changes(current), Optional.ofNullable(best), Optional.ofNullable(noise), stop, trials);
        }

        private Stop descend() throws IOException, InterruptedException {
            TrialOutcome first = null;
            for (int n = 1; n <= 2; n++) {
                Stop spent = budgetSpent();
                if (spent != null) {
                    return spent;
                }
                TrialOutcome o = trial(baseline);
                String run = "baseline, run " + n + " of 2";
                if (o.loadInvalid()) {
                    record(0, "", "", baseline, o, Decision.BASELINE, run + "; load invalid: " + o.loadInvalidReason());
                    return Stop.BASELINE_LOAD_INVALID;
                }
                if (first == null) {
                    first = o;
                } else {
                    noise = noise(first, o);
                    run += fmt(
                            ": noise %.2f s on the max, %.2f cores on CPU", noise.latencySeconds(), noise.cpuCores());
                }
                if (best == null || compare(o, best) < 0) {
                    best = o;
                }
                record(0, "", "", baseline, o, Decision.BASELINE, run);
            }
            Set<Map<String, String>> tried = new HashSet<>();
            tried.add(baseline);
            for (int round = 1; ; round++) {
                boolean kept = false;
                for (SearchSpace.Dimension d : space.dimensions()) {
                    for (String value : d.values()) {
                        if (value.equals(current.get(d.knob()))) {
                            continue;
                        }
                        Map<String, String> candidate = new LinkedHashMap<>(current);
                        candidate.put(d.knob(), value);
                        if (!tried.add(candidate)) {
                            continue;
                        }
                        Stop spent = budgetSpent();
                        if (spent != null) {
                            return spent;
                        }
                        TrialOutcome o = trial(candidate);
                        Judgement j = judge(o, best, noise);
                        if (j.better()) {
                            current = Collections.unmodifiableMap(candidate);
                            best = o;
                            kept = true;
                        }
                        record(
                                round,
                                d.knob(),
                                value,
                                candidate,
                                o,
                                j.better() ? Decision.KEPT : Decision.REVERTED,
                                j.reason());
                    }
                }
                if (!kept) {
                    return Stop.CONVERGED;
                }
            }
        }

        /** Null while another trial fits; a trial is not started unless it can finish before the deadline. */
        private Stop budgetSpent() {
            if (maxTrials > 0 && trials.size() >= maxTrials) {
                return Stop.TRIAL_BUDGET;
            }
            if (deadline != null) {
                // the estimate grows to the longest trial seen: trials that overrun it would overrun the deadline too
                Duration expected = trialDuration.compareTo(longestTrial) >= 0 ? trialDuration : longestTrial;
                if (clock.instant().plus(expected).isAfter(deadline)) {
                    return Stop.DEADLINE;
                }
            }
            return null;
        }

        private TrialOutcome trial(Map<String, String> knobs) throws IOException, InterruptedException {
            Instant start = clock.instant();
            TrialOutcome o = runner.run(knobs, rate);
            Duration took = Duration.between(start, clock.instant());
            if (took.compareTo(longestTrial) > 0) {
                longestTrial = took;
            }
            return o;
        }

        private void record(
                int round,
                String knob,
                String value,
                Map<String, String> knobs,
                TrialOutcome o,
                Decision decision,
                String reason)
                throws IOException {
            Trial t = new Trial(trials.size() + 1, round, knob, value, changes(knobs), o, decision, reason);
            trials.add(t);
            listener.trialDone(t);
        }
    }

    public static final class Builder {
        private Map<String, String> baseline = Map.of();
        private SearchSpace space;
        private long rate;
        private int maxTrials;
        private Instant deadline;
        private Clock clock = Clock.systemUTC();
        private Duration trialDuration;
        private double relativeNoiseFloor = 0.05;
        private double latencyNoiseFloorSeconds = 0.1;
        private double cpuNoiseFloorCores = 0.05;
        private TrialRunner runner;
        private TrialListener<Trial> listener = TrialListener.none();

        private Builder() {}

        /** The knob set to start from, complete: the engine's anchor with any --set on top. */
        public Builder baseline(Map<String, String> knobs) {
            this.baseline = Objects.requireNonNull(knobs);
            return this;
        }

        public Builder space(SearchSpace space) {
            this.space = space;
            return this;
        }

        /** The offered rate of every trial, msg/s; required. */
        public Builder rate(long msgPerSecond) {
            this.rate = msgPerSecond;
            return this;
        }

        /** At most this many trials, the two baseline runs included; default no limit. */
        public Builder maxTrials(int maxTrials) {
            this.maxTrials = maxTrials;
            return this;
        }

        /**
         * No trial starts unless it can finish by {@code deadline}, judged by {@code trialDuration} (the
         * trial's length plus its start-up and drain) or the longest trial so far if that was longer.
         */
        public Builder deadline(Instant deadline, Duration trialDuration) {
            this.deadline = Objects.requireNonNull(deadline);
            this.trialDuration = Objects.requireNonNull(trialDuration);
            return this;
        }

        /** The clock the deadline is read from; tests give a fake one. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock);
            return this;
        }

        /**
         * Floors under the measured noise; defaults 5 % of the larger baseline value, and at least 0.1 s on
         * the max and 0.05 cores on CPU. They are a guard, not a measurement: two baseline runs can agree
         * by luck, and a noise of zero would let any lucky trial count as an improvement. Raise them when
         * repeated runs on the machine are known to differ more.
         */
        public Builder noiseFloor(double relative, double latencySeconds, double cpuCores) {
            this.relativeNoiseFloor = relative;
            this.latencyNoiseFloorSeconds = latencySeconds;
            this.cpuNoiseFloorCores = cpuCores;
            return this;
        }

        public Builder runner(TrialRunner runner) {
            this.runner = runner;
            return this;
        }

        public Builder listener(TrialListener<Trial> listener) {
            this.listener = Objects.requireNonNull(listener);
            return this;
        }

        /** @throws ConfigException a value the user gave is out of range; the message names its option */
        public CoordinateDescent build() {
            if (rate < 1) {
                throw new ConfigException("--rate must be at least 1 msg/s, was " + rate);
            }
            if (maxTrials < 0 || maxTrials == 1) {
                throw new ConfigException("--budget of " + maxTrials + " trial" + (maxTrials == 1 ? "" : "s")
                        + " leaves no room: the baseline alone runs twice");
            }
            if (trialDuration != null && (trialDuration.isNegative() || trialDuration.isZero())) {
                throw new IllegalArgumentException(
                        "a trial's expected duration must be positive, was " + trialDuration);
            }
            if (!(relativeNoiseFloor >= 0) || !(latencyNoiseFloorSeconds >= 0) || !(cpuNoiseFloorCores >= 0)) {
                throw new IllegalArgumentException("noise floors must be zero or more");
            }
            return new CoordinateDescent(this);
        }
    }
}
