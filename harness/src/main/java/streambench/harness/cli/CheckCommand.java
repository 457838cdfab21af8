package streambench.harness.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import streambench.common.ConfigException;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;

/**
 * {@code check <csv>}: threshold and trend on an existing latency_timeseries.csv, per engine, and what the
 * file must hold to be judged at all: every expected engine, every second of the run, and about the
 * offered number of events in each. What a tuning loop runs after each attempt, so it never says
 * Succeeded over data it did not see.
 */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description =
                "Threshold and trend verdict for an existing latency_timeseries.csv, and a check that it holds "
                        + "every engine and every second it should (from the summary.json beside it, or --engines and --duration).")
public final class CheckCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CSV", description = "A latency_timeseries.csv written by run or analyze.")
    Path csv;

    @Option(
            names = "--engines",
            split = ",",
            paramLabel = "ID",
            description =
                    "Engines the CSV must hold (ids such as spark-4.2, or the CSV's labels); default: those in the "
                            + "summary.json beside it.")
    List<String> engines = new ArrayList<>();

    @Option(
            names = "--duration",
            description = "Seconds of load in the run; every second 0..duration-1 must have a "
                    + "reading. Default: the summary.json beside the CSV.")
    Long durationSeconds;

    @Option(
            names = "--rate",
            description = "The offered rate, msg/s; a second with far fewer events fails. Default: the "
                    + "summary.json beside the CSV.")
    Long rate;

    @Option(
            names = "--min-count-ratio",
            defaultValue = "0.5",
            description =
                    "A second holding fewer than this share of the offered events fails (default ${DEFAULT-VALUE}).")
    double minCountRatio;

    @picocli.CommandLine.Mixin
    VerdictOptions verdict;

    @Override
    public Integer call() throws IOException {
        verdict.validate();
        if (!(minCountRatio >= 0 && minCountRatio <= 1)) {
            throw new ConfigException("--min-count-ratio must be between 0 and 1, got " + minCountRatio);
        }
        Map<String, List<SecondBin>> byVersion = read(csv);
        ExpectedRun expected = ExpectedRun.resolve(csv, engines, durationSeconds, rate);
        PrintStream out = System.out;
        out.printf(
                Locale.ROOT,
                "expecting %s over %d s%s (from %s)%n",
                String.join(", ", expected.labels()),
                expected.durationSeconds(),
                expected.rate().isPresent()
                        ? String.format(
                                Locale.ROOT, " at %,d msg/s", expected.rate().getAsLong())
                        : "",
                expected.source());
        boolean all = true;
        for (String label : expected.labels()) {
            List<String> failures = judge(label, byVersion.get(label), expected);
            all &= failures.isEmpty();
            List<SecondBin> bins = byVersion.getOrDefault(label, List.of());
            out.printf(Locale.ROOT, "%-11s %-6s %3d s%n", label, failures.isEmpty() ? "passed" : "failed", bins.size());
            failures.forEach(f -> out.println("    " + f));
        }
        byVersion.keySet().stream()
                .filter(v -> !expected.labels().contains(v))
                .forEach(v -> out.println("note: " + v + " is in the CSV but not expected; not judged"));
        out.println(all ? "{ \"status\": \"Succeeded\" }" : "{ \"status\": \"Failed\" }");
        return all ? 0 : 1;
    }

    /** Every reason this engine's readings fail; empty when they pass. */
    List<String> judge(String label, List<SecondBin> bins, ExpectedRun expected) {
        List<String> failures = new ArrayList<>(expected.verdicts().getOrDefault(label, List.of()));
        if (bins == null || bins.isEmpty()) {
            failures.add("missing: no readings for " + label + " in " + csv);
            return failures;
        }
        List<Long> missing = new ArrayList<>();
        java.util.Set<Long> present = new java.util.HashSet<>();
        bins.forEach(b -> present.add(b.elapsedSecond()));
        for (long s = 0; s < expected.durationSeconds(); s++) {
            if (!present.contains(s)) {
                missing.add(s);
            }
        }
        if (!missing.isEmpty()) {
            failures.add(String.format(
                    Locale.ROOT,
                    "seconds: %d of %d seconds have no reading (e.g. %s)",
                    missing.size(),
                    expected.durationSeconds(),
                    missing.subList(0, Math.min(5, missing.size()))));
        }
        if (expected.rate().isPresent() && bins.stream().anyMatch(b -> b.count() >= 0)) {
            double floor = expected.rate().getAsLong() * minCountRatio;
            List<SecondBin> thin = bins.stream()
                    .filter(b -> b.elapsedSecond() >= 0
                            && b.elapsedSecond() < expected.durationSeconds()
                            && b.count() >= 0
                            && b.count() < floor)
                    .toList();
            if (!thin.isEmpty()) {
                SecondBin first = thin.get(0);
                failures.add(String.format(
                        Locale.ROOT,
                        "events: %d seconds hold fewer than %.0f%% of the offered %,d " + "(second %d: %,d)",
                        thin.size(),
                        minCountRatio * 100,
                        expected.rate().getAsLong(),
                        first.elapsedSecond(),
                        first.count()));
            }
        }
        for (Verdict.Check c : List.of(
                Verdict.threshold(bins, verdict.thresholdSeconds),
                Verdict.trend(bins, verdict.warmupSeconds, verdict.trendBound, verdict.trendMinRiseSeconds))) {
            if (!c.passed()) {
                failures.add(c.name() + ": " + c.detail());
            }
        }
        return failures;
    }

    /**
     * Rows grouped by version, in file order; errors name the file and line. A file without msg_count (the
     * original benchmark's three columns) gives counts of -1: unknown, not zero.
     */
    public static Map<String, List<SecondBin>> read(Path csv) throws IOException {
        if (!Files.isRegularFile(csv)) {
            throw new ConfigException("no such file: " + csv);
        }
        Map<String, List<SecondBin>> out = new LinkedHashMap<>();
        try (Reader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
                CSVParser parser = CSVFormat.DEFAULT
                        .builder()
                        .setHeader()
                        .setSkipHeaderRecord(true)
                        .setIgnoreEmptyLines(true)
                        .get()
                        .parse(reader)) {
            List<String> header = parser.getHeaderNames();
            if (header.size() < 3 || !header.subList(0, 3).equals(List.of("elapsed_s", "latency_s", "version"))) {
                throw new ConfigException(
                        csv + " line 1 must start with elapsed_s,latency_s,version (a latency_timeseries.csv)");
            }
            for (CSVRecord r : parser) {
                try {
                    long elapsed = Long.parseLong(r.get(0).trim());
                    double max = Double.parseDouble(r.get(1).trim());
                    String version = r.get(2).trim();
                    double p50 = optional(r, "p50_s");
                    double p99 = optional(r, "p99_s");
                    double avg = optional(r, "avg_s");
                    long count = r.isMapped("msg_count") && r.isSet("msg_count")
                            ? Long.parseLong(r.get("msg_count").trim())
                            : -1;
                    out.computeIfAbsent(version, v -> new ArrayList<>())
                            .add(new SecondBin(elapsed, max, p50, p99, avg, count));
                } catch (RuntimeException e) {
                    throw new ConfigException(csv + " line " + (r.getRecordNumber() + 1)
                            + " is not elapsed_s,latency_s,version[,...]: \"" + String.join(",", r.values()) + "\"");
                }
            }
        } catch (java.io.UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
            throw new ConfigException(csv + " is not a readable CSV: " + e.getMessage());
        }
        if (out.isEmpty()) {
            throw new ConfigException(csv + " has no readings");
        }
        return out;
    }

    private static double optional(CSVRecord r, String column) {
        return r.isMapped(column) && r.isSet(column) ? Double.parseDouble(r.get(column)) : Double.NaN;
    }
}
