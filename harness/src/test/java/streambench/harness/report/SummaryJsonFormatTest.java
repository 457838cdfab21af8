package streambench.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import streambench.harness.analysis.CommitRow;
import streambench.harness.analysis.Completeness;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.PendingEngine;
import streambench.harness.engine.RunInfo;
import streambench.harness.engine.WarmStart;
import streambench.harness.fault.FaultRun;
import streambench.services.Machine;
import streambench.services.ProcessSampler;
import streambench.services.ProducerReport;

/**
 * summary.json is read by people and by tools (check, the README's tables): its shape stays as it was
 * when the file was written from maps. The golden file was written by that code for these results.
 */
class SummaryJsonFormatTest {
    static List<EngineResult> results() {
        Histogram h = new Histogram(3600_000_000L, 3);
        for (int i = 1; i <= 100; i++) {
            h.recordValue(i * 20_000L);
        }
        ProducerReport producer = new ProducerReport(
                "sb-r1-flink-1.16",
                "2026-11-30T10:00:00Z",
                1000,
                60.0,
                60.1,
                true,
                60_000,
                60_000,
                0,
                999.5,
                3.25,
                12.5,
                new long[] {1000, 1000},
                List.of(new ProducerReport.PerProducer(0, 0L, 59_999L, 60_000, 0)),
                0,
                null);
        EngineResult ran = new EngineResult(
                "flink-1.16",
                "Flink 1.16",
                true,
                Optional.empty(),
                1_000_000,
                List.of(new SecondBin(0, 1.2, 0.5, 1.1, 0.6, 1000)),
                h,
                2.0004,
                List.of(
                        new CommitRow(1, 1000, 1100, -1, -1, 500, 0.1, 1.2),
                        new CommitRow(2, 2000, 2050, -1, -1, 500, 0.2, 1.0),
                        new CommitRow(3, 3000, -1, -1, -1, 10, 0.2, 0.3)),
                Optional.of(producer),
                Optional.of(new Completeness.Result(60_000, 60_010, 0, 10, 0)),
                2,
                List.of("producer_id=9 seq=1"),
                1000.0,
                998.25,
                0.0012,
                3,
                1,
                1500,
                Map.of(
                        "consumer",
                        List.of(
                                new ProcessSampler.Sample(1000, 30.5, 400.25),
                                new ProcessSampler.Sample(2000, 33.5, 410.0))),
                Map.of("CHECKPOINT_INTERVAL", "1s", "ADLS_ACCOUNT_KEY", "c2VjcmV0"),
                List.of(
                        new FaultRun.Outcome(
                                "kill-consumer@40s", 40.2, 7.5, 12L, true, "restarted by the harness", "killed"),
                        new FaultRun.Outcome(
                                "lake-outage@50s:5s", 50.0, 9.0, null, false, "did not recover", "paused")),
                120,
                new Verdict.Outcome(List.of(
                        new Verdict.Check("threshold", true, "max 1.20 s"),
                        new Verdict.Check("complete", false, "10 duplicates"))),
                "last line",
                new WarmStart(10, 1000, 10_000, 10_000, 2.5),
                Optional.of(new streambench.harness.analysis.BatchAnatomy(
                        60,
                        1000.0,
                        new java.util.LinkedHashMap<>(Map.of("checkpoint", 120.5)),
                        new java.util.LinkedHashMap<>(Map.of("checkpoint", 300.0)),
                        new java.util.LinkedHashMap<>(Map.of("total", 21.25)))),
                Optional.empty(),
                List.of(new SecondBin(0, 0.9, 0.4, 0.9, 0.5, 1000)),
                streambench.harness.analysis.LatencyWaterfall.Result.NONE,
                new streambench.harness.analysis.SoakWindows(List.of(
                                new streambench.harness.analysis.SoakWindows.Window(
                                        0,
                                        300,
                                        1.2,
                                        0.8,
                                        300_000,
                                        2048.5,
                                        300,
                                        512.25,
                                        120,
                                        24,
                                        1_048_576,
                                        65_536,
                                        List.of(101L)),
                                new streambench.harness.analysis.SoakWindows.Window(
                                        300,
                                        360,
                                        1.1,
                                        0.7,
                                        60_000,
                                        2050,
                                        Double.NaN,
                                        Double.NaN,
                                        130,
                                        10,
                                        Double.NaN,
                                        70_000,
                                        List.of())))
                        // the store beside the engine in the first window only: the second has no probe reading
                        .withStore(new streambench.harness.analysis.StoreWindows(
                                List.of(new streambench.harness.analysis.StoreWindows.Window(
                                        0,
                                        300,
                                        new java.util.TreeMap<>(Map.of("HEAD", 1.5, "LIST", 3.25)),
                                        new java.util.TreeMap<>(Map.of("HEAD", 4.0, "LIST", 12.5)),
                                        1,
                                        26.5,
                                        2.25,
                                        4.625,
                                        37.5)))),
                List.of(
                        new streambench.common.ReadBack.Report(
                                "Delta Kernel", 130, 310, 3790, 300, 2_778_726_400L, 60_000_000),
                        new streambench.common.ReadBack.Report("Spark 3.5", 130, 2100, 9400, -1, -1, 60_000_000)));
        EngineResult noFigures = new EngineResult(
                "spark-4.2",
                "Spark 4.2",
                true,
                Optional.empty(),
                0,
                List.of(),
                new Histogram(3),
                Double.NaN,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                0,
                List.of(),
                Double.NaN,
                Double.NaN,
                Double.NaN,
                0,
                0,
                0,
                Map.of(),
                Map.of(),
                List.of(),
                -1,
                new Verdict.Outcome(List.of(new Verdict.Check("kept up", false, "no rows"))),
                "",
                WarmStart.NONE,
                Optional.empty(),
                Optional.empty(),
                List.of(),
                streambench.harness.analysis.LatencyWaterfall.Result.NONE,
                streambench.harness.analysis.SoakWindows.NONE,
                java.util.List.of());
        EngineResult notRun = EngineResult.didNotRun(
                new PendingEngine("feldera", "Feldera", "x-feldera-tuning", ""),
                "no Feldera server answers",
                false,
                Map.of(),
                "");
        return List.of(ran, noFigures, notRun);
    }

