package streambench.harness.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Where a consumer's unit of work (a Spark micro-batch, a Flink checkpoint) spends its time and its storage
 * requests, averaged over the measured window of its telemetry file: the mean and the largest of each phase
 * in ms, and the mean of each kind of storage request. Phases are Spark's {@code durations_ms} or the
 * top-level {@code *_ms} fields of another engine's line; requests are the {@code storage_requests} object
 * every JVM consumer writes. Lines before {@code from} (the warm start, the consumer's own start) are left
 * out, so the figures describe the load that was measured.
 *
 * @param units          units of work in the window
 * @param rowsPerUnit    mean rows per unit ({@code input_rows} or {@code records}), NaN when the line has none
 * @param meanMs         mean of each phase, ms, in the order the lines give them
 * @param maxMs          largest of each phase, ms
 * @param requestsPerUnit mean requests per unit by kind, {@code total} first; empty when the lake was not ABFS
 */
public record BatchAnatomy(
        long units,
        double rowsPerUnit,
        Map<String, Double> meanMs,
        Map<String, Double> maxMs,
        Map<String, Double> requestsPerUnit) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The units of work in {@code telemetry} from {@code from} on; empty when there is no file or no unit. */
    public static Optional<BatchAnatomy> read(Path telemetry, Instant from) throws IOException {
        return read(telemetry, from, Instant.MAX);
    }

    /** The units of work in {@code telemetry} from {@code from} up to (not including) {@code to}. */
    public static Optional<BatchAnatomy> read(Path telemetry, Instant from, Instant to) throws IOException {
        if (!Files.isRegularFile(telemetry)) {
            return Optional.empty();
        }
        long units = 0;
        long rowUnits = 0;
        double rows = 0;
        Map<String, Double> sumMs = new LinkedHashMap<>();
        Map<String, Double> maxMs = new LinkedHashMap<>();
        Map<String, Double> sumRequests = new LinkedHashMap<>();
        try (BufferedReader in = Files.newBufferedReader(telemetry)) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode n = parse(line);
                if (n == null || !inWindow(n, from, to)) {
                    continue;
                }
                units++;
                JsonNode r = n.has("input_rows") ? n.get("input_rows") : n.get("records");
                if (r != null && r.isNumber()) {
                    rows += r.asDouble();
                    rowUnits++;
                }
                phases(n).forEach((name, ms) -> {
                    sumMs.merge(name, ms, Double::sum);
                    maxMs.merge(name, ms, Math::max);
                });
                JsonNode requests = n.get("storage_requests");
                if (requests != null) {
                    for (Iterator<Map.Entry<String, JsonNode>> it = requests.fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        sumRequests.merge(e.getKey(), e.getValue().asDouble(), Double::sum);
                    }
                }
            }
        }
        if (units == 0) {
            return Optional.empty();
        }
        long n = units;
        return Optional.of(new BatchAnatomy(
                units, rowUnits == 0 ? Double.NaN : rows / rowUnits, mean(sumMs, n), maxMs, mean(sumRequests, n)));
    }

    /** One dense console line: units, rows, the phases that take time, the requests by kind. */
    public String describe(String unit) {
        String phases = meanMs.entrySet().stream()
                .filter(e -> e.getValue() >= 1)
                .map(e -> String.format(Locale.ROOT, "%s %.0f", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
        String requests = requestsPerUnit.entrySet().stream()
                .filter(e -> e.getValue() >= 0.05)
                .map(e -> String.format(Locale.ROOT, "%s %.1f", e.getKey(), e.getValue()))
                .collect(Collectors.joining(", "));
        return String.format(
                Locale.ROOT,
                "%,d %s of %,.0f rows; mean ms: %s%s",
                units,
                unit.endsWith("ch") ? unit + "es" : unit + "s",
                rowsPerUnit,
                phases.isEmpty() ? "-" : phases,
                requests.isEmpty() ? "" : "; storage requests per " + unit + ": " + requests);
    }

    private static JsonNode parse(String line) {
        try {
            JsonNode n = JSON.readTree(line);
            return n != null && n.isObject() ? n : null;
        } catch (IOException e) {
            return null; // a line cut short by a kill -9: the rest of the file still counts
        }
    }

    private static boolean inWindow(JsonNode n, Instant from, Instant to) {
        JsonNode time = n.get("time");
        if (time == null) {
            return false;
        }
        try {
            Instant at = Instant.parse(time.asText());
            return !at.isBefore(from) && at.isBefore(to);
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static Map<String, Double> phases(JsonNode n) {
        Map<String, Double> out = new LinkedHashMap<>();
        JsonNode durations = n.get("durations_ms");
        if (durations != null && durations.isObject()) {
            durations
                    .fields()
                    .forEachRemaining(e -> out.put(e.getKey(), e.getValue().asDouble()));
            return out;
        }
        n.fields().forEachRemaining(e -> {
            if (e.getKey().endsWith("_ms") && e.getValue().isNumber()) {
                out.put(
                        e.getKey().substring(0, e.getKey().length() - 3),
                        e.getValue().asDouble());
            }
        });
        return out;
    }

    private static Map<String, Double> mean(Map<String, Double> sums, long n) {
        Map<String, Double> out = new LinkedHashMap<>();
        sums.forEach((k, v) -> out.put(k, v / n));
        return out;
    }
}
