package streambench.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.harness.search.CapacitySearch;
import streambench.harness.search.TrialOutcome;

/** What capacity's files and console say per rate; the search's decisions are CapacitySearchTest's. */
class CapacityReportTest {
    @TempDir
    Path dir;

    /** Passes up to 13,700 msg/s; 12,000 msg/s fails its first trial once, as one slow second would. */
    private static CapacitySearch.Result search(CapacityReport report) throws Exception {
        int[] trial = {0};
        return CapacitySearch.builder()
                .minRate(1000)
                .runner((knobs, rate, seconds) -> {
                    trial[0]++;
                    boolean passed = rate <= 13_700 && !(rate == 12_000 && trial[0] == 7);
                    return TrialOutcome.judged(passed, Map.of("threshold", passed), passed ? 3.0 : 6.0, 2.0, true, 1.0);
                })
                .listener(t -> report.trial("flink-1.16", "Flink 1.16", t))
                .build()
                .run();
    }

    @Test
    void capacityCsvAndTheConsoleHaveALinePerRateWithTheBandAndWhyNoneIsConfirmed() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        CapacitySearch.Result r;
        try (CapacityReport report = new CapacityReport(dir, 5.0)) {
            r = search(report);
            report.finished("flink-1.16", "Flink 1.16", r);
            PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
            CapacityReport.printRates("Flink 1.16", r, out);
            report.printTable(out);
        }

        assertThat(Files.readAllLines(dir.resolve("capacity.csv")))
                .containsExactly(
                        "engine,version,rate,trials,passed,failed,undetermined,durations_s",
                        "flink-1.16,Flink 1.16,1000,1,1,0,0,60",
                        "flink-1.16,Flink 1.16,2000,1,1,0,0,60",
                        "flink-1.16,Flink 1.16,4000,1,1,0,0,60",
                        "flink-1.16,Flink 1.16,8000,1,1,0,0,60",
                        "flink-1.16,Flink 1.16,12000,2,1,1,0,60+60",
                        "flink-1.16,Flink 1.16,13000,1,1,0,0,60",
                        "flink-1.16,Flink 1.16,14000,2,0,2,0,60+60",
                        "flink-1.16,Flink 1.16,16000,2,0,2,0,60+60");
        assertThat(Files.readAllLines(dir.resolve("capacity_trials.csv")))
                .hasSize(1 + r.trials().size());
        String text = console.toString(StandardCharsets.UTF_8);
        assertThat(text)
                .contains("Flink 1.16 per rate:   rate msg/s  trials  passed  failed  undetermined  durations s")
                .contains("      12,000       2       1       1             0  60+60")
                .contains("Flink 1.16: band [8,000, 12,000] msg/s")
                .contains("Flink 1.16: none confirmed: 12,000 msg/s failed 1 of 2 trials, below 13,000 msg/s")
                .contains("Flink 1.16      none confirmed [8,000, 12,000] msg/s");
        assertThat(Files.readAllLines(dir.resolve("capacity_summary.csv")).get(1))
                .startsWith("flink-1.16,Flink 1.16,,false,false,8000,12000,");
    }
}
