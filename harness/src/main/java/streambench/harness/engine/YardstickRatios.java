package streambench.harness.engine;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * An engine's figures as multiples of the yardstick's in the same run, where the yardstick is what this
 * store and machine allow from Kafka to Delta with no engine in between: "2.4× yardstick p99" says how much
 * of an engine's latency is the engine. Above 1 is worse (slower, more CPU) for each of them.
 *
 * @param p99              the engine's p99 latency over the yardstick's
 * @param max              its per-second max over the yardstick's
 * @param coresPerThousand its consumer CPU per 1,000 msg/s over the yardstick's
 */
public record YardstickRatios(Double p99, Double max, Double coresPerThousand) {
    /**
     * {@code r}'s ratios against the yardstick among {@code all}; empty for the yardstick itself, for an
     * engine that did not run, and when the yardstick did not run.
     */
    public static Optional<YardstickRatios> of(EngineResult r, List<EngineResult> all) {
        if (r.id().equals(Engines.YARDSTICK) || !r.ran()) {
            return Optional.empty();
        }
        return all.stream()
                .filter(e -> e.id().equals(Engines.YARDSTICK) && e.ran())
                .findFirst()
                .map(y -> new YardstickRatios(
                        ratio(r.percentileSeconds(99), y.percentileSeconds(99)),
                        ratio(r.maxSeconds(), y.maxSeconds()),
                        ratio(r.consumerCoresPerThousand(), y.consumerCoresPerThousand())));
    }

    /** A capacity as a fraction of the yardstick's, when both were found: below 1 the engine sustains less. */
    public static OptionalDouble capacity(long engine, long yardstick) {
        return yardstick > 0
                ? OptionalDouble.of(Math.round(engine * 100.0 / yardstick) / 100.0)
                : OptionalDouble.empty();
    }

    /**
     * The capacity ratio as text, with what the bounds allow: a capacity that is only a lower bound (the load
     * generator or {@code --max-rate} stopped its search) makes the ratio "at least" when it is the engine's
     * and "at most" when it is the yardstick's; with both lower bounds nothing can be said but both figures.
     * Empty when either capacity is missing.
     */
    public static java.util.Optional<String> capacityText(
            long engine, boolean engineLowerBound, long yardstick, boolean yardstickLowerBound) {
        OptionalDouble x = capacity(engine, yardstick);
        if (x.isEmpty() || engine <= 0) {
            return java.util.Optional.empty();
        }
        String times = String.format(Locale.ROOT, "%.2f×", x.getAsDouble());
        if (engineLowerBound && yardstickLowerBound) {
            return java.util.Optional.of("? (both lower bounds)");
        }
        return java.util.Optional.of(engineLowerBound ? ">= " + times : yardstickLowerBound ? "<= " + times : times);
    }

    /** Null (no figure) when either side has none; two decimals, as the figures beneath have. */
    private static Double ratio(double engine, double yardstick) {
        if (!(engine >= 0) || !(yardstick > 0) || Double.isInfinite(engine)) {
            return null;
        }
        return Math.round(engine / yardstick * 100) / 100.0;
    }

    /** One console line: {@code 2.40× yardstick p99, 1.90× its max, 3.10× its CPU per 1k msg/s}. */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "%s yardstick p99, %s its max, %s its CPU per 1k msg/s",
                times(p99),
                times(max),
                times(coresPerThousand));
    }

    private static String times(Double x) {
        return x == null ? "-" : String.format(Locale.ROOT, "%.2f×", x);
    }
}
