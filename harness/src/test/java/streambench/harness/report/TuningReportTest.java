package streambench.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.harness.search.CoordinateDescent;
import streambench.harness.search.TrialOutcome;

/** What tune's chart and trials.csv show; the decisions themselves are CoordinateDescentTest's. */
class TuningReportTest {
    @TempDir
    Path dir;

    private static TrialOutcome outcome(boolean passed, double max) {
        return TrialOutcome.judged(passed, Map.of("threshold", passed), max, max - 0.4, true, 1.2);
    }

    private static CoordinateDescent.Trial trial(int n, CoordinateDescent.Decision d, boolean passed, double max) {
        Map<String, String> changed = d == CoordinateDescent.Decision.BASELINE ? Map.of() : Map.of("K", "v3");
        return new CoordinateDescent.Trial(n, n <= 2 ? 0 : 1, "K", "v3", changed, outcome(passed, max), d, "why");
    }

    @Test
    void aFailedConfirmationOfTheBestIsDrawnAndWrittenNotOnlyTheBestLineUnderTheThreshold() throws Exception {
        try (TuningReport report = new TuningReport(dir, "Spark 4.2", List.of(), 5.0)) {
            report.trial(trial(1, CoordinateDescent.Decision.BASELINE, false, 12.0));
            report.trial(trial(2, CoordinateDescent.Decision.BASELINE, false, 5.2));
            report.trial(trial(3, CoordinateDescent.Decision.PROMISING, true, 4.6));
            report.trial(trial(4, CoordinateDescent.Decision.KEPT, true, 4.5));
            report.trial(new CoordinateDescent.Trial(
                    5,
                    0,
                    "",
                    "",
                    Map.of("K", "v3"),
                    outcome(false, 11.5),
                    CoordinateDescent.Decision.CONFIRM,
                    "the best configuration, run again for 300 s"));

            org.jfree.data.xy.XYSeriesCollection data = report.chartData();
            List<String> names = new java.util.ArrayList<>();
            for (int i = 0; i < data.getSeriesCount(); i++) {
                names.add((String) data.getSeriesKey(i));
            }
            assertThat(names)
                    .containsExactly(
                            "baseline",
                            "promising, run again",
                            "kept",
                            "reverted",
                            "best so far",
                            "confirmation of the best");
            XYSeries confirm = data.getSeries(5);
            assertThat(confirm.getItemCount()).isEqualTo(1);
            assertThat(confirm.getX(0).intValue()).isEqualTo(5);
            assertThat(confirm.getY(0).doubleValue()).isEqualTo(11.5);
            assertThat(data.getSeries(4).getY(3).doubleValue())
                    .as("best so far after trial 4: the kept set's lower max")
                    .isEqualTo(4.5);
        }
        assertThat(dir.resolve("tuning_chart.png")).isNotEmptyFile();
        assertThat(Files.readAllLines(dir.resolve("trials.csv")))
                .hasSize(6)
                .last()
                .asString()
                .startsWith("5,,,,K=v3,confirm,false");
    }

    /** An earlier search's best.env and patch must not pass for this one's while it runs, nor after it fails. */
    @Test
    void aSearchThatStartsReplacesAnEarlierBestEnvAndPatchAndOneThatFailsLeavesOnlyComments() throws Exception {
        Files.writeString(dir.resolve("best.env"), "TRIGGER_INTERVAL=2s\n");
        Files.writeString(dir.resolve(TuningReport.PATCH), "--- a/docker-compose.yml\n");
        try (TuningReport report = new TuningReport(dir, "Spark 4.2", List.of(), 5.0)) {
            assertThat(dir.resolve(TuningReport.PATCH)).doesNotExist();
            assertThat(Files.readAllLines(dir.resolve("best.env"))).allMatch(l -> l.startsWith("#"));
            report.writeNothingSurvived("nothing survived: the 300 s confirmation of the best configuration"
                    + " (TRIGGER_INTERVAL=2s) failed threshold");
        }
        List<String> lines = Files.readAllLines(dir.resolve("best.env"));
        assertThat(lines).allMatch(l -> l.startsWith("#"));
        assertThat(String.join("\n", lines))
                .contains("nothing survived, so this file sets no knob")
                .contains("failed threshold");
    }

    /**
     * The feldera anchor holds FELDERA_URL (localhost) and an empty FELDERA_API_KEY, which the harness replaces
     * with its own environment's: written into best.env they replaced the user's when it was sourced, and the
     * advice `docker compose --env-file best.env` made Compose read it instead of .env, dropping every endpoint.
     */
    @Test
    void bestEnvHoldsKnobsOnlyNeverTheUsersEndpointsOrSecrets() throws Exception {
        Map<String, String> best = new java.util.LinkedHashMap<>();
        best.put("FELDERA_URL", "http://localhost:8080");
        best.put("FELDERA_API_KEY", "");
        best.put("FELDERA_WORKERS", "8");
        best.put("FELDERA_MAX_OUTPUT_BUFFER_TIME_MILLIS", "500");
        best.put("KAFKA_BOOTSTRAP_SERVERS", "broker.example.com:9092");
        best.put("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000");
        best.put("ADLS_ACCOUNT_KEY", "bXktcmVhbC1rZXk=");
        best.put("KAFKA_CLIENT_SASL_MECHANISM", "PLAIN");
        best.put("SOME_TOKEN", "tok-value-1234");
        List<String> felderaEndpoints =
                streambench.harness.engine.Engines.feldera(Map.of()).endpointNames();
        try (TuningReport report = new TuningReport(dir, "Feldera", felderaEndpoints, 5.0)) {
            report.writeBest(best);
        }
        String text = Files.readString(dir.resolve("best.env"));
        Map<String, String> assigned = new java.util.TreeMap<>();
        text.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).forEach(l -> {
            int eq = l.indexOf('=');
            assigned.put(l.substring(0, eq), l.substring(eq + 1));
        });
        assertThat(assigned)
                .containsExactly(
                        Map.entry("FELDERA_MAX_OUTPUT_BUFFER_TIME_MILLIS", "500"), Map.entry("FELDERA_WORKERS", "8"));
        assertThat(text)
                .doesNotContain("bXktcmVhbC1rZXk=")
                .doesNotContain("tok-value-1234")
                .doesNotContain(streambench.common.Secrets.REDACTED)
                .doesNotContain("--env-file")
                .contains("left out here: ADLS_ACCOUNT_KEY, AZURITE_BLOB_ENDPOINT, FELDERA_API_KEY, FELDERA_URL, "
                        + "KAFKA_BOOTSTRAP_SERVERS, KAFKA_CLIENT_SASL_MECHANISM, SOME_TOKEN");
    }
}
