package streambench.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;
import streambench.harness.cli.CheckCommand;
import streambench.harness.engine.Engine;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.PendingEngine;
import streambench.harness.engine.RunInfo;
import streambench.services.Machine;

class ResultsWriterTest {
    private static EngineResult result(String label, double max) {
        return result(label, max, streambench.harness.analysis.LatencyWaterfall.Result.NONE);
    }

    private static EngineResult result(
            String label, double max, streambench.harness.analysis.LatencyWaterfall.Result waterfall) {
        Histogram h = new Histogram(3600_000_000L, 3);
        h.recordValue((long) (max * 1e6));
        return new EngineResult(
                label.toLowerCase().replace(' ', '-'),
                label,
                true,
                Optional.empty(),
                0,
                List.of(new SecondBin(0, max, max / 2, max, max / 2, 10)),
                h,
                max,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                0,
                List.of(),
                10,
                10,
                0,
                0,
                0,
                0,
                Map.of(),
                Map.of("ADLS_ACCOUNT_KEY", "c2VjcmV0", "TRIGGER_INTERVAL", "0s"),
                List.of(),
                -1,
                new Verdict.Outcome(List.of(Verdict.threshold(List.of(new SecondBin(0, max, 0, 0, 0, 1)), 5))),
                "",
                streambench.harness.engine.WarmStart.NONE,
                Optional.empty(),
                Optional.empty(),
                List.of(),
                waterfall,
                streambench.harness.analysis.SoakWindows.NONE,
                java.util.List.of());
    }

    /** Second 0's worst record: 0.002 s producer, 0.003 broker, 5.6 engine, 0.1 commit, 0.05 visibility. */
    private static streambench.harness.analysis.LatencyWaterfall.Result waterfall() {
        long[] split = {2_000, 3_000, 5_600_000, 100_000, 50_000};
        var second =
                new streambench.harness.analysis.LatencyWaterfall.Second(0, split, split, 5_755_000, split, 5_750_000);
        return new streambench.harness.analysis.LatencyWaterfall.Result(
                List.of(second), split, split, 5_755_000, split, 10, 0, 1, 0);
    }

    @Test
    void timeseriesHasTheFormatTheTuningLoopReads() throws Exception {
        StringWriter w = new StringWriter();
        ResultsWriter.writeTimeseries(w, List.of(result("Spark 3.5", 2.5), result("Spark 4.2", 1.25)));
        String empty = ",".repeat(16); // the waterfall's columns, empty for a table without Kafka timestamps
        assertThat(w.toString())
                .isEqualTo("elapsed_s,latency_s,version,p50_s,p99_s,avg_s,msg_count,commit_latency_s,"
                        + "producer_max_s,producer_p99_s,broker_max_s,broker_p99_s,engine_max_s,engine_p99_s,"
                        + "commit_max_s,commit_p99_s,visibility_max_s,visibility_p99_s,dominant_stage,"
                        + "worst_producer_s,worst_broker_s,worst_engine_s,worst_commit_s,worst_visibility_s\n"
                        + "0,2.500,Spark 3.5,1.250,2.500,1.250,10," + empty + "\n"
                        + "0,1.250,Spark 4.2,0.625,1.250,0.625,10," + empty + "\n");
    }

    @Test
    void theWaterfallGoesToTheTimeseriesTheSummaryAndItsOwnChart(
            @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        StringWriter w = new StringWriter();
        ResultsWriter.writeTimeseries(w, List.of(result("Yardstick", 5.755, waterfall())));
        assertThat(w.toString().lines().toList().get(1))
                .isEqualTo("0,5.755,Yardstick,2.878,5.755,2.878,10,,0.002,0.002,0.003,0.003,5.600,5.600,0.100,0.100,"
                        + "0.050,0.050,engine,0.002,0.003,5.600,0.100,0.050");

        RunInfo run = new RunInfo(
                "r1", Instant.EPOCH, new Machine(2, 1L << 34, "jvm"), 1000, 60, 4, 100, 10, 5, 60, 0.01, 1.0, 0.95, 50);
        java.nio.file.Path results = dir.resolve("results");
        new ResultsWriter(results, dir.resolve("run"))
                .write(run, List.of(result("Yardstick", 5.755, waterfall())), true);
        var json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(results.resolve("summary.json").toFile())
                .get("engines")
                .get(0)
                .get("waterfall");
        assertThat(json.get("dominant_stage").asText()).isEqualTo("engine");
        assertThat(json.get("worst_record_s").get("engine").asDouble()).isEqualTo(5.6);
        assertThat(json.get("seconds_over_threshold")).hasSize(1);
        assertThat(json.get("seconds_over_threshold")
                        .get(0)
                        .get("caused_by_load")
                        .asBoolean())
                .isFalse();
        assertThat(results.resolve("latency_waterfall.png")).isNotEmptyFile();
    }

