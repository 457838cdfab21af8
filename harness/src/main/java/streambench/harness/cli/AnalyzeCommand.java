package streambench.harness.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import streambench.common.ConfigException;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.harness.analysis.RunExpectations;
import streambench.harness.analysis.TableAnalysis;
import streambench.harness.engine.Engine;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.MeasuredTurn;
import streambench.harness.engine.PendingEngine;
import streambench.harness.engine.RunDirectory;
import streambench.harness.engine.RunInfo;
import streambench.harness.engine.RunJudge;
import streambench.harness.report.ResultsWriter;
import streambench.services.LakeFileSystem;
import streambench.services.Machine;
import streambench.services.ProducerReport;

/**
 * {@code analyze <table>}: recomputes every result from an existing Delta table and the producer's
 * summary, e.g. to re-judge a run with another threshold, or to measure the analysis itself. The
 * lake is reached with the same environment variables as a run (ADLS_* or AZURITE_BLOB_ENDPOINT or
 * LAKE_ROOT); the table is a path under the lake root or a full URI.
 */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        description = "Recompute latency, completeness and verdict from an existing table and producer summary.")
final class AnalyzeCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "TABLE",
            description = "The table: a path under the lake root, or a full abfs(s):// or file: URI.")
    String table;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--producer-summary",
            required = true,
            arity = "1..*",
            description = "The producer's summary JSON of that run; repeat it for several producer processes "
                    + "(each with its own PRODUCER_ID_BASE), e.g. one per machine.")
    List<Path> producerSummaries;

    @Option(
            names = "--label",
            defaultValue = "analyzed",
            description = "The version label in the CSV (default ${DEFAULT-VALUE}).")
    String label;

    @Option(names = "--duration", required = true, description = "Seconds of load in that run.")
    long durationSeconds;

    @picocli.CommandLine.Mixin
    VerdictOptions verdict;

    @Option(
            names = "--results",
            defaultValue = "${env:RESULTS_DIR:-results}",
            description = "Default ${DEFAULT-VALUE}.")
    Path results;

    @Override
    public Integer call() throws Exception {
        verdict.validate();
        PrintStream out = System.out;
        LakeSettings lake = LakeSettings.fromKnobs(Knobs.fromEnvironment());
        String uri = table.contains("://") || table.startsWith("file:") ? table : lake.tableUri(table);
        List<ProducerReport> reports = new java.util.ArrayList<>();
        for (Path file : producerSummaries) {
            try {
                reports.add(ProducerReport.read(file));
            } catch (IOException e) {
                throw new ConfigException("--producer-summary " + file + " is not a producer summary: "
                        + e.getMessage().lines().findFirst().orElse(""));
            }
        }
        ProducerReport producer = ProducerReport.merge(reports);
        if (reports.size() > 1) {
            out.printf(
                    "producers: %d summaries merged, %d producer ids, %,d acknowledged, offered %,d msg/s%n",
                    reports.size(), producer.producers().size(), producer.acked(), producer.targetRate());
        }
        RunDirectory run = RunDirectory.create(results);
        RunInfo info = new RunInfo(
                        run.runId(),
                        Instant.now(),
                        Machine.current(),
                        producer.targetRate(),
                        durationSeconds,
                        0,
                        0,
                        verdict.warmupSeconds,
                        verdict.thresholdSeconds,
                        verdict.drainTimeoutSeconds,
                        verdict.trendBound,
                        verdict.trendMinRiseSeconds,
                        verdict.keepUpRatio,
                        verdict.clockToleranceMs)
                .with(verdict.measurement());
        streambench.harness.report.Manifest manifest = streambench.harness.report.Manifest.begin(
                "analyze",
                HarnessMain.originalArgs(spec),
                streambench.harness.report.Manifest.workload(info, List.of(label)),
                info.machine(),
                List.of(results, run.dir()));
        String status = "Failed";
        try {
            boolean passed = analyse(info, run, uri, lake, producer, out);
            status = passed ? "Succeeded" : "Failed";
            return passed ? 0 : 1;
        } finally {
            manifest.end(status);
        }
    }

    private boolean analyse(
            RunInfo info, RunDirectory run, String uri, LakeSettings lake, ProducerReport producer, PrintStream out)
            throws IOException {
        long t0 = System.nanoTime();
        Runtime rt = Runtime.getRuntime();
        EngineResult result;
        try (FileSystem fs = LakeFileSystem.open(lake, Map.of())) {
            out.println("analysing " + uri + " ...");
            TableAnalysis.Result r = TableAnalysis.analyze(
                    fs,
                    uri,
                    producer.startMicros(),
                    RunExpectations.forTable(producer, verdict.tsToleranceMs * 1000),
                    Map.of(),
                    streambench.harness.engine.ReadProgress.to(out));
            double seconds = (System.nanoTime() - t0) / 1e9;
            out.printf(
                    "analysed %,d rows in %d commits in %.1f s (%.0f rows/s), heap used %d MiB of %d MiB%n",
                    r.rows(),
                    r.commits().size(),
                    seconds,
                    r.rows() / seconds,
                    (rt.totalMemory() - rt.freeMemory()) >> 20,
                    rt.maxMemory() >> 20);
            Engine engine = new PendingEngine(label.toLowerCase().replace(' ', '-'), label, "", "");
            result = RunJudge.judge(engine, info, Map.of(), r, MeasuredTurn.ofProducer(producer));
        }
        new ResultsWriter(results, run.dir()).write(info, List.of(result), true);
        RunCommand.printVerdicts(List.of(result), out);
        boolean passed = EngineResult.allPassed(List.of(result));
        out.println(passed ? "{ \"status\": \"Succeeded\" }" : "{ \"status\": \"Failed\" }");
        return passed;
    }
}
