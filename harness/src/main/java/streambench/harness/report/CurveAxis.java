package streambench.harness.report;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import streambench.common.ConfigException;

/**
 * What a curve varies, named as the option that sets it, with the key {@code summary.json}'s settings and a
 * manifest's workload hold it under. Every other setting of {@link #HELD} must be the same in every source.
 */
public enum CurveAxis {
    RATE("rate", "rate", "offered rate, msg/s"),
    PARTITIONS("partitions", "partitions", "partitions of the topic"),
    STORE_DELAY("store-delay-ms", "store_delay_ms", "delay added to every storage request, ms");

    /**
     * The settings a curve holds fixed: one differing between two sources would be a second variable (a longer run
     * has more chances at a bad second; a fault is a second variable of its own).
     */
    static final List<String> HELD = List.of(
            "rate",
            "partitions",
            "store_delay_ms",
            "message_bytes",
            "duration_s",
            "faults",
            "threshold_s",
            "visibility_poll_ms");

    private final String option;
    private final String key;
    private final String title;

    CurveAxis(String option, String key, String title) {
        this.option = option;
        this.key = key;
        this.title = title;
    }

    /** As {@code --over} takes it. */
    public String option() {
        return option;
    }

    String key() {
        return key;
    }

    String title() {
        return title;
    }

    public static CurveAxis parse(String text) {
        for (CurveAxis a : values()) {
            if (a.option.equals(text.toLowerCase(Locale.ROOT))) {
                return a;
            }
        }
        throw new ConfigException("--over must be one of "
                + Arrays.stream(values()).map(CurveAxis::option).collect(Collectors.joining(", "))
                + ", got \"" + text + "\"");
    }
}
