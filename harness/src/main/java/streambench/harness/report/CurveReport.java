package streambench.harness.report;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVPrinter;
import streambench.common.AtomicFiles;

/**
 * What {@code curve} writes: {@code curve.csv}, one row per engine and point with the folder, commit and core speed it
 * came from; {@code curve_chart.png} ({@link CurveChart}); and the same rows on the console.
 */
public final class CurveReport {
    public static final String CSV_FILE = "curve.csv";
    public static final String CHART_FILE = "curve_chart.png";

    private CurveReport() {}

    /**
     * Both files into {@code results}, and the table and {@code notes} to {@code out}; the chart's latency axis stops
     * at three times the sources' threshold.
     */
    public static void write(
            Path results, CurveAxis over, List<CurveSource> sources, List<String> notes, PrintStream out)
            throws IOException {
        Files.createDirectories(results);
        writeCsv(results.resolve(CSV_FILE), over, sources);
        CurveChart.write(
                results.resolve(CHART_FILE),
                over,
                byEngine(sources),
                sources.get(0).threshold(),
                notes);
        print(over, sources, out);
        notes.forEach(n -> out.println("note: " + n));
    }

    /** Each engine's points, lowest value first, engines in the order the sources first name them. */
    static Map<String, List<CurvePoint>> byEngine(List<CurveSource> sources) {
        Map<String, List<CurvePoint>> out = new LinkedHashMap<>();
        sources.stream()
                .flatMap(s -> s.points().stream())
                .forEach(p ->
                        out.computeIfAbsent(p.engine(), k -> new ArrayList<>()).add(p));
        out.values().forEach(l -> l.sort(Comparator.comparingDouble(CurvePoint::x)));
        return out;
    }

    private static void writeCsv(Path file, CurveAxis over, List<CurveSource> sources) throws IOException {
        AtomicFiles.write(file, os -> {
            CSVPrinter csv = new CSVPrinter(new OutputStreamWriter(os, StandardCharsets.UTF_8), ResultsWriter.CSV);
            csv.printRecord(
                    over.key(),
                    "engine",
                    "version",
                    "outcome",
                    "seconds",
                    "p99_s",
                    "max_s",
                    "consumer_cores",
                    "files_per_min",
                    "mean_file_kib",
                    "source",
                    "kind",
                    "complete",
                    "commit",
                    "started",
                    "cpu_probe_ms");
            for (CurveSource s : sources) {
                for (CurvePoint p : s.points()) {
                    csv.printRecord(
                            p.x() == Math.rint(p.x()) ? Long.toString((long) p.x()) : Double.toString(p.x()),
                            p.engine(),
                            p.label(),
                            p.outcome(),
                            p.seconds(),
                            num("%.3f", p.p99Seconds()),
                            num("%.3f", p.maxSeconds()),
                            num("%.3f", p.consumerCores()),
                            num("%.3f", p.filesPerMinute()),
                            num("%.3f", p.meanFileKiB()),
                            s.folder(),
                            s.kind(),
                            s.complete(),
                            s.commit(),
                            s.started(),
                            num("%.3f", s.probeMs()));
                }
            }
            csv.flush();
        });
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
                        dash(num("%.2f", p.p99Seconds())),
                        dash(num("%.2f", p.maxSeconds())),
                        dash(num("%.2f", p.consumerCores())),
                        dash(num("%.1f", p.filesPerMinute())),
                        dash(num("%.0f", p.meanFileKiB())),
                        s.folder(),
                        s.commit()));
            }
        }
    }

    private static String dash(String cell) {
        return cell.isEmpty() ? "-" : cell;
    }

    /** A figure, or nothing (the CSV's empty cell, the console's "-") where the source had none. */
    private static String num(String format, double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, format, v) : "";
    }
}
