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
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import streambench.common.ConfigException;

/**
 * The tuning loop without a person in it: at one rate, change one knob at a time from the best set so
 * far, keep the change only when it beats that set by more than run-to-run noise in two trials, and
 * revert it otherwise; then confirm the winner with one long run. Only what survives that run is a
 * result ({@link Result#survived()}).
 *
 * <p><b>Noise.</b> The baseline runs {@code baselineRuns} times (default 3) first. The noise on the max
 * is the spread of those runs' per-second maxima, highest minus lowest, passing or not (a baseline whose
 * verdict flips between runs is noisy, and its failed run's max says how much); never under the floors
 * ({@link Builder#noiseFloor}). CPU noise likewise.
 *
 * <p><b>Keeping a change.</b> A trial "beats" the best set so far when it passed every check and either
 * <ul>
 *   <li>the best set passed none of its runs (a failed trial loses to any passing one, whatever the
 *       maxima: failed trials are never ranked by their max), or
 *   <li>its max is below the best set's lowest passing max by more than the noise, or
 *   <li>its max is within the noise of that and its consumer CPU is below the best set's lowest passing
 *       CPU by more than the CPU noise.
 * </ul>
 * A trial that beats the best is run a second time ({@link Decision#PROMISING}); the change is kept only
 * when the second trial beats the best too, and the kept set's two trials are then the runs the next
 * change must beat. A single lucky trial near the threshold is therefore never kept.
 *
 * <p><b>Confirmation.</b> After the search, the best set runs once more for {@code confirmSeconds}, but
 * only if it passed every run of it (every baseline run when nothing was kept, both trials of the kept
 * change otherwise). Trials are short so that a search fits in an hour; a cost that comes every N commits
 * (a Delta log checkpoint) may never fall inside one, and a change that only postpones it wins every trial
 * and fails the first long run. The search survives only when that run passes.
 *
 * <p>Dimensions are tried in the order the search space declares them, and passes over all of them repeat
 * until one keeps nothing: a knob that only helps once a knob declared after it has changed is found on the
 * next pass. A knob set already tried is not run again, which is what makes the last pass cheap.
 */
public final class CoordinateDescent {
    public enum Decision {
        BASELINE,
        /** Beat the best once; runs again before it can be kept. */
        PROMISING,
        KEPT,
        REVERTED,
        /** The long run of the best set after the search. */
        CONFIRM
    }

    public enum Stop {
        CONVERGED("converged: a full pass over the search space kept no change"),
        TRIAL_BUDGET("trial budget spent"),
        DEADLINE("time budget spent: no further trial could finish before the deadline"),
        INTERRUPTED("interrupted"),
        /** Tuning at a rate the producer cannot hold would tune against the load generator. */
        BASELINE_UNDETERMINED("a baseline run was undetermined: the load generator cannot hold this rate here");

        private final String text;