    @Test
    void aLabelWithACommaIsQuotedAndReadBack(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = dir.resolve("latency_timeseries.csv");
        ResultsWriter.atomically(
                file, w -> ResultsWriter.writeTimeseries(w, List.of(result("Spark 4.2, \"tuned\"", 1.5))));
        assertThat(java.nio.file.Files.readString(file)).contains("0,1.500,\"Spark 4.2, \"\"tuned\"\"\",");
        assertThat(CheckCommand.read(file)).containsOnlyKeys("Spark 4.2, \"tuned\"");
    }

    @Test
    void anEngineThatDidNotRunIsInEveryResultFileWithItsReason(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        RunInfo run = new RunInfo(
                "r1", Instant.EPOCH, new Machine(2, 1L << 34, "jvm"), 1000, 60, 4, 100, 10, 5, 60, 0.01, 1.0, 0.95, 50);
        Engine feldera = new PendingEngine("feldera", "Feldera", "x-feldera-tuning", "");
        java.nio.file.Path results = dir.resolve("results");
        new ResultsWriter(results, dir.resolve("run"))
                .write(
                        run,
                        List.of(
                                result("Flink 1.16", 1),
                                EngineResult.didNotRun(
                                        feldera,
                                        "no Feldera server answers at http://127.0.0.1:8080",
                                        false,
                                        Map.of(),
                                        "")),
                        true);
        assertThat(java.nio.file.Files.readString(results.resolve("summary.csv")))
                .contains("feldera,Feldera,not run,")
                .contains("ran: no Feldera server answers at http://127.0.0.1:8080");
        var json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(results.resolve("summary.json").toFile());
        assertThat(json.get("status").asText()).isEqualTo("Failed");
        assertThat(json.get("engines").get(1).get("status").asText()).isEqualTo("not run");
        assertThat(json.get("engines").get(1).get("not_run_reason").asText()).startsWith("no Feldera server answers");
    }

    @Test
    void summarySucceedsOnlyWhenEveryEngineRanAndPassedAndRedactsSecrets() {
        RunInfo run = new RunInfo(
                "r1", Instant.EPOCH, new Machine(2, 1L << 34, "jvm"), 1000, 60, 4, 100, 10, 5, 60, 0.01, 1.0, 0.95, 50);
        assertThat(ResultsWriter.summaryJson(run, List.of(result("Spark 3.5", 2)), true)
                        .status())
                .isEqualTo("Succeeded");
        assertThat(ResultsWriter.summaryJson(run, List.of(result("Spark 3.5", 2)), false)
                        .status())
                .isEqualTo("Failed");
        assertThat(ResultsWriter.summaryJson(run, List.of(result("Spark 3.5", 2), result("Spark 4.2", 7)), true)
                        .status())
                .isEqualTo("Failed");
        Engine flink = new PendingEngine("flink-1.16", "Flink 1.16", "x-flink-tuning", "not built");
        var notRun = ResultsWriter.summaryJson(
                run, List.of(EngineResult.didNotRun(flink, "not built", false, Map.of(), "")), true);
        assertThat(notRun.status()).isEqualTo("Failed");
        assertThat(notRun.engines().get(0).status()).isEqualTo("not run");
        assertThat(notRun.engines().get(0).notRunReason()).isEqualTo("not built");
        assertThat(ResultsWriter.summaryJson(run, List.of(result("Spark 3.5", 2)), true)
                        .toString())
                .doesNotContain("c2VjcmV0")
                .contains("ADLS_ACCOUNT_KEY=<redacted>");
    }

