package streambench.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;
import streambench.harness.analysis.CommitRow;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.Verdict;
import streambench.harness.engine.Engine;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.Engines;
import streambench.harness.engine.KnobDefaults;
import streambench.harness.report.TuningReport;
import streambench.harness.search.CoordinateDescent;
import streambench.harness.search.SearchSpace;
import streambench.harness.search.TrialOutcome;
import streambench.services.ProcessSampler;

/** The parts of capacity and tune that need no services: option checks, the search spaces, a trial's reading. */
class SearchCommandsTest {
    private static final Path COMPOSE = Path.of("..", "docker-compose.yml");

    @Test
    void aMisspeltKnobIsAnErrorNamingTheClosestKnownName() {
        LoadOptions load = new LoadOptions();
        load.overrides.put("TRIGGER_INTERVALL", "1s");
        assertThatThrownBy(() -> load.checkKnobNames(KnobDefaults.load(COMPOSE)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("--set TRIGGER_INTERVALL")
                .hasMessageContaining("TRIGGER_INTERVAL");
    }

    @Test
    void knownKnobsEndpointsAndKafkaClientPassThroughAreAccepted() {
        LoadOptions load = new LoadOptions();
        load.overrides.putAll(Map.of(
                "TRIGGER_INTERVAL",
                "1s",
                "CHECKPOINT_INTERVAL_MS",
                "500",
                "ADLS_ACCOUNT_NAME",
                "myacct",
                "KAFKA_CLIENT_SASL_MECHANISM",
                "PLAIN",
                "FELDERA_WORKERS",
                "2"));
        load.checkKnobNames(KnobDefaults.load(COMPOSE));
    }

    @Test
    void runRefusesAMisspeltKnobWithExit2BeforeStartingAnything() {
        assertThat(CommandStreams.exit2("tune", "--engine", "flink-1.16", "--budget", "1 trial"))
                .contains("--budget")
                .contains("at least 2 trials");
    }

    /**
     * A secret on the command line shows in ps and stays in the shell's history. An unknown engine stands behind
     * the refusal: should it not come, the run stops there before anything is started.
     */
    @Test
    void aSecretGivenWithSetIsRefusedWithExit2PointingToTheEnvironment(@org.junit.jupiter.api.io.TempDir Path tmp) {
        for (String secret : List.of(
                "ADLS_ACCOUNT_KEY=bXktcmVhbC1rZXk=",
                "KAFKA_CLIENT_SASL_JAAS_CONFIG=x required password=\"s3cr3t-pw\";",
                "EVENTHUB_CONNECTION_STRING=Endpoint=sb://n.servicebus.windows.net/;SharedAccessKey=s3cr3t-pw",
                "FELDERA_API_KEY=apikey-s3cr3t-pw")) {
            String name = secret.substring(0, secret.indexOf('='));
            assertThat(CommandStreams.exit2(
                            "run", "--engines", "flink-2.0", "--results", tmp.toString(), "--set", secret))
                    .as(name)
                    .contains("--set " + name + " is refused, as a secret given on the command line shows in `ps`")
                    .contains("export " + name + " in the environment (or put it in .env)")
                    .doesNotContain("s3cr3t-pw")
                    .doesNotContain("bXktcmVhbC1rZXk=");
        }
        LoadOptions load = new LoadOptions();
        load.partitions = 4;
        load.messageBytes = 100;
        load.overrides.putAll(Map.of("KAFKA_CLIENT_SASL_MECHANISM", "PLAIN", "TRIGGER_INTERVAL", "1s"));
        load.validate(); // not secret-named: still accepted
    }

    @Test
    void aConsumerHeapMustBeWhatXmxTakes() {
        for (String bad : List.of("4 g", "abc", "0m", "4x", "-1g", "99999999999999999999g")) {
            ConsumerHeapOption heap = new ConsumerHeapOption();
            heap.value = bad;
            assertThatThrownBy(heap::validate)
                    .as(bad)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageStartingWith("--consumer-heap (CONSUMER_HEAP) must be a JVM heap size such as 4g");
        }
        for (String good : List.of("4g", "1536m", "2G", "1t", "4194304k")) {
            ConsumerHeapOption heap = new ConsumerHeapOption();
            heap.value = good;
            heap.validate();
            assertThat(heap.value).isEqualTo(good);
        }
    }

    /** Each used to pass the option checks and end a started run in an ArithmeticException (exit 1). */
    @Test
    void aTimeTooLongForTheDeadlineArithmeticIsRefusedWithExit2(@org.junit.jupiter.api.io.TempDir Path tmp) {
        assertThat(CommandStreams.exit2(
                        "run",
                        "--engines",
                        "flink-2.0",
                        "--results",
                        tmp.toString(),
                        "--duration",
                        "9223372036854775807",
                        "--warmup",
                        "1"))
                .contains("--duration must be at most 9223372036 seconds");
        assertThat(CommandStreams.exit2(
                        "run",
                        "--engines",
                        "flink-2.0",
                        "--results",
                        tmp.toString(),
                        "--drain-timeout",
                        "9223372036854775807"))
                .contains("--drain-timeout must be at most 9223372036 seconds");
        assertThat(CommandStreams.exit2(
                        "run",
                        "--engines",
                        "flink-2.0",
                        "--results",
                        tmp.toString(),
                        "--store-delay-ms",
                        "9223372036854775807"))
                .contains("--store-delay-ms must be at most 9223372036854 milliseconds");
        for (String budget : List.of("99999999999999999999m", "9999999999999999h", "99999999999 trials")) {
            assertThatThrownBy(() -> TuneCommand.Budget.parse(budget))
                    .as(budget)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("--budget");
        }
    }

    @Test
    void tuneRefusesAConfirmationShorterThanATrialWithExit2() {
        assertThat(CommandStreams.exit2(
                        "tune", "--engine", "flink-1.16", "--trial-duration", "60", "--confirm-duration", "30"))
                .contains("--confirm-duration")
                .contains("at least --trial-duration (60 s)");
    }

    @Test
    void everyEngineHasAValidSearchSpaceBesideItsAnchor() {
        KnobDefaults defaults = KnobDefaults.load(COMPOSE);
        Engines.all().forEach(engine -> {
            SearchSpace space = SearchSpace.load(COMPOSE, SearchSpace.blockBeside(engine.knobAnchor()));
            space.validateAgainst(defaults.anchor(engine.knobAnchor()).keySet());
            assertThat(space.dimensions()).as(engine.id()).isNotEmpty();
            space.dimensions()
                    .forEach(d -> assertThat(d.values())
                            .as(d.knob())
                            .doesNotContain(defaults.anchor(engine.knobAnchor()).get(d.knob())));
        });
    }

    @Test
    void budgetIsATimeOrANumberOfTrials() {
        assertThat(TuneCommand.Budget.parse("45m")).isEqualTo(new TuneCommand.Budget(Duration.ofMinutes(45), 0));
        assertThat(TuneCommand.Budget.parse("2h").time()).isEqualTo(Duration.ofHours(2));
        assertThat(TuneCommand.Budget.parse("12 trials").trials()).isEqualTo(12);
        assertThat(TuneCommand.Budget.parse("12trials").trials()).isEqualTo(12);
        assertThatThrownBy(() -> TuneCommand.Budget.parse("soon"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("--budget");
    }

    @Test
    void aTrialWhoseLoadFailedIsUndeterminedNotAFailureOfTheEngine() {
        TrialOutcome late = TrialSession.outcome(
                result(List.of(
                        new Verdict.Check("threshold", true, ""),
                        new Verdict.Check("load", false, "the producer fell 2.1 s behind its schedule"))),
                60);
        assertThat(late.undetermined()).isTrue();
        assertThat(late.failed()).isFalse();
        assertThat(late.undeterminedReason()).isEqualTo("the producer fell 2.1 s behind its schedule");
        assertThat(late.consumerCores()).isEqualTo(0.5);

        // the engine missed its threshold under the late load: still no failure of the engine, and the reason says so
        TrialOutcome lateAndSlow = TrialSession.outcome(
                result(List.of(
                        new Verdict.Check("threshold", false, "6 s"),
                        new Verdict.Check("load", false, "the producer fell 2.1 s behind its schedule"))),
                60);
        assertThat(lateAndSlow.undetermined()).isTrue();
        assertThat(lateAndSlow.failed()).isFalse();
        assertThat(lateAndSlow.undeterminedReason())
                .isEqualTo("the producer fell 2.1 s behind its schedule; the engine also missed threshold under the"
                        + " late load");

        TrialOutcome failed = TrialSession.outcome(
                result(List.of(new Verdict.Check("threshold", false, "6 s"), new Verdict.Check("load", true, ""))), 60);
        assertThat(failed.undetermined()).isFalse();
        assertThat(failed.failed()).isTrue();
        assertThat(failed.checks()).containsEntry("threshold", false).containsEntry("load", true);

        TrialOutcome passed = TrialSession.outcome(
                result(List.of(new Verdict.Check("threshold", true, ""), new Verdict.Check("kept-up", true, ""))), 60);
        assertThat(passed.passed()).isTrue();
        assertThat(passed.keptUp()).isTrue();
        assertThat(passed.maxLatencySeconds()).isEqualTo(1.5);
    }

    @Test
    void aTrialsCommitsPerSecondCountsTheCommitsWithinItsLoad() {
        // load from second 1000 for 10 s: commits every 2 s within it, two in the drain after it
        List<CommitRow> commits = new java.util.ArrayList<>();
        for (long ms = 1_000_500; ms < 1_013_000; ms += 2000) {
            commits.add(new CommitRow(commits.size(), ms, -1, -1, -1, 100, 0.1, 0.5));
        }
        EngineResult r = result(List.of(new Verdict.Check("threshold", true, "")), 1_000_000_000L, commits);
        assertThat(commits).hasSize(7);
        assertThat(TrialSession.outcome(r, 10).commitsPerSecond()).isEqualTo(0.5);
        assertThat(TrialSession.commitsPerSecond(r, 10)).isEqualTo(0.5);
        assertThat(TrialSession.outcome(result(List.of(new Verdict.Check("threshold", true, ""))), 10)
                        .commitsPerSecond())
                .as("no commit: unknown")
                .isNaN();
    }

    @Test
    void capacityRefusesAConfirmationShorterThanATrialWithExit2() {
        assertThat(CommandStreams.exit2(
                        "capacity", "--engines", "flink-1.16", "--trial-duration", "60", "--confirm-duration", "30"))
                .contains("--confirm-duration")
                .contains("at least --trial-duration (60 s)");
        assertThat(CommandStreams.exit2("capacity", "--engines", "flink-1.16", "--max-confirmations", "0"))
                .contains("--max-confirmations must be at least 1");
    }

    @Test
    void tuneRefusesABudgetTheBaselineRunsAloneWouldSpendWithExit2() {
        assertThat(CommandStreams.exit2("tune", "--engine", "flink-1.16", "--budget", "2trials"))
                .contains("--budget 2trials leaves no room: the baseline alone runs 3 times (--baseline-runs)");
        assertThat(CommandStreams.exit2("tune", "--engine", "flink-1.16", "--baseline-runs", "1"))
                .contains("--baseline-runs must be at least 2");
    }

    /** A search of flink-1.16's space in which a checkpoint interval wins every trial and fails the long run. */
    private static CoordinateDescent.Result flinkSearch(Path compose, boolean longRunPasses) throws Exception {
        Engine flink = Engines.all().stream()
                .filter(e -> e.id().equals("flink-1.16"))
                .findFirst()
                .orElseThrow();
        Map<String, String> baseline = KnobDefaults.load(compose).anchor(flink.knobAnchor());
        SearchSpace space = SearchSpace.load(compose, SearchSpace.blockBeside(flink.knobAnchor()));
        return CoordinateDescent.builder()
                .baseline(baseline)
                .space(space)
                .rate(10_000)
                .runner((knobs, rate, seconds) -> {
                    boolean faster = knobs.get("CHECKPOINT_INTERVAL_MS").equals("500");
                    boolean passed = seconds < 300 || longRunPasses;
                    double max = passed ? (faster ? 2.0 : 4.0) : 9.0;
                    return TrialOutcome.judged(passed, Map.of("threshold", passed), max, max, true, 1.0);
                })
                .build()
                .run();
    }

    @Test
    void tuneApplyAfterAFailedConfirmationLeavesDockerComposeUntouchedByteForByte(@TempDir Path tmp) throws Exception {
        Path compose = tmp.resolve("docker-compose.yml");
        Files.copy(COMPOSE, compose);
        byte[] before = Files.readAllBytes(compose);
        Engine flink = Engines.all().get(3);
        CoordinateDescent.Result result = flinkSearch(compose, false);
        assertThat(result.bestChanges()).containsEntry("CHECKPOINT_INTERVAL_MS", "500");
        assertThat(result.survived()).isFalse();

        Path dir = tmp.resolve("tuning");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        boolean survived;
        try (TuningReport report = new TuningReport(dir, flink.label(), flink.endpointNames(), 5.0)) {
            survived = TuneCommand.finish(
                    result, compose, flink, report, true, new PrintStream(console, true, StandardCharsets.UTF_8));
        }

        assertThat(survived).isFalse();
        assertThat(Files.readAllBytes(compose)).isEqualTo(before);
        assertThat(dir.resolve(TuningReport.PATCH)).doesNotExist();
        assertThat(Files.readAllLines(dir.resolve("best.env"))).isNotEmpty().allMatch(l -> l.startsWith("#"));
        assertThat(Files.readString(dir.resolve("best.env"))).contains("CHECKPOINT_INTERVAL_MS=500) failed threshold");
        assertThat(console.toString(StandardCharsets.UTF_8))
                .contains("nothing survived: the 300 s confirmation of the best configuration")
                .contains("docker-compose.yml is left untouched");
    }

    @Test
    void tuneApplyAfterAPassedConfirmationPatchesTheAnchor(@TempDir Path tmp) throws Exception {
        Path compose = tmp.resolve("docker-compose.yml");
        Files.copy(COMPOSE, compose);
        Engine flink = Engines.all().get(3);
        CoordinateDescent.Result result = flinkSearch(compose, true);
        assertThat(result.survived()).isTrue();

        Path dir = tmp.resolve("tuning");
        boolean survived;
        try (TuningReport report = new TuningReport(dir, flink.label(), flink.endpointNames(), 5.0)) {
            survived = TuneCommand.finish(
                    result, compose, flink, report, true, new PrintStream(OutputStream.nullOutputStream()));
        }

        assertThat(survived).isTrue();
        assertThat(KnobDefaults.load(compose).anchor(flink.knobAnchor()))
                .containsEntry("CHECKPOINT_INTERVAL_MS", "500");
        assertThat(Files.readString(dir.resolve(TuningReport.PATCH))).contains("+  CHECKPOINT_INTERVAL_MS: \"500\"");
        assertThat(Files.readString(dir.resolve("best.env"))).contains("\nCHECKPOINT_INTERVAL_MS=500\n");
    }

    private static EngineResult result(List<Verdict.Check> checks) {
        return result(checks, 0, List.of());
    }

    private static EngineResult result(List<Verdict.Check> checks, long startMicros, List<CommitRow> commits) {
        Histogram h = new Histogram(3600_000_000L, 3);
        h.recordValue(1_500_000);
        return new EngineResult(
                "flink-1.16",
                "Flink 1.16",
                true,
                Optional.empty(),
                startMicros,
                List.of(new SecondBin(0, 1.5, 1, 1.5, 1, 10)),
                h,
                1.5,
                commits,
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
                Map.of(
                        "consumer",
                        List.of(new ProcessSampler.Sample(1, 40, 100), new ProcessSampler.Sample(2, 60, 100))),
                Map.of(),
                List.of(),
                -1,
                new Verdict.Outcome(checks),
                "",
                streambench.harness.engine.WarmStart.NONE,
                Optional.empty(),
                Optional.empty(),
                List.of(),
                streambench.harness.analysis.LatencyWaterfall.Result.NONE,
                streambench.harness.analysis.SoakWindows.NONE,
                java.util.List.of());
    }
}
