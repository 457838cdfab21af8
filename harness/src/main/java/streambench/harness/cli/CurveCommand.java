package streambench.harness.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import streambench.common.ConfigException;
import streambench.harness.report.CurveAxis;
import streambench.harness.report.CurvePoint;
import streambench.harness.report.CurveReport;
import streambench.harness.report.CurveSource;
import streambench.harness.report.Manifest;
import streambench.services.Machine;

/**
 * {@code curve --over partitions <folder>...}: one chart and one CSV of every engine's latency against one setting,
 * from result folders that {@code run} (or, over the rate, {@code capacity}) wrote, one per value. Runs nothing: the
 * sweep is a loop of runs (docs/commands.md), so each point keeps its own folder, manifest and verdict, and a point
 * can be rerun alone.
 */
@Command(
        name = "curve",
        mixinStandardHelpOptions = true,
        description = "Chart every engine's p99 and per-second max against one setting, from result folders of run "
                + "(one per value) or, against the rate, of capacity.")
public final class CurveCommand implements Callable<Integer> {
    @Option(
            names = "--over",
            required = true,
            paramLabel = "SETTING",
            description = "The setting the folders vary: rate, partitions or store-delay-ms. Every other setting "
                    + "(rate, partitions, store delay, event size, threshold, visibility poll) must be the same in all.")
    String over;

    @Option(
            names = "--results",
            defaultValue = "results/curve",
            description = "Directory for curve.csv, curve_chart.png and manifest.json (default ${DEFAULT-VALUE}).")
    Path results;

    @Parameters(
            arity = "1..*",
            paramLabel = "FOLDER",
            description = "Result folders: a run's (summary.json) or a capacity search's (capacity_trials.csv).")
    List<Path> folders = new ArrayList<>();

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        CurveAxis axis = CurveAxis.parse(over);
        Path target = results.toAbsolutePath().normalize();
        for (Path f : folders) {
            if (f.toAbsolutePath().normalize().equals(target)) {
                throw new ConfigException("--results " + results + " is one of the source folders: its manifest "
                        + "would be overwritten; give the curve a folder of its own");
            }
        }
        List<CurveSource> sources = new ArrayList<>();
        for (Path f : folders) {
            sources.add(CurveSource.read(f, axis));
        }
        CurveSource.requireSameHeld(sources);
        if (sources.stream().allMatch(s -> s.points().isEmpty())) {
            throw new ConfigException("no engine ran in any of the folders: nothing to draw");
        }
        PrintStream out = System.out;
        Optional<String> note = CurveSource.machineNote(sources);
        double threshold = Double.parseDouble(sources.get(0).held().getOrDefault("threshold_s", "5"));
        Manifest manifest = Manifest.begin(
                "curve", HarnessMain.originalArgs(spec), workload(axis, sources), Machine.current(), List.of(results));
        CurveReport.write(results, axis, sources, threshold, note);
        print(axis, sources, out);
        note.ifPresent(n -> out.println("note: " + n));
        out.println("results: " + results.resolve(CurveReport.CSV_FILE) + ", "
                + results.resolve(CurveReport.CHART_FILE));
        manifest.end("Succeeded");
        out.println("{ \"status\": \"Succeeded\" }");
        return 0;
    }

    /** The manifest says what the curve was drawn from: each folder, what wrote it and when. */
    private static Map<String, Object> workload(CurveAxis axis, List<CurveSource> sources) {
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("over", axis.option());
        w.put("held", sources.get(0).held());
        w.put("sources", sources.stream()
                .map(s -> Map.of(
                        "folder", s.folder().toString(),
                        "kind", s.kind(),
                        "commit", s.commit(),
                        "started", s.started()))
                .toList());
        return w;
    }

    private static void print(CurveAxis axis, List<CurveSource> sources, PrintStream out) {
        out.println(String.format(
                Locale.ROOT,
                "%-14s %-11s %-12s %7s %8s %8s %7s %10s %9s  %s",
                axis.option(),
                "engine",
                "outcome",
                "load s",
                "p99 s",
                "max s",
                "cores",
                "files/min",
                "mean KiB",
                "source"));
        for (CurveSource s : sources) {
            for (CurvePoint p : s.points()) {
                out.println(String.format(
                        Locale.ROOT,
                        "%,-14.0f %-11s %-12s %7d %8s %8s %7s %10s %9s  %s (%s)",
                        p.x(),
                        p.label(),
                        p.outcome(),
                        p.seconds(),
                        fmt("%.2f", p.p99Seconds()),
                        fmt("%.2f", p.maxSeconds()),
                        fmt("%.2f", p.consumerCores()),
                        fmt("%.1f", p.filesPerMinute()),
                        fmt("%.0f", p.meanFileKiB()),
                        s.folder(),
                        s.commit()));
            }
        }
    }

    private static String fmt(String format, double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, format, v) : "-";
    }
}
