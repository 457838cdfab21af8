package streambench.harness.search;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import streambench.common.ConfigException;

/**
 * The highest offered rate an engine sustains, i.e. passes every check at (sustainable throughput as
 * Karimov et al., ICDE 2018, define it). Trials double the rate from the minimum until one fails, bisect
 * between the last pass and the first failure until they are within the precision, then confirm the best
 * passing rate with one long run.
 *
 * <p><b>Confirmed.</b> A capacity is confirmed only when its confirmation run passed and no trial at or
 * below its rate failed. The confirmation run lasts {@code confirmSeconds}, or longer when the engine's log
 * checkpoint needs it: at least two checkpoint intervals at the commit rate the trials at that rate saw
 * (capped at {@code maxConfirmSeconds}). Short trials never reach a cost that comes every N commits, and an
 * engine that passes them can fail every longer run: on 2026-12-02 Spark 4.2 was "confirmed" at 190,000
 * msg/s by a second 60 s trial the same day 140,000 passed 1 run in 4 at 120 s. A failure below the best
 * pass means the verdict does not follow the rate there; no long run can make such a capacity confirmed,
 * so none is run and the search reports the band instead. A failed confirmation counts as a failure of its
 * rate and the search goes on below it, for at most {@code maxConfirmations} confirmation runs.
 *
 * <p><b>The band.</b> Whatever the confirmation, the result names the band the capacity lies in: from the
 * highest rate that passed with no failed trial at or below it, to the lowest rate with a failed trial.
 *
 * <p>While ramping and bisecting, a failed trial is repeated once before the rate counts as failed for the
 * bisection. Near an engine's limit one slow second decides a trial, and the first failure decides
 * everything above it: a single unlucky second at 40 % of the capacity would otherwise end the ramp there.
 * The failure still counts against confirming anything at or above that rate: the repeat shows how far the
 * engine passes beyond it, it does not undo it.
 *
 * <p>An undetermined trial (the producer could not hold its schedule) says nothing about the engine, and is
 * neither a failure nor a pass: nothing at or above its rate is tried again, the search bisects between
 * the best pass and it as it would below a failure, and a capacity confirmed below it is flagged as a
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
        /** The long run of the best passing rate. */
        CONFIRM
    }

    public enum Stop {
        /** Bracketed between a pass and a decided failure within the precision. */
        BRACKETED("bracketed within the precision"),
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

    /** @param seconds the length of the trial's load */
    public record Trial(int number, long rate, long seconds, Phase phase, TrialOutcome outcome) {}

    /** Every trial at one rate, counted: the table a reviewer reads a search from. */
    public record RateTally(long rate, int trials, int passed, int failed, int undetermined, List<Long> seconds) {
        public RateTally {
            seconds = List.copyOf(seconds);
        }

        /** {@code 60+60+300}: the length of each trial at the rate, in the order they ran. */
        public String durations() {
            return seconds.stream().map(String::valueOf).collect(Collectors.joining("+"));
        }
    }

    /**
     * Where the capacity lies, as far as the trials tell.
     *
     * @param low  the highest rate that passed with no failed trial at or below it; empty when none did
     * @param high the lowest rate with a failed trial; empty when none failed
     */
    public record Band(OptionalLong low, OptionalLong high) {
        public String text() {
            return "[" + (low.isPresent() ? fmt("%,d", low.getAsLong()) : "nothing passed") + ", "
                    + (high.isPresent() ? fmt("%,d", high.getAsLong()) : "nothing failed") + "] msg/s";
        }
    }

    /**
     * @param capacity       the confirmed capacity: its confirmation run passed and no trial at or below it
     *                       failed; empty when none was confirmed
     * @param bestPass       the highest rate that passed below the first decided failure: the candidate the
     *                       search bisected on, confirmed or not; empty when nothing passed
     * @param lowerBoundOnly the confirmed capacity is not bounded from above by a failure of the engine within
     *                       the precision: the load generator, the maximum rate or the budget stopped first
     * @param detail         the rates behind the stop, for the status line
     * @param confirmation   how the capacity was confirmed, or why none was
     */
    public record Result(
            OptionalLong capacity,
            OptionalLong bestPass,
            Band band,
            boolean lowerBoundOnly,
            Stop stop,
            String detail,
            String confirmation,
            List<Trial> trials) {
        public Result {
            trials = List.copyOf(trials);
        }

        public boolean confirmed() {
            return capacity.isPresent();
        }

        public boolean interrupted() {
            return stop == Stop.INTERRUPTED;
        }

        public List<RateTally> rates() {
            return tally(trials);
        }
    }

    private final long minRate;
    private final double precision;
    private final long maxRate;
    private final int maxTrials;
    private final boolean confirm;
    private final boolean repeatFailures;
    private final long trialSeconds;
    private final long confirmSeconds;
    private final long maxConfirmSeconds;
    private final int maxConfirmations;
    private final OptionalLong checkpointEveryCommits;
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
        this.trialSeconds = b.trialSeconds;
        this.confirmSeconds = b.confirmSeconds;
        this.maxConfirmSeconds = b.maxConfirmSeconds;
        this.maxConfirmations = b.maxConfirmations;
        this.checkpointEveryCommits = b.checkpointEveryCommits;
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

    /** Per rate, lowest first, how many trials ran and how each ended. */
    public static List<RateTally> tally(List<Trial> trials) {
        Map<Long, List<Trial>> byRate = new TreeMap<>();
        trials.forEach(
                t -> byRate.computeIfAbsent(t.rate(), r -> new ArrayList<>()).add(t));
        List<RateTally> out = new ArrayList<>();
        byRate.forEach((rate, ts) -> out.add(new RateTally(
                rate,
                ts.size(),
                (int) ts.stream().filter(t -> t.outcome().passed()).count(),
                (int) ts.stream().filter(t -> t.outcome().failed()).count(),
                (int) ts.stream().filter(t -> t.outcome().undetermined()).count(),
                ts.stream().map(Trial::seconds).toList())));
        return out;
    }

    /** The band of {@code trials}: an undetermined trial moves neither end. */
    public static Band band(List<Trial> trials) {
        OptionalLong high = trials.stream()
                .filter(t -> t.outcome().failed())
                .mapToLong(Trial::rate)
                .min();
        OptionalLong low = trials.stream()
                .filter(t -> t.outcome().passed())
                .mapToLong(Trial::rate)
                .filter(r -> high.isEmpty() || r < high.getAsLong())
                .max();
        return new Band(low, high);
    }

    /** How long a confirmation run lasts, and why, for the confirmation text. */
    private record Length(long seconds, String why) {}

    /** One search's state, so the same search can be run again to check it reproduces. */
    private final class Attempt {
        private final List<Trial> trials = new ArrayList<>();
        /** Rates whose last decision was a pass and that have not been decided failed since. */
        private final TreeSet<Long> passes = new TreeSet<>();
        /** The lowest rate decided failed: it bounds the bisection. */
        private Long firstFail;
        /** The lowest undetermined rate; nothing at or above it is tried again. */
        private Long loadCeiling;

        private String loadReason = "";
        private final List<String> failedConfirmations = new ArrayList<>();
        private int confirmations;
        private Long confirmed;
        private String confirmation = "";

        Result run() throws IOException {
            Stop stop;
            try {
                stop = search();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop = Stop.INTERRUPTED;
            }
            OptionalLong best = passes.isEmpty() ? OptionalLong.empty() : OptionalLong.of(passes.last());
            OptionalLong capacity = confirmed == null ? OptionalLong.empty() : OptionalLong.of(confirmed);
            boolean lowerBound = capacity.isPresent() && !bracketed(capacity.getAsLong());
            String why = confirmed != null || !confirmation.isEmpty() ? confirmation : notConfirmed(stop);
            return new Result(capacity, best, band(trials), lowerBound, stop, detail(stop, best), why, trials);
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
                if (!confirm || !confirmable(best)) {
                    break;
                }
                if (trials.size() >= maxTrials) {
                    return Stop.TRIAL_BUDGET;
                }
                Length length = confirmationLength(best);
                confirmations++;
                TrialOutcome outcome = trial(best, length.seconds(), Phase.CONFIRM);
                record(best, outcome);
                if (outcome.passed()) {
                    confirmed = best;
                    confirmation =
                            fmt("confirmed at %,d msg/s by a %d s run (%s)", best, length.seconds(), length.why())
                                    + (failedConfirmations.isEmpty()
                                            ? ""
                                            : "; failed confirmation runs: " + String.join(", ", failedConfirmations));
                    break;
                }
                failedConfirmations.add(fmt("%,d msg/s (%d s, %s)", best, length.seconds(), outcome.word()));
            }
            if (passes.isEmpty()) {
                return firstFail != null ? Stop.FAILS_AT_MIN_RATE : Stop.LOAD_GENERATOR_LIMIT;
            }
            if (loadCeiling != null && (firstFail == null || loadCeiling < firstFail)) {
                return Stop.LOAD_GENERATOR_LIMIT;
            }
            return firstFail == null ? Stop.PASSES_AT_MAX_RATE : Stop.BRACKETED;
        }

        /**
         * Whether a passing long run at {@code best} would confirm it; when not, says why in {@link
         * #confirmation}. A failure at or below it rules it out whatever the run shows, so the run is not spent.
         */
        private boolean confirmable(long best) {
            Band band = band(trials);
            if (band.high().isPresent() && band.high().getAsLong() <= best) {
                long at = band.high().getAsLong();
                RateTally there = tally(trials).stream()
                        .filter(t -> t.rate() == at)
                        .findFirst()
                        .orElseThrow();
                confirmation = fmt(
                        "none confirmed: %,d msg/s failed %d of %d trials, %s %,d msg/s, which passed: the verdict"
                                + " does not follow the rate here, so no run at %,d msg/s can confirm it",
                        at, there.failed(), there.trials(), at == best ? "at" : "below", best, best);
                return false;
            }
            if (confirmations >= maxConfirmations) {
                confirmation = fmt(
                        "none confirmed: %d confirmation runs failed where shorter trials had passed (%s); the"
                                + " engine fails in longer runs: try a longer --trial-duration",
                        confirmations, String.join(", ", failedConfirmations));
                return false;
            }
            return true;
        }

        /**
         * {@code confirmSeconds}, or two of the engine's log-checkpoint intervals at the commit rate the trials
         * at {@code rate} saw, whichever is longer; the slowest-committing trial sets it, so that even at that
         * pace two checkpoints fall inside the run.
         */
        private Length confirmationLength(long rate) {
            if (checkpointEveryCommits.isEmpty()) {
                return new Length(confirmSeconds, "the engine declares no log checkpoint interval");
            }
            long every = checkpointEveryCommits.getAsLong();
            double perSecond = trials.stream()
                    .filter(t -> t.rate() == rate)
                    .mapToDouble(t -> t.outcome().commitsPerSecond())
                    .filter(c -> Double.isFinite(c) && c > 0)
                    .min()
                    .orElse(Double.NaN);
            if (Double.isNaN(perSecond)) {
                return new Length(
                        confirmSeconds,
                        fmt("log checkpoint every %d commits; no commit rate measured at this rate", every));
            }
            double needed = Math.ceil(2.0 * every / perSecond);
            String why = fmt(
                    "two log checkpoints, every %d commits at %.2f commits/s, take %.0f s", every, perSecond, needed);
            if (needed > maxConfirmSeconds) {
                return new Length(maxConfirmSeconds, why + fmt(", capped at %d s", maxConfirmSeconds));
            }
            return new Length(Math.max(confirmSeconds, (long) needed), why);
        }

        /**
         * Bisect on while the best pass is not within the precision of what bounds it from above: the engine's
         * first failure, or the lowest undetermined rate. Below that rate the load may well be held, so a
         * capacity the load generator limits is still found to the precision, as a lower bound.
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
         * Whether the engine passes {@code rate}, by one trial or, for a failed ramp or bisection trial, two.
         * Only a decided failure moves {@link #firstFail}: a first failure whose repeat passes must not bound
         * the bisection (it still bounds the band, which reads every trial).
         */
        private boolean decide(long rate, Phase phase) throws IOException, InterruptedException {
            TrialOutcome outcome = trial(rate, trialSeconds, phase);
            if (outcome.failed() && repeatFailures && trials.size() < maxTrials) {
                outcome = trial(rate, trialSeconds, Phase.REPEAT);
            }
            record(rate, outcome);
            return outcome.passed();
        }

        private void record(long rate, TrialOutcome outcome) {
            if (outcome.undetermined()) {
                passes.remove(rate);
                if (loadCeiling == null || rate < loadCeiling) {
                    loadCeiling = rate;
                    loadReason = outcome.undeterminedReason();
                }
            } else if (outcome.passed()) {
                passes.add(rate);
            } else {
                passes.remove(rate);
                if (firstFail == null || rate < firstFail) {
                    firstFail = rate;
                }
            }
        }

        private TrialOutcome trial(long rate, long seconds, Phase phase) throws IOException, InterruptedException {
            TrialOutcome outcome = runner.run(knobs, rate, seconds);
            Trial trial = new Trial(trials.size() + 1, rate, seconds, phase, outcome);
            trials.add(trial);
            listener.trialDone(trial);
            return outcome;
        }

        private String notConfirmed(Stop stop) {
            String failed = failedConfirmations.isEmpty()
                    ? ""
                    : "; failed confirmation runs: " + String.join(", ", failedConfirmations);
            if (passes.isEmpty()) {
                return "none confirmed: nothing passed" + failed;
            }
            if (!confirm) {
                return "none confirmed: no confirmation runs in this search";
            }
            return switch (stop) {
                case TRIAL_BUDGET -> "none confirmed: the trial budget was spent first" + failed;
                case INTERRUPTED -> "none confirmed: interrupted" + failed;
                default -> "none confirmed" + failed;
            };
        }

        private String detail(Stop stop, OptionalLong best) {
            String passesAt = best.isEmpty() ? "nothing passed" : fmt("passes at %,d msg/s", best.getAsLong());
            return switch (stop) {
                case BRACKETED -> passesAt + fmt(", fails at %,d msg/s", firstFail);
                case FAILS_AT_MIN_RATE -> fmt("fails at %,d msg/s", firstFail);
                case LOAD_GENERATOR_LIMIT ->
                    passesAt
                            + fmt("; the producer could not hold %,d msg/s", loadCeiling)
                            + (loadReason.isBlank() ? "" : ": " + loadReason);
                case PASSES_AT_MAX_RATE -> passesAt + ", the highest rate allowed";
                case TRIAL_BUDGET, INTERRUPTED ->
                    passesAt + " after " + trials.size() + " trials"
                            + (firstFail == null ? "" : fmt(", fails at %,d msg/s", firstFail));
            };
        }
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
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
        private long trialSeconds = 60;
        private long confirmSeconds = 300;
        private long maxConfirmSeconds = 3600;
        private int maxConfirmations = 3;
        private OptionalLong checkpointEveryCommits = OptionalLong.empty();
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
         * Safety bound on trials, confirmation runs included; default 30. A search from 1,000 to 1,000,000
         * msg/s takes 11 ramp trials, about 4 to bisect a doubling to 10 % and 1 to confirm, so 30 leaves room
         * for repeats and a few failed confirmations while still stopping a search that, through flapping
         * verdicts, never settles.
         */
        public Builder maxTrials(int maxTrials) {
            this.maxTrials = maxTrials;
            return this;
        }

        /** Confirm the best passing rate with a long run before calling it the capacity; default true. */
        public Builder confirm(boolean confirm) {
            this.confirm = confirm;
            return this;
        }

        /**
         * Repeat a failed ramp or bisection trial once, and count the rate as failed for the bisection only if
         * the repeat fails too; default true. False: every trial decides alone, which costs fewer trials and
         * lets one slow second end the ramp.
         */
        public Builder repeatFailures(boolean repeatFailures) {
            this.repeatFailures = repeatFailures;
            return this;
        }

        /** Seconds of load of a ramp, bisection or repeat trial; default 60. */
        public Builder trialSeconds(long seconds) {
            this.trialSeconds = seconds;
            return this;
        }

        /** Seconds of load of a confirmation run at least; default 300. */
        public Builder confirmSeconds(long seconds) {
            this.confirmSeconds = seconds;
            return this;
        }

        /** No confirmation run longer than this, whatever the log checkpoint asks; default 3600. */
        public Builder maxConfirmSeconds(long seconds) {
            this.maxConfirmSeconds = seconds;
            return this;
        }

        /** Confirmation runs at most, failed ones included, before the search gives up on confirming; default 3. */
        public Builder maxConfirmations(int runs) {
            this.maxConfirmations = runs;
            return this;
        }

        /**
         * The engine's log checkpoint interval with the search's knobs, in commits; empty when it has none (or
         * none the harness knows). A confirmation run lasts at least two of these intervals.
         */
        public Builder checkpointEveryCommits(OptionalLong commits) {
            this.checkpointEveryCommits = Objects.requireNonNull(commits);
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
            if (trialSeconds < 1) {
                throw new ConfigException("--trial-duration must be at least 1 s, was " + trialSeconds);
            }
            if (confirmSeconds < trialSeconds) {
                throw new ConfigException("--confirm-duration must be at least --trial-duration (" + trialSeconds
                        + " s), was " + confirmSeconds);
            }
            if (maxConfirmSeconds < confirmSeconds) {
                throw new ConfigException("--max-confirm-duration must be at least --confirm-duration ("
                        + confirmSeconds + " s), was " + maxConfirmSeconds);
            }
            if (maxConfirmations < 1) {
                throw new ConfigException("--max-confirmations must be at least 1, was " + maxConfirmations);
            }
            if (checkpointEveryCommits.isPresent() && checkpointEveryCommits.getAsLong() < 1) {
                throw new IllegalArgumentException(
                        "a log checkpoint interval must be at least 1 commit, was " + checkpointEveryCommits);
            }
            return new CapacitySearch(this);
        }
    }
}
