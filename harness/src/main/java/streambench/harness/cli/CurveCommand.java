package streambench.harness.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import streambench.common.ConfigException;
import streambench.harness.report.CurveAxis;
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
final class CurveCommand implements Callable<Integer> {
    @Option(
            names = "--over",
            required = true,
            paramLabel = "SETTING",
            description = "The setting the folders vary: rate, partitions or store-delay-ms. Every other setting "
                    + "(rate, partitions, store delay, event size, duration, faults, threshold, visibility poll) must "
                    + "be the same in all.")
    String over;

    @Option(
            names = "--results",
            defaultValue = "${env:RESULTS_DIR:-results}/curve",
            description = "Directory for curve.csv, curve_chart.png and manifest.json (env RESULTS_DIR + /curve, "
                    + "default ${DEFAULT-VALUE}); not a folder holding a run's or a search's results.")
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
        CurveSource.requireCurveFolder(results);
        List<CurveSource> sources = new ArrayList<>();
        for (Path f : folders) {
            sources.add(CurveSource.read(f, axis));
        }
        CurveSource.requireSameHeld(sources);
        if (sources.stream().noneMatch(CurveSource::hasPoints)) {
            throw new ConfigException("no engine ran in any of the folders: nothing to draw");
        }
        Manifest manifest = Manifest.begin(
                "curve", HarnessMain.originalArgs(spec), workload(axis, sources), Machine.current(), List.of(results));
        CurveReport.write(results, axis, sources, CurveSource.notes(sources), System.out);
        System.out.println(
                "results: " + results.resolve(CurveReport.CSV_FILE) + ", " + results.resolve(CurveReport.CHART_FILE));
        manifest.end("Succeeded");
        System.out.println("{ \"status\": \"Succeeded\" }");
        return 0;
    }

    /** The manifest says what the curve was drawn from: each folder, what wrote it and when. */
    private static Map<String, Object> workload(CurveAxis axis, List<CurveSource> sources) {
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("over", axis.option());
        w.put("held", sources.get(0).held());
        w.put(
                "sources",
                sources.stream()
                        .map(s -> Map.of(
                                "folder", s.folder().toString(),
                                "kind", s.kind(),
                                "commit", s.commit(),
                                "started", s.started(),
                                "complete", s.complete()))
                        .toList());
        return w;
    }
}
