package streambench.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code curve} on folders in the formats run and capacity write (the golden summary.json, a trials CSV). */
class CurveCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void drawsEveryEnginesLatencyAndFilesAgainstPartitionsFromRunFolders(@TempDir Path dir) throws Exception {
        Path four = runFolder(dir, "p4", "partitions", 4);
        Path sixteen = runFolder(dir, "p16", "partitions", 16);
        Path out = dir.resolve("curve");

        String console = CommandStreams.stdout(new String[] {
            "curve", "--over", "partitions", "--results", out.toString(), sixteen.toString(), four.toString()
        });

        assertThat(console.strip()).endsWith("{ \"status\": \"Succeeded\" }");
        List<CSVRecord> rows = csv(out.resolve("curve.csv"));
        // the golden run: Flink with readings, Spark 4.2 started and failed without any, Feldera never started
        assertThat(rows)
                .extracting(r -> r.get("partitions") + " " + r.get("engine"))
                .containsExactly("16 flink-1.16", "16 spark-4.2", "4 flink-1.16", "4 spark-4.2");
        CSVRecord crashed = rows.get(3);
        assertThat(crashed.get("outcome")).isEqualTo("failed");
        assertThat(crashed.get("max_s")).isEmpty(); // a failure at its value, not a gap in the line
        CSVRecord flink = rows.get(2);
        assertThat(flink.get("engine")).isEqualTo("flink-1.16");
        assertThat(flink.get("outcome")).isEqualTo("failed");
        assertThat(flink.get("p99_s")).isEqualTo("1.980");
        assertThat(flink.get("max_s")).isEqualTo("2.000");
        assertThat(flink.get("consumer_cores")).isEqualTo("0.320");
        // 24 files in the first 300 s, 10 in the last 60 s: 34 in 6 minutes; the mean from the window that says it
        assertThat(flink.get("files_per_min")).isEqualTo("5.667");
        assertThat(flink.get("mean_file_kib")).isEqualTo("1024.000");
        assertThat(flink.get("commit")).isEqualTo("abcdef1+dirty");
        assertThat(Files.size(out.resolve("curve_chart.png"))).isPositive();
        var manifest = JSON.readTree(out.resolve("manifest.json").toFile());
        assertThat(manifest.path("command").asText()).isEqualTo("curve");
        assertThat(manifest.path("status").asText()).isEqualTo("Succeeded");
        assertThat(manifest.path("workload").path("sources")).hasSize(2);
        assertThat(manifest.path("workload").path("held").path("rate").asText()).isEqualTo("1000");
        assertThat(console).doesNotContain("note:"); // one machine, equally fast cores, both runs complete

