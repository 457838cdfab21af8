package streambench.harness.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import streambench.common.ConfigException;
import streambench.harness.engine.Engines;

/**
 * What a latency_timeseries.csv should hold, so {@code check} judges what is missing as well as what is
 * there: the engines (by their label, the CSV's {@code version}), the run's length and offered rate, and
 * what the run's summary.json said of each engine beyond latency (not run, invalid, incomplete).
 */
record ExpectedRun(
        List<String> labels,
        long durationSeconds,
        OptionalLong rate,
        Map<String, List<String>> verdicts,
        String source) {

    /** Per engine label: the summary's failed checks other than the two {@code check} recomputes. */
    static ExpectedRun fromSummary(Path summary) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(summary.toFile());
        } catch (IOException e) {
            throw new ConfigException(summary + " is not a summary.json: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
        JsonNode settings = root.path("settings");
        if (!settings.path("duration_s").canConvertToLong()
                || !root.path("engines").isArray()) {
            throw new ConfigException(
                    summary + " has no settings.duration_s or no engines: not a streambench summary.json");
        }
        List<String> labels = new ArrayList<>();
        Map<String, List<String>> verdicts = new LinkedHashMap<>();
        for (JsonNode e : root.path("engines")) {
            String label = e.path("version").asText();
            labels.add(label);
            List<String> failures = new ArrayList<>();
            if (e.has("not_run_reason")) {
                failures.add(e.path("status").asText() + ": "
                        + e.path("not_run_reason").asText());
            }
            for (JsonNode c : e.path("checks")) {
                String name = c.path("check").asText();
                if (!c.path("passed").asBoolean()
                        && !name.equals("threshold")
                        && !name.equals("trend")
                        && !name.equals("ran")) {
                    failures.add(name + ": " + c.path("detail").asText());
                }
            }
            verdicts.put(label, failures);
        }
        long rate = settings.path("rate").asLong(0);
        return new ExpectedRun(
                labels,
                settings.path("duration_s").asLong(),
                rate > 0 ? OptionalLong.of(rate) : OptionalLong.empty(),
                verdicts,
                summary.toString());
    }

    /** From the command line: engine ids ({@code spark-4.2}) or labels ({@code Spark 4.2}). */
    static ExpectedRun fromOptions(List<String> engines, long durationSeconds, OptionalLong rate) {
        Map<String, String> labelById = new LinkedHashMap<>();
        Engines.all().forEach(e -> labelById.put(e.id(), e.label()));
        List<String> labels = engines.stream()
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(name -> labelById.getOrDefault(name, name))
                .distinct()
                .toList();
        return new ExpectedRun(labels, durationSeconds, rate, Map.of(), "--engines/--duration");
    }

    /**
     * The summary.json beside the CSV, unless the options say otherwise; with neither, {@code check} cannot
     * know what is missing and refuses (exit 2) rather than judge only what it sees.
     */
    static ExpectedRun resolve(Path csv, List<String> engines, Long durationSeconds, Long rate) {
        Path summary = csv.toAbsolutePath().resolveSibling("summary.json");
        ExpectedRun fromFile = Files.isRegularFile(summary) ? fromSummary(summary) : null;
        List<String> names = !engines.isEmpty() ? engines : fromFile != null ? fromFile.labels() : List.of();
        Long duration =
                durationSeconds != null ? durationSeconds : fromFile != null ? fromFile.durationSeconds() : null;
        if (names.isEmpty() || duration == null) {
            throw new ConfigException("check needs to know what " + csv + " should hold: put the run's summary.json "
                    + "beside it, or give --engines and --duration");
        }
        if (duration <= 0) {
            throw new ConfigException("--duration must be a positive number of seconds, got " + duration);
        }
        OptionalLong r =
                rate != null ? OptionalLong.of(rate) : fromFile != null ? fromFile.rate() : OptionalLong.empty();
        ExpectedRun run = fromOptions(names, duration, r);
        if (fromFile == null) {
            return run;
        }
        boolean options = !engines.isEmpty() || durationSeconds != null || rate != null;
        return new ExpectedRun(
                run.labels(),
                duration,
                r,
                fromFile.verdicts(),
                options ? fromFile.source() + " and the options" : fromFile.source());
    }
}
