package streambench.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import streambench.common.ConfigException;

/**
 * One result folder a curve reads: a {@code run}'s ({@code summary.json}: a point per engine that ran) or a
 * {@code capacity} search's ({@code capacity_trials.csv}: a point per trial, for a curve over the rate only),
 * with the settings it held and what made it (its {@code manifest.json}).
 *
 * @param held      the settings a curve must find equal in every source, the varied one left out, as JSON text
 * @param threshold the run's latency threshold, s
 * @param complete  false when the command that wrote the folder did not finish (Ctrl-C, a crash)
 * @param commit    the commit the harness was built from, {@code +dirty} when its tree was; "unknown" without a manifest
 * @param machine   its cores and OS as the manifest says; empty without a manifest
 * @param probeMs   the manifest's {@code cpu_probe_ms}, NaN when it has none
 */
public record CurveSource(
        Path folder,
        String kind,
        Map<String, String> held,
        double threshold,
        boolean complete,
        String commit,
        String started,
        Optional<String> machine,
        double probeMs,
        List<CurvePoint> points) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SUMMARY = "summary.json";
    private static final String TRIALS = "capacity_trials.csv";

    /** Whether any engine of it ran: a folder of engines that were never started gives the curve nothing. */
    public boolean hasPoints() {
        return !points.isEmpty();
    }

    /** The folder as a curve over {@code over} reads it; a folder with neither file is a configuration error. */
    public static CurveSource read(Path folder, CurveAxis over) throws IOException {
        Path summary = folder.resolve(SUMMARY);
        Path trials = folder.resolve(TRIALS);
        JsonNode manifest = readJson(folder.resolve(Manifest.FILE)).orElse(JSON.createObjectNode());
        if (Files.isRegularFile(summary)) {
            return fromRun(folder, over, readJson(summary).orElseThrow(), manifest);
        }
        if (Files.isRegularFile(trials)) {
            if (over != CurveAxis.RATE) {
                throw new ConfigException(folder + " is a capacity search, whose trials vary the rate: it can "
                        + "only be read by --over rate");
            }
            return fromCapacity(folder, trials, manifest);
        }
        throw new ConfigException(folder + " holds neither summary.json (a run's result) nor capacity_trials.csv "
                + "(a capacity search's): give the folder a run or a search wrote with --results");
    }

    private static CurveSource fromRun(Path folder, CurveAxis over, JsonNode summary, JsonNode manifest) {
        JsonNode settings = summary.path("settings");
        if (!settings.has(over.key())) {
            throw new ConfigException(folder.resolve(SUMMARY) + " has no settings." + over.key()
                    + ": written by a harness older than this command, or not a run's summary");
        }
        double x = settings.path(over.key()).asDouble();
        List<CurvePoint> points = new ArrayList<>();
        for (JsonNode e : summary.path("engines")) {
            if (e.path("status").asText().equals("not run")) {
                continue; // never started: no point, where one that crashed is a failure at its value
            }
            JsonNode latency = e.path("latency_s");
            double[] files = files(e.path("windows"));
            points.add(new CurvePoint(
                    x,
                    e.path("engine").asText(),
                    e.path("version").asText(),
                    e.path("status").asText(),
                    settings.path("duration_s").asLong(),
                    latency.path("p99").asDouble(Double.NaN),
                    latency.path("max").asDouble(Double.NaN),
                    e.path("processes").path("consumer").path("cpu_percent_avg").asDouble(Double.NaN) / 100,
                    files[0],
                    files[1]));
        }
        boolean complete = summary.path("complete").asBoolean(true)
                && !manifest.path("status").asText("").equals("running");
        return of(folder, "run", settings, over, manifest, complete, points);
    }

    /** Files added per minute of load and their mean size in KiB, over every window; NaN without windows. */
    private static double[] files(JsonNode windows) {
        double seconds = 0;
        double added = 0;
        double sized = 0; // files of windows that say their mean size
        double bytes = 0;
        for (JsonNode w : windows) {
            double s = w.path("to_s").asDouble() - w.path("from_s").asDouble();
            double n = w.path("files_added_per_minute").asDouble() * s / 60;
            seconds += s;
            added += n;
            if (n > 0 && w.path("mean_file_kib").isNumber()) {
                sized += n;
                bytes += n * w.path("mean_file_kib").asDouble();
            }
        }
        return seconds == 0
                ? new double[] {Double.NaN, Double.NaN}
                : new double[] {added * 60 / seconds, sized == 0 ? Double.NaN : bytes / sized};
    }

    private static CurveSource fromCapacity(Path folder, Path trials, JsonNode manifest) throws IOException {
        JsonNode workload = manifest.path("workload");
        if (workload.isMissingNode()) {
            throw new ConfigException(folder + " has capacity_trials.csv but no " + Manifest.FILE
                    + ": the settings the trials held (partitions, event size, store delay) cannot be told");
        }
        List<CurvePoint> points = new ArrayList<>();
        try (Reader r = Files.newBufferedReader(trials, StandardCharsets.UTF_8);
                CSVParser csv = CSVFormat.DEFAULT
                        .builder()
                        .setHeader()
                        .setSkipHeaderRecord(true)
                        .build()
                        .parse(r)) {
            for (CSVRecord t : csv) {
                points.add(new CurvePoint(
                        Double.parseDouble(t.get("rate")),
                        t.get("engine"),
                        t.get("version"),
                        t.get("outcome"),
                        Long.parseLong(t.get("seconds")),
                        number(t.get("p99_s")),
                        number(t.get("max_s")),
                        number(t.get("consumer_cores")),
                        Double.NaN,
                        Double.NaN));
            }
        } catch (IllegalArgumentException e) {
            throw new ConfigException(trials + " is not a capacity search's trials file: " + e.getMessage());
        }
        boolean complete = !manifest.path("status").asText("").equals("running");
        return of(folder, "capacity", workload, CurveAxis.RATE, manifest, complete, points);
    }

    private static CurveSource of(
            Path folder,
            String kind,
            JsonNode settings,
            CurveAxis over,
            JsonNode manifest,
            boolean complete,
            List<CurvePoint> points) {
        if (!settings.path("threshold_s").isNumber()) {
            throw new ConfigException(folder + " says no threshold_s in its settings: not a result this harness wrote");
        }
        Map<String, String> held = new LinkedHashMap<>();
        for (String key : CurveAxis.HELD) {
            if (!key.equals(over.key())) {
                JsonNode v = settings.path(key);
                // summary.json leaves an empty fault list out, a manifest writes []
                held.put(key, v.isMissingNode() ? (key.equals("faults") ? "[]" : "?") : v.toString());
            }
        }
        JsonNode build = manifest.path("build");
        String commit = build.path("commit").asText("unknown");
        commit = (commit.length() > 7 ? commit.substring(0, 7) : commit)
                + (build.path("dirty").asBoolean(false) ? "+dirty" : "");
        JsonNode m = manifest.path("machine");
        Optional<String> machine = m.isMissingNode()
                ? Optional.empty()
                : Optional.of(
                        m.path("cores").asText("?") + " cores, " + m.path("os").asText("?"));
        return new CurveSource(
                folder,
                kind,
                held,
                settings.path("threshold_s").asDouble(),
                complete,
                commit,
                manifest.path("started").asText(""),
                machine,
                m.path("cpu_probe_ms").asDouble(Double.NaN),
                points);
    }

    /**
     * A curve written into {@code dir} would overwrite the manifest of the run or search whose results it holds: that
     * is a configuration error; a folder an earlier curve wrote may be written again.
     */
    public static void requireCurveFolder(Path dir) throws IOException {
        boolean holdsResults = Files.isRegularFile(dir.resolve(SUMMARY)) || Files.isRegularFile(dir.resolve(TRIALS));
        boolean otherManifest = readJson(dir.resolve(Manifest.FILE))
                .map(m -> !m.path("command").asText().equals("curve"))
                .orElse(false);
        if (holdsResults || otherManifest) {
            throw new ConfigException("--results " + dir + " holds another command's results, whose manifest "
                    + "the curve's would overwrite; give the curve a folder of its own");
        }
    }

    private static double number(String s) {
        return s == null || s.isBlank() ? Double.NaN : Double.parseDouble(s);
    }

    private static Optional<JsonNode> readJson(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readTree(file.toFile()));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new ConfigException(file + " is not valid JSON: " + e.getOriginalMessage());
        }
    }

    /**
     * Every source held the same settings but the varied one, or the curve would mix two variables: the first
     * setting that differs, with both folders and values, is a configuration error.
     */
    public static void requireSameHeld(List<CurveSource> sources) {
        CurveSource first = sources.get(0);
        for (CurveSource s : sources) {
            for (Map.Entry<String, String> e : first.held().entrySet()) {
                String other = s.held().get(e.getKey());
                if (!e.getValue().equals(other)) {
                    throw new ConfigException("the sources differ in " + e.getKey() + ": " + e.getValue() + " in "
                            + first.folder() + ", " + other + " in " + s.folder()
                            + "; a curve varies one setting and holds the others");
                }
            }
        }
    }

    /**
     * What the reader of the curve must know of its sources: machines that differ, cores whose speed differs by a
     * fifth or more, sources without a manifest or a core-speed probe, commands that did not finish.
     */
    public static List<String> notes(List<CurveSource> sources) {
        List<String> notes = new ArrayList<>();
        List<String> machines =
                sources.stream().flatMap(s -> s.machine().stream()).distinct().toList();
        double[] probes = sources.stream()
                .mapToDouble(CurveSource::probeMs)
                .filter(Double::isFinite)
                .toArray();
        double lo = Arrays.stream(probes).min().orElse(Double.NaN);
        double hi = Arrays.stream(probes).max().orElse(Double.NaN);
        if (machines.size() > 1) {
            notes.add("the sources ran on different machines (" + String.join("; ", machines)
                    + "): the curve mixes machines as well as settings");
        } else if (probes.length > 1 && hi >= lo * 1.2) {
            notes.add(String.format(
                    Locale.ROOT,
                    "the sources' cores differed in speed (cpu_probe_ms %.0f to %.0f): the curve mixes machines as "
                            + "well as settings",
                    lo,
                    hi));
        }
        sources.stream()
                .filter(s -> s.machine().isEmpty())
                .forEach(s -> notes.add(s.folder() + " has no manifest: what made it and on which machine is unknown"));
        if (probes.length
                < sources.stream().filter(s -> s.machine().isPresent()).count()) {
            notes.add("some manifests have no cpu_probe_ms (written before the probe existed): whether their cores "
                    + "were equally fast cannot be told");
        }
        sources.stream()
                .filter(s -> !s.complete())
                .forEach(s -> notes.add(
                        s.folder() + " is from a command that did not finish: its points are what it " + "had done"));
        return notes;
    }
}
