package streambench.common;

import java.util.Locale;

/**
 * Where a consumer starts reading a topic it holds no offsets for. Every engine spells it the same way
 * (Spark's {@code startingOffsets}, Flink's reset strategy, Feldera's {@code start_from}).
 */
public enum StartingOffsets {
    EARLIEST,
    LATEST;

    /** The engines' own spelling: {@code earliest} or {@code latest}. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
