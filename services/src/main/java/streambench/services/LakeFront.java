package streambench.services;

import java.time.Duration;

/**
 * What the proxy in front of the embedded Azurite must do for a run: hold each request for {@code delay} (a real
 * store's round trip), refuse what a real account refuses ({@code strict}, see {@link StrictLake}), and be able to
 * hold every request for a while ({@code outage}, the lake-outage fault). With none of them no proxy runs, and the
 * lake is reached directly.
 */
public record LakeFront(Duration delay, boolean strict, boolean outage) {
    public static final LakeFront DIRECT = new LakeFront(Duration.ZERO, false, false);

    public LakeFront {
        if (delay.isNegative()) {
            throw new streambench.common.ConfigException(
                    "the store delay must be 0 or more, got " + delay.toMillis() + " ms");
        }
    }

    boolean needsProxy() {
        return !delay.isZero() || strict || outage;
    }
}
