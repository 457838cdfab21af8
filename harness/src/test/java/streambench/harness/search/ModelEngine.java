package streambench.harness.search;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A deterministic stand-in for an engine: per-second max latency and consumer CPU as functions of the
 * trial number, the knobs and the offered rate; it passes when the max stays under 5 s, as the threshold
 * check demands, and it keeps up. Seeded noise, a producer that cannot hold rates above a limit, verdicts
 * forced on given trials, a periodic cost only long runs meet, a verdict that is a coin flip, and an interrupt
 * at a given trial stand for what a real machine does to a search.
 */
final class ModelEngine implements TrialRunner {
    static final double THRESHOLD_SECONDS = 5.0;

    /** The engine's behaviour; {@code trial} counts from 1, so a model can change during a search. */
    interface Behaviour {
        Reading at(int trial, Map<String, String> knobs, long rate);
    }

    /** {@code keptUp} false: the engine falls behind however low the max, and fails that check. */
    record Reading(double maxLatencySeconds, double consumerCores, boolean keptUp) {
        Reading(double maxLatencySeconds, double consumerCores) {
            this(maxLatencySeconds, consumerCores, true);
        }
    }

    private final Behaviour behaviour;
    private long loadLimit = Long.MAX_VALUE;
    private Random noise;
    private double noiseSeconds;
    private final Map<Integer, Boolean> forced = new HashMap<>();
    private final Map<Integer, String> invalidAt = new HashMap<>();
    private int interruptAt = -1;
    private Runnable beforeEachTrial = () -> {};
    private long failsFromSeconds = Long.MAX_VALUE;
    private Random coin;
    private double passProbability;
    private double commitsPerSecond = 1.0;

    final List<Map<String, String>> knobsRun = new ArrayList<>();
    final List<Long> ratesRun = new ArrayList<>();
    final List<Long> secondsRun = new ArrayList<>();

    ModelEngine(Behaviour behaviour) {
        this.behaviour = behaviour;
    }

    /**
     * Passes exactly up to {@code capacity} msg/s: the max climbs towards 4.5 s there, then past the
     * threshold as the engine falls behind. CPU grows with the rate.
     */
    static ModelEngine withCapacity(long capacity) {
        return new ModelEngine((trial, knobs, rate) -> reading(capacity, rate));
    }

    static Reading reading(long capacity, long rate) {
        double max = rate <= capacity ? 4.5 * rate / capacity : 5.0 + 10.0 * (rate - capacity) / capacity;
        return new Reading(max, 0.5 + rate / 10_000.0);
    }

    /** Rates above {@code limit} msg/s: the producer falls behind its schedule. */
    ModelEngine loadInvalidAbove(long limit) {
        this.loadLimit = limit;
        return this;
    }

    ModelEngine loadInvalidAt(int trial, String reason) {
        invalidAt.put(trial, reason);
        return this;
    }

    /** Uniform noise of ±{@code seconds} on every max, from a fixed seed. */
    ModelEngine noise(long seed, double seconds) {
        this.noise = new Random(seed);
        this.noiseSeconds = seconds;
        return this;
    }

    /** Trial {@code trial} passes or fails whatever the model says: a flaky verdict. */
    ModelEngine force(int trial, boolean passed) {
        forced.put(trial, passed);
        return this;
    }

    /**
     * Every run of {@code seconds} or more fails, at any rate, whatever else the model says: a periodic cost
     * (a log checkpoint every N commits) that no shorter trial reaches.
     */
    ModelEngine failsInRunsOfAtLeast(long seconds) {
        this.failsFromSeconds = seconds;
        return this;
    }

    /**
     * Passes with {@code probability} per trial from a fixed seed, whatever the rate, the knobs and the
     * length: a verdict that says nothing about the engine's capacity. A pass has its max in [2.5, 4.9) s, a
     * failure in [5.2, 9.2) s.
     */
    static ModelEngine coinFlip(long seed, double probability) {
        ModelEngine m = new ModelEngine((trial, knobs, rate) -> new Reading(0, 1.0));
        m.coin = new Random(seed);
        m.passProbability = probability;
        return m;
    }

    /** The table commits this often under load; default once a second. */
    ModelEngine commitsPerSecond(double perSecond) {
        this.commitsPerSecond = perSecond;
        return this;
    }

    ModelEngine interruptAt(int trial) {
        this.interruptAt = trial;
        return this;
    }

    ModelEngine beforeEachTrial(Runnable check) {
        this.beforeEachTrial = check;
        return this;
    }

    int trials() {
        return ratesRun.size();
    }

    @Override
    public TrialOutcome run(Map<String, String> knobs, long rate, long seconds) throws InterruptedException {
        beforeEachTrial.run();
        int trial = ratesRun.size() + 1;
        if (trial == interruptAt) {
            throw new InterruptedException("Ctrl-C");
        }
        knobsRun.add(Map.copyOf(knobs));
        ratesRun.add(rate);
        secondsRun.add(seconds);
        Reading r = behaviour.at(trial, knobs, rate);
        double max = r.maxLatencySeconds() + (noise == null ? 0 : (noise.nextDouble() * 2 - 1) * noiseSeconds);
        if (coin != null) {
            boolean heads = coin.nextDouble() < passProbability;
            max = heads ? 2.5 + coin.nextDouble() * 2.4 : 5.2 + coin.nextDouble() * 4;
        }
        if (seconds >= failsFromSeconds) {
            max = Math.max(max, THRESHOLD_SECONDS + 3); // the checkpoint's batch, once the run reaches it
        }
        boolean underThreshold = max < THRESHOLD_SECONDS;
        Map<String, Boolean> checks = new LinkedHashMap<>();
        checks.put("threshold", underThreshold);
        checks.put("trend", true);
        checks.put("kept-up", r.keptUp());
        checks.put("complete", true);
        if (rate > loadLimit || invalidAt.containsKey(trial)) {
            checks.put("load", false);
            String reason = invalidAt.getOrDefault(trial, "producer sent " + loadLimit + " of " + rate + " msg/s");
            return TrialOutcome.undetermined(reason, checks, max, max * 0.8, r.keptUp(), r.consumerCores())
                    .withCommitsPerSecond(commitsPerSecond);
        }
        checks.put("load", true);
        boolean passed = forced.getOrDefault(trial, underThreshold && r.keptUp());
        return TrialOutcome.judged(passed, checks, max, max * 0.8, r.keptUp(), r.consumerCores())
                .withCommitsPerSecond(commitsPerSecond);
    }
}
