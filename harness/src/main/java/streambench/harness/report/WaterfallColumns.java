package streambench.harness.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import streambench.harness.analysis.LatencyWaterfall;
import streambench.harness.analysis.LatencyWaterfall.Stage;

/**
 * The latency waterfall's columns of {@code latency_timeseries.csv}, after the columns that were there before it:
 * per stage that second's largest and 99th percentile, then the stage its worst record spent most in and how long
 * that record spent in each stage (so one row shows what made the second's maximum). Empty where the engine's table
 * has no Kafka timestamps.
 */
final class WaterfallColumns {
    static final String HEADER;

    static {
        StringBuilder h = new StringBuilder();
        for (Stage s : Stage.values()) {
            h.append(',').append(s.label).append("_max_s,").append(s.label).append("_p99_s");
        }
        h.append(",dominant_stage");
        for (Stage s : Stage.values()) {
            h.append(",worst_").append(s.label).append("_s");
        }
        HEADER = h.toString();
    }

    private static final int COLUMNS = HEADER.split(",").length - 1;

    private final Map<Long, LatencyWaterfall.Second> bySecond = new HashMap<>();
    private final LatencyWaterfall.Result waterfall;

    WaterfallColumns(LatencyWaterfall.Result waterfall) {
        this.waterfall = waterfall;
        waterfall.seconds().forEach(s -> bySecond.put(s.elapsedSecond(), s));
    }

    /** The waterfall columns of one second, empty strings where it has none. */
    List<Object> of(long elapsedSecond) {
        LatencyWaterfall.Second s = bySecond.get(elapsedSecond);
        if (s == null) {
            return Collections.nCopies(COLUMNS, "");
        }
        List<Object> out = new ArrayList<>();
        for (Stage stage : Stage.values()) {
            out.add(seconds(s.maxMicros()[stage.ordinal()]));
            out.add(seconds(s.p99Micros()[stage.ordinal()]));
        }
        out.add(waterfall.dominantLabel(s));
        for (Stage stage : Stage.values()) {
            out.add(seconds(s.worstSplit()[stage.ordinal()]));
        }
        return out;
    }

    static String seconds(long micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1e6);
    }
}
