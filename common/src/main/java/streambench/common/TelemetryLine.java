package streambench.common;

import java.time.Instant;
import java.util.Map;

/**
 * One line of a consumer's {@code TELEMETRY_FILE}: a flat JSON object that starts with
 * {@code "time"} (ISO-8601), then the engine's own numbers in the order given. Field names come from code,
 * never from data, and values are numbers or booleans: nothing needs escaping, so no JSON library is shaded
 * next to an engine's own.
 */
public final class TelemetryLine {
    private final StringBuilder json = new StringBuilder(256);

    private TelemetryLine(String isoTime) {
        json.append("{\"")
                .append(ConsumerContract.TELEMETRY_TIME)
                .append("\":\"")
                .append(isoTime)
                .append('"');
    }

    public static TelemetryLine at(Instant time) {
        return new TelemetryLine(time.toString());
    }

    /** For an engine that reports its own ISO-8601 timestamp (Spark's progress), written as given. */
    public static TelemetryLine at(String isoTime) {
        return new TelemetryLine(isoTime);
    }

    public TelemetryLine field(String name, long value) {
        json.append(",\"").append(name).append("\":").append(value);
        return this;
    }

    public TelemetryLine field(String name, double value) {
        json.append(",\"").append(name).append("\":").append(value);
        return this;
    }

    public TelemetryLine field(String name, boolean value) {
        json.append(",\"").append(name).append("\":").append(value);
        return this;
    }

    /** A nested object of counters, in the map's order, e.g. Spark's phase durations. */
    public TelemetryLine object(String name, Map<String, Long> values) {
        json.append(",\"").append(name).append("\":{");
        String separator = "";
        for (Map.Entry<String, Long> e : values.entrySet()) {
            json.append(separator).append('"').append(e.getKey()).append("\":").append(e.getValue());
            separator = ",";
        }
        json.append('}');
        return this;
    }

    /** The line, without its newline. */
    @Override
    public String toString() {
        return json + "}";
    }
}