        // a second curve into the same folder replaces the first; into a run's folder it is refused
        assertThat(HarnessMain.execute(
                        new String[] {"curve", "--over", "partitions", "--results", out.toString(), four.toString()}))
                .isZero();
        assertThat(HarnessMain.execute(
                        new String[] {"curve", "--over", "partitions", "--results", sixteen.toString(), four.toString()
                        }))
                .isEqualTo(2);
    }

    @Test
    void saysWhenTheSourcesRanOnDifferentCoresOrDidNotFinish(@TempDir Path dir) throws Exception {
        Path four = runFolder(dir, "p4", "partitions", 4);
        Path sixteen = runFolder(dir, "p16", "partitions", 16);
        ObjectNode manifest =
                (ObjectNode) JSON.readTree(sixteen.resolve("manifest.json").toFile());
        ((ObjectNode) manifest.path("machine")).put("cpu_probe_ms", 220);
        JSON.writeValue(sixteen.resolve("manifest.json").toFile(), manifest);
        ObjectNode summary =
                (ObjectNode) JSON.readTree(four.resolve("summary.json").toFile());
        summary.put("complete", false);
        JSON.writeValue(four.resolve("summary.json").toFile(), summary);

        String console = CommandStreams.stdout(new String[] {
            "curve",
            "--over",
            "partitions",
            "--results",
            dir.resolve("curve").toString(),
            four.toString(),
            sixteen.toString()
        });

        assertThat(console)
                .contains("note: the sources' cores differed in speed (cpu_probe_ms 110 to 220)")
                .contains("note: " + four + " is from a command that did not finish");
        assertThat(csv(dir.resolve("curve").resolve("curve.csv")))
                .extracting(r -> r.get("complete"))
                .containsExactly("false", "false", "true", "true");
    }

    @Test
    void readsACapacitySearchsTrialsForACurveOverTheRate(@TempDir Path dir) throws Exception {
        Path search = Files.createDirectories(dir.resolve("search"));
        Files.writeString(
                search.resolve("capacity_trials.csv"),
                "engine,version,rate,trial,phase,seconds,outcome,threshold,trend,kept_up,complete,load,clean,clocks,"
                        + "max_s,p99_s,consumer_cores,msg_per_consumer_core,commits_per_s,note\n"
                        + "spark-3.5,Spark 3.5,100000,1,ramp,60,passed,pass,pass,pass,pass,pass,pass,pass,2.362,2.089,"
                        + "0.948,105484,1.917,\n"
                        + "spark-3.5,Spark 3.5,200000,2,ramp,60,failed,fail,pass,pass,pass,pass,pass,pass,6.5,6.1,"
                        + "1.014,197288,1.750,threshold\n");
        ObjectNode manifest = JSON.createObjectNode();
        manifest.putObject("workload")
                .put("rate", 100000)
                .put("partitions", 4)
                .put("store_delay_ms", 0)
                .put("message_bytes", 100)
                .put("duration_s", 60)
                .put("threshold_s", 5.0)
                .put("visibility_poll_ms", 100)
                .putArray("faults");
        JSON.writeValue(search.resolve("manifest.json").toFile(), manifest);
        Path out = dir.resolve("curve");

        assertThat(HarnessMain.execute(
                        new String[] {"curve", "--over", "rate", "--results", out.toString(), search.toString()}))
                .isZero();
        assertThat(csv(out.resolve("curve.csv")))
                .extracting(r -> r.get("rate") + " " + r.get("outcome") + " " + r.get("max_s"))
                .containsExactly("100000 passed 2.362", "200000 failed 6.500");
        // a run at the same settings adds its engines' points to the search's trials
        Path run = runFolder(dir, "run", "rate", 150000);
        ObjectNode summary =
                (ObjectNode) JSON.readTree(run.resolve("summary.json").toFile());
        ObjectNode settings = (ObjectNode) summary.path("settings");
        settings.put("store_delay_ms", 0).put("warmup_s", 15).remove("faults");
        JSON.writeValue(run.resolve("summary.json").toFile(), summary);
        assertThat(HarnessMain.execute(new String[] {
                    "curve", "--over", "rate", "--results", out.toString(), search.toString(), run.toString()
                }))
                .isZero();
        assertThat(csv(out.resolve("curve.csv"))).extracting(r -> r.get("kind")).contains("capacity", "run");
        // a search varies the rate: a curve over anything else cannot use it
        assertThat(HarnessMain.execute(
                        new String[] {"curve", "--over", "partitions", "--results", out.toString(), search.toString()}))
                .isEqualTo(2);
    }

    @Test
    void refusesFoldersThatDifferInASettingTheCurveHolds(@TempDir Path dir) throws Exception {
        Path four = runFolder(dir, "p4", "partitions", 4);
        Path otherRate = runFolder(dir, "p16", "partitions", 16);
        ObjectNode summary =
                (ObjectNode) JSON.readTree(otherRate.resolve("summary.json").toFile());
        ((ObjectNode) summary.path("settings")).put("rate", 2000);
        JSON.writeValue(otherRate.resolve("summary.json").toFile(), summary);
        Path out = dir.resolve("curve");

        String err = CommandStreams.exit2(new String[] {
            "curve", "--over", "partitions", "--results", out.toString(), four.toString(), otherRate.toString()
        });
        assertThat(err).contains("differ in rate: 1000 in " + four, "2000 in " + otherRate);
        assertThat(out).doesNotExist(); // nothing written
        assertThat(HarnessMain.execute(new String[] {"curve", "--over", "colour", four.toString()}))
                .isEqualTo(2);
        assertThat(HarnessMain.execute(new String[] {"curve", "--over", "partitions", dir.toString()}))
                .isEqualTo(2); // neither summary.json nor capacity_trials.csv
        assertThat(HarnessMain.execute(
                        new String[] {"curve", "--over", "partitions", "--results", four.toString(), four.toString()}))
                .isEqualTo(2); // would overwrite the source's manifest
    }

    /** The golden summary.json with {@code key} set to {@code value}, and a manifest naming a dirty build. */
    private static Path runFolder(Path dir, String name, String key, long value) throws Exception {
        Path folder = Files.createDirectories(dir.resolve(name));
        ObjectNode summary;
        try (InputStream in =
                CurveCommandTest.class.getResourceAsStream("/streambench/harness/report/summary-golden.json")) {
            summary = (ObjectNode) JSON.readTree(in);
        }
        ((ObjectNode) summary.path("settings")).put(key, value);
        JSON.writeValue(folder.resolve("summary.json").toFile(), summary);
        ObjectNode manifest = JSON.createObjectNode();
        manifest.putObject("build").put("commit", "abcdef1234567890").put("dirty", true);
        manifest.putObject("machine").put("cores", 2).put("os", "Linux test").put("cpu_probe_ms", 110);
        JSON.writeValue(folder.resolve("manifest.json").toFile(), manifest);
        return folder;
    }

    private static List<CSVRecord> csv(Path file) throws Exception {
        return CSVFormat.DEFAULT
                .builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .build()
                .parse(Files.newBufferedReader(file, StandardCharsets.UTF_8))
                .getRecords();
    }
}