    /**
     * Secrets of each kind in an engine's knobs (as --set or the environment gives them), and quoted back raw
     * or escaped in its log tail and its reason: summary.json and summary.csv show none of them.
     */
    @Test
    void plantedSecretsAppearInNoResultFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String mark = "Pl4nted";
        Map<String, String> secrets = new java.util.TreeMap<>(Map.of(
                "ADLS_ACCOUNT_KEY", mark + "AccountKey+/09==" + mark,
                "ADLS_CLIENT_SECRET", mark + "~client.secret" + mark,
                "KAFKA_CLIENT_SASL_JAAS_CONFIG",
                        "org.apache.kafka.common.security.plain.PlainLoginModule required "
                                + "username=\"u\" password=\"" + mark + "-sasl\";",
                "EVENTHUB_CONNECTION_STRING",
                        "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=send;" + "SharedAccessKey=" + mark
                                + "Eh=",
                "KAFKA_CLIENT_SSL_KEYSTORE_KEY",
                        "-----BEGIN PRIVATE KEY-----\nMIIE" + mark + "\n-----END PRIVATE KEY-----",
                "FELDERA_API_KEY", "apikey-" + mark,
                "KAFKA_CLIENT_SSL_KEY_PASSWORD", mark + "'q\"uo\\te" + mark));
        Map<String, String> knobs = new java.util.TreeMap<>(secrets);
        knobs.put("TRIGGER_INTERVAL", "0s");
        StringBuilder tail = new StringBuilder();
        secrets.values()
                .forEach(v -> tail.append("error: ")
                        .append(v)
                        .append('\n')
                        .append("{\"value\": \"")
                        .append(v.replace("\\", "\\\\").replace("\"", "\\\""))
                        .append("\"}\n")
                        .append("'")
                        .append(v.replace("'", "''"))
                        .append("'\n"));
        RunInfo run = new RunInfo(
                "r1", Instant.EPOCH, new Machine(2, 1L << 34, "jvm"), 1000, 60, 4, 100, 10, 5, 60, 0.01, 1.0, 0.95, 50);
        Engine spark = new PendingEngine("spark-4.2", "Spark 4.2", "x-spark-tuning", "");
        EngineResult failed = EngineResult.didNotRun(
                spark, "could not start: " + secrets.get("ADLS_CLIENT_SECRET"), true, knobs, tail.toString());
        java.nio.file.Path results = dir.resolve("results");
        new ResultsWriter(results, dir.resolve("run")).write(run, List.of(failed), true);
        String json = java.nio.file.Files.readString(results.resolve("summary.json"));
        assertThat(json)
                .contains("KAFKA_CLIENT_SSL_KEYSTORE_KEY")
                .contains("\"TRIGGER_INTERVAL\" : \"0s\"")
                .contains("log_tail")
                .doesNotContain(mark);
        assertThat(java.nio.file.Files.readString(results.resolve("summary.csv")))
                .doesNotContain(mark);
    }

    @Test
    void writesEveryResultFileReadableByAll(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        RunInfo run = new RunInfo(
                "r1", Instant.EPOCH, new Machine(2, 1L << 34, "jvm"), 1000, 60, 4, 100, 10, 5, 60, 0.01, 1.0, 0.95, 50);
        java.nio.file.Path results = dir.resolve("results");
        new ResultsWriter(results, dir.resolve("run")).write(run, List.of(result("Spark 3.5", 2)), true);
        for (String name : List.of("latency_timeseries.csv", "summary.csv", "summary.json", "latency_chart.png")) {
            java.nio.file.Path f = results.resolve(name);
            assertThat(f).as(name).isNotEmptyFile();
            assertThat(java.nio.file.attribute.PosixFilePermissions.toString(
                            java.nio.file.Files.getPosixFilePermissions(f)))
                    .as(name)
                    .isEqualTo("rw-r--r--");
        }
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(results.resolve("summary.json").toFile())
                        .get("status")
                        .asText())
                .isEqualTo("Succeeded");
        assertThat(dir.resolve("run/spark-3.5-commits.csv")).exists();
        assertThat(dir.resolve("run/spark-3.5-processes.csv")).exists();
    }
}
