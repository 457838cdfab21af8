package streambench.harness.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeSet;
import streambench.common.ConfigException;

/**
 * The highest offered rate an engine sustains, i.e. passes every check at (sustainable throughput as
 * Karimov et al., ICDE 2018, define it). Trials double the rate from the minimum until one fails, bisect
 * between the last pass and the first failure until they are within the precision, then repeat the best
 * passing rate once: a single pass can be luck, and a capacity is only worth publishing if it passes
 * twice. A rate that passed once and then failed counts as failed, and the search goes on below it.
 *
 * <p>While ramping and bisecting, a failed trial is repeated once before the rate counts as failed. Near
 * an engine's limit one slow second decides a trial, and the first failure decides everything above
 * it: a single unlucky second at 40 % of the capacity would otherwise end the ramp there, and two
 * searches of the same engine would disagree by more than any precision. A rate whose repeat passes
 * stays in play; the capacity the search reports has still passed at least two of the trials at it,
 * because the confirmation is not repeated.
 *
 * <p>A trial whose load is invalid (the producer could not hold its schedule) says nothing about the
 * engine: nothing at or above its rate is tried again, the search bisects between the best pass and it
 * as it would below a failure, and the capacity reported is the best passing rate below it, flagged as a
 * lower bound rather than passed off as the engine's limit.
 *
 * <p>Rates the bisection picks are rounded to two significant figures (12000, not 12188): with a
 * precision of about 10 % further digits carry no information, the CSV and the chart read better, and a
 * second search lands on the same rates, so two searches can be compared trial by trial. More figures
 * are used only when two cannot split the interval. Ramp rates are the minimum times a power of two,
 * unrounded, so the user's minimum is tried as given.
 */
public final class CapacitySearch {
    public enum Phase {
        RAMP,
        BISECT,
        /** The same rate again after a failed ramp or bisection trial. */
        REPEAT,
        CONFIRM
    }

    public enum Stop {
        /** Bracketed between a pass and a failure within the precision. */
        FOUND("capacity found"),
        FAILS_AT_MIN_RATE("fails at --min-rate"),
        /** The producer could not hold a rate: the capacity is a lower bound. */
        LOAD_GENERATOR_LIMIT("limited by the load generator here"),
        /** Passed at the highest rate allowed: the capacity is a lower bound. */
        PASSES_AT_MAX_RATE("passes at --max-rate"),
        TRIAL_BUDGET("trial budget spent"),
        INTERRUPTED("interrupted");

        private final String text;

        Stop(String text) {
            this.text = text;
        }

        /** For the status line and the console. */
        public String text() {
            return text;
        }
    }

    public record Trial(int number, long rate, Phase phase, TrialOutcome outcome) {}

    /**
     * @param capacity       the highest rate that passed and has not failed since; empty when none did
     * @param confirmed      that rate passed its repeat
     * @param lowerBoundOnly no failure of the engine bounds it from above within the precision: the load
     *                       generator, the maximum rate or the budget stopped the search first
     * @param detail         the rates behind the stop, for the status line
     */
    public record Result(
            OptionalLong capacity,
            boolean confirmed,
            boolean lowerBoundOnly,
            Stop stop,
            String detail,
            List<Trial> trials) {
        public Result {
            trials = List.copyOf(trials);
        }

        public boolean interrupted() {
            return stop == Stop.INTERRUPTED;
        }
    }

    private final long minRate;
    private final double precision;
    private final long maxRate;
    private final int maxTrials;
    private final boolean confirm;
    private final boolean repeatFailures;
    private final Map<String, String> knobs;
    private final TrialRunner runner;
    private final TrialListener<Trial> listener;

