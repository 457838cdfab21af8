package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * capacity and tune on the embedded services with the real Flink consumer: short trials at rates this
 * machine holds with room to spare, so the assertions are about the search's steps and files, not speed.
 */
class SearchCommandsIT {
    @Test
    void capacityRampsConfirmsAndWritesItsFiles(@TempDir Path results) throws Exception {
        String out = HarnessLatencyIT.runHarness(
                "capacity",
                "--engines",
                "flink-1.16",
                "--min-rate",
                "500",
                "--max-rate",
                "1000",
                "--precision",
                "0.5",
                "--trial-duration",
                "20",
                "--confirm-duration",
                "20",
                "--warmup",
                "5",
                "--max-trials",
                "4",
                // two log checkpoints at Flink's commit a second: 20 s, not the anchor's 200 s
                "--set",
                "DELTA_CHECKPOINT_INTERVAL=10",
                "--results",
                results.toString());
        List<CSVRecord> rows = read(results.resolve("capacity_trials.csv"));
        assertThat(rows).extracting(r -> r.get("rate")).containsExactly("500", "1000", "1000");
        assertThat(rows).extracting(r -> r.get("phase")).containsExactly("ramp", "ramp", "confirm");
        assertThat(Long.parseLong(rows.get(2).get("seconds"))).isGreaterThanOrEqualTo(20);
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.get("outcome")).isEqualTo("passed");
            assertThat(r.get("threshold")).isEqualTo("pass");
            assertThat(Double.parseDouble(r.get("consumer_cores"))).isPositive();
        });
        assertThat(read(results.resolve("capacity.csv")))
                .extracting(r -> r.get("rate") + ":" + r.get("trials") + "/" + r.get("passed"))
                .containsExactly("500:1/1", "1000:2/2");
        assertThat(results.resolve("capacity_chart.png")).isNotEmptyFile();
        List<CSVRecord> summary = read(results.resolve("capacity_summary.csv"));
        assertThat(summary).singleElement().satisfies(r -> {
            assertThat(r.get("engine")).isEqualTo("flink-1.16");
            assertThat(r.get("capacity_msg_s")).isEqualTo("1000");
            assertThat(r.get("lower_bound_only")).isEqualTo("true");
            assertThat(r.get("confirmed")).isEqualTo("true");
            assertThat(r.get("band_low_msg_s")).isEqualTo("1000");
            assertThat(r.get("stop")).isEqualTo("passes at --max-rate");
        });
        assertThat(out)
                .contains("flink-1.16 trial  1 ramp")
                .contains(">= 1,000")
                .contains("passes at --max-rate");
        assertThat(out.strip().lines().reduce((a, b) -> b)).hasValue("{ \"status\": \"Succeeded\" }");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive))
                .isEmpty();
    }

    @Test
    void tuneRunsTheBaselineThreeTimesThenAKnobConfirmsAndWritesItsFiles(@TempDir Path results) throws Exception {
        String out = HarnessLatencyIT.runHarness(
                "tune",
                "--engine",
                "flink-1.16",
                "--rate",
                "500",
                "--budget",
                "4 trials",
                "--trial-duration",
                "15",
                "--confirm-duration",
                "20",
                "--warmup",
                "5",
                "--results",
                results.toString());
        Path dir = results.resolve("tuning").resolve("flink-1.16");
        List<CSVRecord> rows = read(dir.resolve("trials.csv"));
        assertThat(rows).extracting(r -> r.get("decision")).startsWith("baseline", "baseline", "baseline");
        assertThat(rows.get(3).get("knob")).isEqualTo("CHECKPOINT_INTERVAL_MS");
        // a promising change needs a second trial, which the budget does not leave: nothing is kept
        assertThat(rows.get(3).get("decision")).isIn("promising", "reverted");
        // the best configuration, here the baseline, runs once more for --confirm-duration before anything is
        // written and the status line may say Succeeded
        assertThat(rows).hasSize(5);
        assertThat(rows.get(4).get("decision")).isEqualTo("confirm");
        assertThat(rows.get(4).get("reason")).contains("for 20 s");
        assertThat(out).contains("the confirmation run of the best configuration, 20 s");
        assertThat(Files.readString(dir.resolve("best.env"))).contains("CHECKPOINT_INTERVAL_MS=");
        assertThat(dir.resolve("tuning_chart.png")).isNotEmptyFile();
        assertThat(dir.resolve("docker-compose.patch")).exists();
        assertThat(out).contains("noise between the baseline runs").contains("trial budget spent");
        assertThat(out.strip().lines().reduce((a, b) -> b)).hasValue("{ \"status\": \"Succeeded\" }");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive))
                .isEmpty();
    }

    private static List<CSVRecord> read(Path csv) throws Exception {
        try (Reader r = Files.newBufferedReader(csv)) {
            return CSVFormat.DEFAULT
                    .builder()
                    .setHeader()
                    .setSkipHeaderRecord(true)
                    .get()
                    .parse(r)
                    .getRecords();
        }
    }
}