    static RunInfo run() {
        return new RunInfo(
                "r1",
                Instant.parse("2026-11-30T10:00:00Z"),
                new Machine(2, 25_000_000_000L, "17.0.2"),
                1000,
                60,
                4,
                100,
                10,
                5,
                60,
                0.01,
                1.0,
                0.95,
                50,
                List.of("kill-consumer@40s", "lake-outage@50s:5s"),
                10,
                25,
                streambench.harness.engine.Measurement.DEFAULT);
    }

    @Test
    void summaryJsonKeepsItsFormat() throws Exception {
        ObjectMapper json = new ObjectMapper();
        String written = json.writerWithDefaultPrettyPrinter()
                .writeValueAsString(ResultsWriter.summaryJson(run(), results(), true));
        Path dump = Path.of("target/summary-json-format.json");
        Files.writeString(dump, written);
        JsonNode expected;
        try (InputStream in = getClass().getResourceAsStream("summary-golden.json")) {
            expected = json.readTree(in);
        }
        JsonNode actual = json.readTree(written);
        assertThat(actual).as("see %s", dump.toAbsolutePath()).isEqualTo(expected);
        assertThat(fieldOrder(actual)).isEqualTo(fieldOrder(expected));
    }

    /** Every object's keys in order, except maps whose order never was fixed (machine, processes, gaps). */
    private static List<String> fieldOrder(JsonNode node) {
        List<String> out = new ArrayList<>();
        walk(node, "", out);
        return out;
    }

    private static void walk(JsonNode node, String path, List<String> out) {
        if (node.isObject()) {
            boolean ordered = !path.matches(".*(machine|processes/[^/]+|observed_minus_commit_ms|knobs)$");
            List<String> keys = new ArrayList<>();
            node.fieldNames().forEachRemaining(keys::add);
            out.add(path + ": " + (ordered ? keys : new java.util.TreeSet<>(keys)));
            for (String k : keys) {
                walk(node.get(k), path + "/" + k, out);
            }
        } else if (node.isArray()) {
            Iterator<JsonNode> it = node.elements();
            for (int i = 0; it.hasNext(); i++) {
                walk(it.next(), path + "/" + i, out);
            }
        }
    }
}