    private CapacitySearch(Builder b) {
        this.minRate = b.minRate;
        this.precision = b.precision;
        this.maxRate = b.maxRate;
        this.maxTrials = b.maxTrials;
        this.confirm = b.confirm;
        this.repeatFailures = b.repeatFailures;
        this.knobs = Map.copyOf(b.knobs);
        this.runner = Objects.requireNonNull(b.runner, "runner");
        this.listener = b.listener;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Runs trials until the capacity is known or something stops the search. If the runner is
     * interrupted, returns what it has with {@link Stop#INTERRUPTED} and sets the thread's interrupt flag
     * again, as the caller's own waits need to see it.
     *
     * @throws IOException from the runner or the listener: the trial cannot be run or recorded
     */
    public Result run() throws IOException {
        return new Attempt().run();
    }

    /** One search's state, so the same search can be run again to check it reproduces. */
    private final class Attempt {
        private final List<Trial> trials = new ArrayList<>();
        /** Rates that passed and have not failed since. */
        private final TreeSet<Long> passes = new TreeSet<>();
        /** The lowest rate the engine failed at under a valid load. */
        private Long firstFail;
        /** The lowest rate the producer could not hold; nothing at or above it is tried again. */
        private Long loadCeiling;

        private String loadReason = "";
        private boolean confirmed;

        Result run() throws IOException {
            Stop stop;
            try {
                stop = search();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop = Stop.INTERRUPTED;
            }
            OptionalLong capacity = passes.isEmpty() ? OptionalLong.empty() : OptionalLong.of(passes.last());
            boolean lowerBound = capacity.isPresent() && !bracketed(capacity.getAsLong());
            return new Result(capacity, confirmed, lowerBound, stop, detail(stop, capacity), trials);
        }

        private Stop search() throws IOException, InterruptedException {
            long rate = minRate;
            while (true) {
                if (trials.size() >= maxTrials) {
                    return Stop.TRIAL_BUDGET;
                }
                if (!decide(rate, Phase.RAMP) || rate >= maxRate) {
                    break;
                }
                rate = rate > maxRate / 2 ? maxRate : rate * 2;
            }
            while (!passes.isEmpty()) {
                long best = passes.last();
                while (narrowing(best)) {
                    OptionalLong mid = between(best, upperBound());
                    if (mid.isEmpty()) {
                        break;
                    }
                    if (trials.size() >= maxTrials) {
                        return Stop.TRIAL_BUDGET;
                    }
                    if (decide(mid.getAsLong(), Phase.BISECT)) {
                        best = mid.getAsLong();
                    }
                }
                if (!confirm) {
                    break;
                }
                if (trials.size() >= maxTrials) {
                    return Stop.TRIAL_BUDGET;
                }
                if (decide(best, Phase.CONFIRM)) {
                    confirmed = true;
                    break;
                }
            }
            if (passes.isEmpty()) {
                return firstFail != null ? Stop.FAILS_AT_MIN_RATE : Stop.LOAD_GENERATOR_LIMIT;
            }
            if (loadCeiling != null && (firstFail == null || loadCeiling < firstFail)) {
                return Stop.LOAD_GENERATOR_LIMIT;
            }
            return firstFail == null ? Stop.PASSES_AT_MAX_RATE : Stop.FOUND;
        }

        /**
         * Bisect on while the best pass is not within the precision of what bounds it from above: the engine's
         * first failure, or the lowest rate the producer could not hold. Below that rate the load may well
         * be held, so a capacity the load generator limits is still found to the precision, as a lower bound.
         */
        private boolean narrowing(long best) {
            Long upper = upperBound();
            return upper != null && upper - best > precision * best;
        }

        /** The lowest rate known not to pass, for the engine's or the producer's reasons; null when none. */
        private Long upperBound() {
            if (firstFail == null) {
                return loadCeiling;
            }
            return loadCeiling == null ? firstFail : Math.min(firstFail, loadCeiling);
        }

        private boolean bracketed(long best) {
            return firstFail != null && firstFail - best <= precision * best;
        }

        /**
         * Whether the engine sustains {@code rate}, by one trial or, for a failed ramp or bisection trial,
         * two. Only a decided failure moves {@link #firstFail}: a first failure whose repeat passes
         * must not bound the bisection.
         */
        private boolean decide(long rate, Phase phase) throws IOException, InterruptedException {
            TrialOutcome outcome = trial(rate, phase);
            if (isEngineFailure(outcome) && repeatFailures && phase != Phase.CONFIRM && trials.size() < maxTrials) {
                outcome = trial(rate, Phase.REPEAT);
            }
            if (outcome.loadInvalid()) {
                passes.remove(rate);
                if (loadCeiling == null || rate < loadCeiling) {
                    loadCeiling = rate;
                    loadReason = outcome.loadInvalidReason();
                }
            } else if (outcome.passed()) {
                passes.add(rate);
            } else {
                passes.remove(rate);
                if (firstFail == null || rate < firstFail) {
                    firstFail = rate;
                }
            }
            return outcome.passed();
        }

        private TrialOutcome trial(long rate, Phase phase) throws IOException, InterruptedException {
            TrialOutcome outcome = runner.run(knobs, rate);
            Trial trial = new Trial(trials.size() + 1, rate, phase, outcome);
            trials.add(trial);
            listener.trialDone(trial);
            return outcome;
        }

        private String detail(Stop stop, OptionalLong capacity) {
            String best = capacity.isEmpty()
                    ? "nothing passed"
                    : "passes at " + capacity.getAsLong() + " msg/s" + (confirmed ? " twice" : "");
            return switch (stop) {
                case FOUND -> best + ", fails at " + firstFail + " msg/s";
                case FAILS_AT_MIN_RATE -> "fails at " + firstFail + " msg/s";
                case LOAD_GENERATOR_LIMIT ->
                    best + "; the producer could not hold " + loadCeiling + " msg/s"
                            + (loadReason.isBlank() ? "" : ": " + loadReason);
                case PASSES_AT_MAX_RATE -> best + ", the highest rate allowed";
                case TRIAL_BUDGET, INTERRUPTED ->
                    best + " after " + trials.size() + " trials"
                            + (firstFail == null ? "" : ", fails at " + firstFail + " msg/s");
            };
        }
    }

    private static boolean isEngineFailure(TrialOutcome outcome) {
        return !outcome.passed() && !outcome.loadInvalid();
    }

    /** The rate to try between a pass and a failure: their midpoint, in as few significant figures as split them. */
    static OptionalLong between(long pass, long fail) {
        double mid = (pass + (double) fail) / 2;
        int digits = (int) Math.floor(Math.log10(mid)) + 1;
        for (long step = (long) Math.pow(10, Math.max(0, digits - 2)); step >= 1; step /= 10) {
            long rate = Math.round(mid / step) * step;
            if (rate > pass && rate < fail) {
                return OptionalLong.of(rate);
            }
        }
        return OptionalLong.empty();
    }

    public static final class Builder {
        private long minRate;
        private double precision = 0.10;
        private long maxRate = Long.MAX_VALUE;
        private int maxTrials = 30;
        private boolean confirm = true;
        private boolean repeatFailures = true;
        private Map<String, String> knobs = Map.of();
        private TrialRunner runner;
        private TrialListener<Trial> listener = TrialListener.none();

        private Builder() {}

        /** The first rate tried, in msg/s; required. */
        public Builder minRate(long msgPerSecond) {
            this.minRate = msgPerSecond;
            return this;
        }

        /** Bisect until (first failure − last pass) / last pass is at most this; default 0.10. */
        public Builder precision(double precision) {
            this.precision = precision;
            return this;
        }

        /** No trial above this rate; default none (the load generator bounds the search in practice). */
        public Builder maxRate(long msgPerSecond) {
            this.maxRate = msgPerSecond;
            return this;
        }

        /**
         * Safety bound on trials; default 30. A search from 1,000 to 1,000,000 msg/s takes 11 ramp trials,
         * about 4 to bisect a doubling to 10 % and 1 to confirm, so 30 leaves room for a few failed
         * confirmations while still stopping a search that, through flapping verdicts, never settles.
         */
        public Builder maxTrials(int maxTrials) {
            this.maxTrials = maxTrials;
            return this;
        }

        /** Repeat the best passing rate once before calling it the capacity; default true. */
        public Builder confirm(boolean confirm) {
            this.confirm = confirm;
            return this;
        }

        /**
         * Repeat a failed ramp or bisection trial once, and count the rate as failed only if the repeat
         * fails too; default true. False: every trial decides alone, which costs fewer trials and lets one
         * slow second end the ramp.
         */
        public Builder repeatFailures(boolean repeatFailures) {
            this.repeatFailures = repeatFailures;
            return this;
        }

        /** The knob set every trial runs with; default empty (the engine's defaults). */
        public Builder knobs(Map<String, String> knobs) {
            this.knobs = Objects.requireNonNull(knobs);
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
        public CapacitySearch build() {
            if (minRate < 1) {
                throw new ConfigException("--min-rate must be at least 1 msg/s, was " + minRate);
            }
            if (!(precision > 0) || Double.isInfinite(precision)) {
                throw new ConfigException("--precision must be a positive fraction such as 0.10, was " + precision);
            }
            if (maxRate < minRate) {
                throw new ConfigException("--max-rate " + maxRate + " is below --min-rate " + minRate);
            }
            if (maxTrials < 1) {
                throw new ConfigException("--max-trials must be at least 1, was " + maxTrials);
            }
            return new CapacitySearch(this);
        }
    }
}