        Stop(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** How far apart runs of the same knobs can land; a change must beat the best by more than this. */
    public record Noise(double latencySeconds, double cpuCores) {}

    /**
     * @param round   the pass over the search space, from 1; 0 for the baseline runs and the confirmation
     * @param knob    the knob this trial changed from the best set so far; empty for a baseline or confirmation run
     * @param value   the value it tried; empty for a baseline or confirmation run
     * @param changed every knob of this trial that differs from the baseline: the trial's whole recipe
     * @param reason  why it was kept, reverted or run again, with the numbers that decided it
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
     * @param bestKnobs    the complete best knob set the search ended with; a result only if it {@link #survived}
     * @param bestChanges  the knobs in it that differ from the baseline, for the anchor's patch
     * @param bestOutcome  the best run of that set; empty only if no trial ran
     * @param noise        empty unless every baseline run finished
     * @param confirmation the long run of the best set; empty when it was not run
     * @param verdict      why the best set survived, or why nothing did, for the console
     */
    public record Result(
            Map<String, String> bestKnobs,
            Map<String, String> bestChanges,
            Optional<TrialOutcome> bestOutcome,
            Optional<Noise> noise,
            Stop stop,
            Optional<TrialOutcome> confirmation,
            String verdict,
            List<Trial> trials) {
        public Result {
            bestKnobs = Collections.unmodifiableMap(new LinkedHashMap<>(bestKnobs));
            bestChanges = Collections.unmodifiableMap(new LinkedHashMap<>(bestChanges));
            trials = List.copyOf(trials);
        }

        public boolean interrupted() {
            return stop == Stop.INTERRUPTED;
        }

        /** The best set passed every run of it and its confirmation: the only case with anything to apply. */
        public boolean survived() {
            return confirmation.map(TrialOutcome::passed).orElse(false);
        }
    }

    private final Map<String, String> baseline;
    private final SearchSpace space;
    private final long rate;
    private final int maxTrials;
    private final int baselineRuns;
    private final long trialSeconds;
    private final long confirmSeconds;
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
        this.baselineRuns = b.baselineRuns;
        this.trialSeconds = b.trialSeconds;
        this.confirmSeconds = b.confirmSeconds;
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
     * Runs trials until a pass keeps nothing or the budget is spent, then the confirmation. If the runner is
     * interrupted, returns the best so far, unconfirmed, with {@link Stop#INTERRUPTED} and sets the thread's
     * interrupt flag again.
     *
     * @throws IOException from the runner or the listener: the trial cannot be run or recorded
     */
    public Result run() throws IOException {
        return new Attempt().run();
    }

    /**
     * For picking the best run of one knob set: a pass before a failure, then among passes a lower max, then
     * lower CPU. Failed runs are never ranked by their max: two of them compare equal.
     */
    static int compare(TrialOutcome a, TrialOutcome b) {
        if (a.passed() != b.passed()) {
            return a.passed() ? -1 : 1;
        }
        if (!a.passed()) {
            return 0;
        }
        int byMax = Double.compare(worstIfNaN(a.maxLatencySeconds()), worstIfNaN(b.maxLatencySeconds()));
        return byMax != 0 ? byMax : Double.compare(worstIfNaN(a.consumerCores()), worstIfNaN(b.consumerCores()));
    }

    /** A knob set and every run of it the search has: the baseline's runs, or the two trials that kept it. */
    private record Standing(Map<String, String> knobs, List<TrialOutcome> runs) {
        boolean passedEveryRun() {
            return !runs.isEmpty() && runs.stream().allMatch(TrialOutcome::passed);
        }

        long passing() {
            return runs.stream().filter(TrialOutcome::passed).count();
        }

        OptionalDouble lowestPassing(ToDoubleFunction<TrialOutcome> figure) {
            return runs.stream()
                    .filter(TrialOutcome::passed)
                    .mapToDouble(figure)
                    .map(CoordinateDescent::worstIfNaN)
                    .min();
        }

        TrialOutcome bestRun() {
            return runs.stream().min(CoordinateDescent::compare).orElseThrow();
        }
    }

    private record Judgement(boolean better, String reason) {}

    /** Whether the one trial {@code candidate} beats {@code best} by more than the noise, and the numbers that say so. */
    private static Judgement judge(TrialOutcome candidate, Standing best, Noise noise) {
        if (candidate.undetermined()) {
            return new Judgement(false, "undetermined, says nothing about the knob: " + candidate.undeterminedReason());
        }
        if (!candidate.passed()) {
            return new Judgement(
                    false, "fails " + failedChecks(candidate) + "; a failed trial is never kept, whatever its max");
        }
        OptionalDouble bestMax = best.lowestPassing(TrialOutcome::maxLatencySeconds);
        if (bestMax.isEmpty()) {
            return new Judgement(
                    true,
                    fmt(
                            "passes every check; the best so far passed none of its %d runs",
                            best.runs().size()));
        }
        double cMax = worstIfNaN(candidate.maxLatencySeconds());
        double bMax = bestMax.getAsDouble();
        double lower = bMax - cMax;
        if (lower > noise.latencySeconds()) {
            return new Judgement(
                    true,
                    fmt(
                            "max %.2f s, %.2f s below the best's lowest passing max %.2f s (noise %.2f s)",
                            cMax, lower, bMax, noise.latencySeconds()));
        }
        if (lower < -noise.latencySeconds()) {
            return new Judgement(
                    false,
                    fmt(
                            "max %.2f s, %.2f s above the best's lowest passing max %.2f s (noise %.2f s)",
                            cMax, -lower, bMax, noise.latencySeconds()));
        }
        double cCpu = worstIfNaN(candidate.consumerCores());
        double bCpu = best.lowestPassing(TrialOutcome::consumerCores).getAsDouble();
        double saved = bCpu - cCpu;
        if (saved > noise.cpuCores()) {
            return new Judgement(
                    true,
                    fmt(
                            "max %.2f s within the noise of %.2f s; CPU %.2f cores, %.2f below the best %.2f"
                                    + " (noise %.2f)",
                            cMax, bMax, cCpu, saved, bCpu, noise.cpuCores()));
        }
        return new Judgement(
                false,
                fmt(
                        "within the noise: max %.2f s vs %.2f s (noise %.2f s), CPU %.2f vs %.2f cores (noise %.2f)",
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

    /** Noise as measured, but never under the floors: runs that agree by luck would make any difference count. */
    private Noise noise(List<TrialOutcome> runs) {
        return new Noise(
                spread(runs, TrialOutcome::maxLatencySeconds, latencyNoiseFloorSeconds),
                spread(runs, TrialOutcome::consumerCores, cpuNoiseFloorCores));
    }

    /** Highest minus lowest of the readings there are; a run without one adds nothing to either. */
    private double spread(List<TrialOutcome> runs, ToDoubleFunction<TrialOutcome> figure, double floor) {
        double[] values =
                runs.stream().mapToDouble(figure).filter(Double::isFinite).toArray();
        double high = java.util.Arrays.stream(values).max().orElse(0);
        double low = java.util.Arrays.stream(values).min().orElse(0);
        return Math.max(high - low, Math.max(relativeNoiseFloor * Math.max(high, 0), floor));
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
        private Standing best;
        private Noise noise;
        private Duration longestTrial = Duration.ZERO;
        /** Whether a change was kept in the round under way: a round that keeps none ends the descent. */
        private boolean keptThisRound;

        Result run() throws IOException {
            Stop stop;
            try {
                stop = descend();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop = Stop.INTERRUPTED;
            }
            Optional<TrialOutcome> confirmation = Optional.empty();
            // every baseline run must have finished: one passing run is no measure of the noise, nor a result
            boolean judged = stop != Stop.INTERRUPTED && stop != Stop.BASELINE_UNDETERMINED && noise != null;
            if (judged && best.passedEveryRun()) {
                try {
                    confirmation = Optional.of(confirm());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stop = Stop.INTERRUPTED;
                }
            }
            Map<String, String> knobs = best == null ? baseline : best.knobs();
            return new Result(
                    knobs,
                    changes(knobs),
                    Optional.ofNullable(best).filter(b -> !b.runs().isEmpty()).map(Standing::bestRun),
                    Optional.ofNullable(noise),
                    stop,
                    confirmation,
                    verdict(stop, confirmation),
                    trials);
        }

        private TrialOutcome confirm() throws IOException, InterruptedException {
            TrialOutcome o = runner.run(best.knobs(), rate, confirmSeconds);
            String what = best.knobs().equals(baseline) ? "the baseline" : "the best configuration";
            record(
                    0,
                    "",
                    "",
                    best.knobs(),
                    o,
                    Decision.CONFIRM,
                    fmt("%s, run again for %d s: it must pass again to be a result", what, confirmSeconds));
            return o;
        }

        private String verdict(Stop stop, Optional<TrialOutcome> confirmation) {
            String changes = best == null || best.knobs().equals(baseline)
                    ? "the baseline"
                    : "the best configuration (" + changesText(changes(best.knobs())) + ")";
            if (confirmation.isPresent()) {
                TrialOutcome c = confirmation.get();
                if (c.passed()) {
                    return fmt("%s passed every run of it and its %d s confirmation", changes, confirmSeconds);
                }
                return fmt(
                        "nothing survived: the %d s confirmation of %s %s",
                        confirmSeconds,
                        changes,
                        c.undetermined() ? "was undetermined: " + c.undeterminedReason() : "failed " + failedChecks(c));
            }
            if (stop == Stop.INTERRUPTED) {
                return "nothing survived: interrupted before the confirmation";
            }
            if (stop == Stop.BASELINE_UNDETERMINED) {
                return "nothing survived: " + stop.text();
            }
            if (best == null || best.runs().isEmpty()) {
                return "nothing survived: no trial ran";
            }
            if (noise == null) {
                return fmt("nothing survived: %s before the baseline's %d runs were done", stop.text(), baselineRuns);
            }
            return fmt(
                    "nothing survived: the baseline passed %d of its %d runs and no change passed and beat it in two"
                            + " trials",
                    best.passing(), best.runs().size());
        }

        private Stop descend() throws IOException, InterruptedException {
            Stop stop = measureBaseline();
            if (stop != null) {
                return stop;
            }
            Set<Map<String, String>> tried = new HashSet<>();
            tried.add(baseline);
            for (int round = 1; ; round++) {
                keptThisRound = false;
                for (SearchSpace.Dimension d : space.dimensions()) {
                    for (String value : d.values()) {
                        Map<String, String> candidate = new LinkedHashMap<>(best.knobs());
                        candidate.put(d.knob(), value);
                        if (value.equals(best.knobs().get(d.knob())) || !tried.add(candidate)) {
                            continue;
                        }
                        Stop spent = tryCandidate(round, d.knob(), value, candidate);
                        if (spent != null) {
                            return spent;
                        }
                    }
                }
                if (!keptThisRound) {
                    return Stop.CONVERGED;
                }
            }
        }

        /**
         * The baseline's runs, which measure the noise every change must beat; null when they all ran, else why
         * the search stops.
         */
        private Stop measureBaseline() throws IOException, InterruptedException {
            List<TrialOutcome> runs = new ArrayList<>();
            best = new Standing(baseline, runs);
            for (int n = 1; n <= baselineRuns; n++) {
                Stop spent = budgetSpent();
                if (spent != null) {
                    return spent;
                }
                TrialOutcome o = trial(baseline);
                String run = "baseline, run " + n + " of " + baselineRuns;
                if (o.undetermined()) {
                    record(
                            0,
                            "",
                            "",
                            baseline,
                            o,
                            Decision.BASELINE,
                            run + "; undetermined: " + o.undeterminedReason());
                    return Stop.BASELINE_UNDETERMINED;
                }
                runs.add(o);
                if (n == baselineRuns) {
                    noise = noise(runs);
                    run += fmt(
                            ": noise %.2f s on the max, %.2f cores on CPU", noise.latencySeconds(), noise.cpuCores());
                }
                record(0, "", "", baseline, o, Decision.BASELINE, run);
            }
            best = new Standing(baseline, List.copyOf(runs));
            return null;
        }

        /**
         * One change on top of the best so far: kept only when it beats the best in two trials in a row. Null when
         * the trials ran, else why the search stops.
         */
        private Stop tryCandidate(int round, String knob, String value, Map<String, String> candidate)
                throws IOException, InterruptedException {
            Stop spent = budgetSpent();
            if (spent != null) {
                return spent;
            }
            TrialOutcome first = trial(candidate);
            Judgement j1 = judge(first, best, noise);
            if (!j1.better()) {
                record(round, knob, value, candidate, first, Decision.REVERTED, j1.reason());
                return null;
            }
            record(
                    round,
                    knob,
                    value,
                    candidate,
                    first,
                    Decision.PROMISING,
                    j1.reason() + "; runs again: kept only if the second trial beats the best too");
            spent = budgetSpent();
            if (spent != null) {
                return spent;
            }
            TrialOutcome second = trial(candidate);
            Judgement j2 = judge(second, best, noise);
            if (j2.better()) {
                best = new Standing(Collections.unmodifiableMap(candidate), List.of(first, second));
                keptThisRound = true;
            }
            record(
                    round,
                    knob,
                    value,
                    candidate,
                    second,
                    j2.better() ? Decision.KEPT : Decision.REVERTED,
                    "second trial: " + j2.reason());
            return null;
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
            TrialOutcome o = runner.run(knobs, rate, trialSeconds);
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

    private static String changesText(Map<String, String> changed) {
        List<String> parts = new ArrayList<>();
        changed.forEach((k, v) -> parts.add(k + "=" + v));
        return String.join(" ", parts);
    }

    public static final class Builder {
        private Map<String, String> baseline = Map.of();
        private SearchSpace space;
        private long rate;
        private int maxTrials;
        private int baselineRuns = 3;
        private long trialSeconds = 60;
        private long confirmSeconds = 300;
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

        /** At most this many trials, the baseline runs included and the confirmation not; default no limit. */
        public Builder maxTrials(int maxTrials) {
            this.maxTrials = maxTrials;
            return this;
        }

        /** How many times the baseline runs to measure the noise; default 3, at least 2. */
        public Builder baselineRuns(int runs) {
            this.baselineRuns = runs;
            return this;
        }

        /** Seconds of load of a search trial; default 60. */
        public Builder trialSeconds(long seconds) {
            this.trialSeconds = seconds;
            return this;
        }

        /** Seconds of load of the confirmation run; default 300, at least a trial's. */
        public Builder confirmSeconds(long seconds) {
            this.confirmSeconds = seconds;
            return this;
        }

        /**
         * No trial starts unless it can finish by {@code deadline}, judged by {@code trialDuration} (the
         * trial's length plus its start-up and drain) or the longest trial so far if that was longer. The
         * confirmation is the caller's to reserve: it runs after the deadline stops the search.
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
         * Floors under the measured noise; defaults 5 % of the highest baseline value, and at least 0.1 s on
         * the max and 0.05 cores on CPU. They are a guard, not a measurement: baseline runs can agree by luck,
         * and a noise of zero would let any lucky trial count as an improvement. Raise them when repeated runs
         * on the machine are known to differ more.
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
            if (baselineRuns < 2) {
                throw new ConfigException(
                        "--baseline-runs must be at least 2 (the noise is their spread), was " + baselineRuns);
            }
            if (maxTrials < 0 || (maxTrials > 0 && maxTrials < baselineRuns)) {
                throw new ConfigException("--budget of " + maxTrials + " trial" + (maxTrials == 1 ? "" : "s")
                        + " leaves no room: the baseline alone runs " + baselineRuns + " times (--baseline-runs)");
            }
            if (trialSeconds < 1) {
                throw new ConfigException("--trial-duration must be at least 1 s, was " + trialSeconds);
            }
            if (confirmSeconds < trialSeconds) {
                throw new ConfigException("--confirm-duration must be at least --trial-duration (" + trialSeconds
                        + " s), was " + confirmSeconds);
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
