package streambench.harness;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import streambench.common.ConfigException;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code check <csv>}: the latency checks (threshold and trend) on an existing
 * latency_timeseries.csv, per version; what a tuning loop runs after each attempt.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Threshold and trend verdict for an existing latency_timeseries.csv.")
final class CheckCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CSV", description = "A latency_timeseries.csv written by run or analyze.")
    Path csv;




    @picocli.CommandLine.Mixin
    VerdictOptions verdict;

    @Override
    public Integer call() throws IOException {
        verdict.validate();
        Map<String, List<SecondBin>> byVersion = read(csv);
        PrintStream out = System.out;
        boolean all = true;
        for (Map.Entry<String, List<SecondBin>> e : byVersion.entrySet()) {
            List<SecondBin> bins = e.getValue();
            Verdict.Check threshold = Verdict.threshold(bins, verdict.thresholdSeconds);
            Verdict.Check trend = Verdict.trend(bins, verdict.warmupSeconds, verdict.trendBound, verdict.trendMinRiseSeconds);
            boolean passed = threshold.passed() && trend.passed();
            all &= passed;
            out.printf(Locale.ROOT, "%-11s %-6s %3d s  threshold: %s; trend: %s%n", e.getKey(), passed ? "passed" : "failed",
                    bins.size(), threshold.detail(), trend.detail());
        }
        out.println(all ? "{ \"status\": \"Succeeded\" }" : "{ \"status\": \"Failed\" }");
        return all ? 0 : 1;
    }

    /** Rows grouped by version, in file order; errors name the file and line. */
    static Map<String, List<SecondBin>> read(Path csv) throws IOException {
        if (!Files.isRegularFile(csv)) {
            throw new ConfigException("no such file: " + csv);
        }
        List<String> lines = Files.readAllLines(csv);
        if (lines.isEmpty() || !lines.get(0).startsWith("elapsed_s,latency_s,version")) {
            throw new ConfigException(csv + " line 1 must start with elapsed_s,latency_s,version (a latency_timeseries.csv)");
        }
        String[] header = lines.get(0).split(",");
        Map<String, List<SecondBin>> out = new LinkedHashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            String[] f = line.split(",");
            try {
                long elapsed = Long.parseLong(f[0].trim());
                double max = Double.parseDouble(f[1].trim());
                String version = f[2].trim();
                double p50 = header.length > 3 && f.length > 3 ? Double.parseDouble(f[3]) : Double.NaN;
                double p99 = header.length > 4 && f.length > 4 ? Double.parseDouble(f[4]) : Double.NaN;
                double avg = header.length > 5 && f.length > 5 ? Double.parseDouble(f[5]) : Double.NaN;
                long count = header.length > 6 && f.length > 6 ? Long.parseLong(f[6].trim()) : 0;
                out.computeIfAbsent(version, v -> new ArrayList<>()).add(new SecondBin(elapsed, max, p50, p99, avg, count));
            } catch (RuntimeException e) {
                throw new ConfigException(csv + " line " + (i + 1) + " is not elapsed_s,latency_s,version[,...]: \"" + line + "\"");
            }
        }
        if (out.isEmpty()) {
            throw new ConfigException(csv + " has no readings");
        }
        return out;
    }
}
