package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KnobDefTest {
    private static final KnobDef<Duration> INTERVAL =
            KnobDef.positiveDuration("COMMIT_INTERVAL", "1s", "a commit every interval");

    @Test
    void readsTheVariableOrTheDeclaredDefaultAndRecordsWhatItRead() {
        Knobs unset = Knobs.of(Map.of("COMMIT_INTERVAL", " "));
        assertThat(INTERVAL.from(unset)).isEqualTo(Duration.ofSeconds(1));
        assertThat(unset.effectiveRedacted()).containsEntry("COMMIT_INTERVAL", "1s");
        assertThat(INTERVAL.from(Knobs.of(Map.of("COMMIT_INTERVAL", "250ms")))).isEqualTo(Duration.ofMillis(250));
    }

    @Test
    void aBadValueNamesTheVariableAndWhatItMustBe() {
        assertThatThrownBy(() -> INTERVAL.from(Knobs.of(Map.of("COMMIT_INTERVAL", "0s"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("COMMIT_INTERVAL must be");
    }

    @Test
    void aDefaultItsOwnFormRefusesFailsAtDeclarationNotInTheRunThatLeavesItUnset() {
        assertThatThrownBy(() -> KnobDef.positiveInt("WORKERS", "0", "threads"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("WORKERS");
    }

    enum Mode {
        FAST_PATH,
        SLOW
    }

    @Test
    void aChoiceListsItsSpellingsAsItsForm() {
        KnobDef<Mode> mode = KnobDef.oneOf("MODE", "slow", Mode.class, "which path");
        assertThat(mode.form()).isEqualTo("fast_path | slow");
        assertThat(mode.from(Knobs.of(Map.of("MODE", "fast-path")))).isEqualTo(Mode.FAST_PATH);
    }

    @Test
    void aSecretDefaultIsNeverPrinted() {
        assertThat(KnobDef.string("SERVICE_API_KEY", "k3y", "the key").toString())
                .isEqualTo("SERVICE_API_KEY=<redacted>");
        assertThat(KnobDef.string("SERVICE_API_KEY", "k3y", "the key").secret()).isTrue();
    }

    @Test
    void theSheetPrintsEveryKnobWithDefaultFormAndDocUnderItsGroup() {
        KnobDef<Integer> every = KnobDef.nonNegativeInt("EVERY", "10", "this jar's meaning");
        KnobSheet sheet = new KnobSheet(
                "prog",
                "TOPIC",
                List.of(new KnobSheet.Group("shared", List.of(INTERVAL)), new KnobSheet.Group("own", List.of(every))));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        sheet.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String printed = bytes.toString(StandardCharsets.UTF_8);
        assertThat(printed)
                .contains("shared:" + System.lineSeparator() + "  COMMIT_INTERVAL=1s    (duration > 0: 250ms, 5s, 2m)")
                .contains("      a commit every interval")
                .contains("own:" + System.lineSeparator() + "  EVERY=10    (integer >= 0)")
                .contains("connection (no defaults): TOPIC");
    }

    @Test
    void aNameTwoGroupsDeclareIsRefused() {
        KnobDef<Integer> shared = KnobDef.nonNegativeInt("EVERY", "100", "shared meaning");
        KnobDef<Integer> own = KnobDef.nonNegativeInt("EVERY", "10", "this jar's meaning");
        assertThatThrownBy(() -> new KnobSheet(
                        "prog",
                        "TOPIC",
                        List.of(
                                new KnobSheet.Group("shared", List.of(shared)),
                                new KnobSheet.Group("own", List.of(own)))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("prog declares EVERY twice");
    }

    @Test
    void knobsIsAskedWithOneFlagAndAnyOtherArgumentIsAConfigurationError() {
        assertThat(KnobSheet.asked(new String[0])).isFalse();
        assertThat(KnobSheet.asked(new String[] {"--knobs"})).isTrue();
        assertThat(KnobSheet.asked(new String[] {"--help"})).isTrue();
        assertThatThrownBy(() -> KnobSheet.asked(new String[] {"--rate", "5"}))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("--rate 5")
                .hasMessageContaining("environment variable");
    }

    @Test
    void mainRunnerAnswersKnobsWithoutRunningTheBody() throws Exception {
        KnobSheet sheet = new KnobSheet("prog", "TOPIC", List.of(new KnobSheet.Group("g", List.of(INTERVAL))));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        MainRunner.Body body = () -> {
            throw new AssertionError("the body must not run for --knobs");
        };
        assertThat(MainRunner.answeringKnobs(new String[] {"--knobs"}, sheet, out, body)
                        .run())
                .isZero();
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("COMMIT_INTERVAL=1s");
        assertThat(MainRunner.run("prog", MainRunner.answeringKnobs(new String[] {"x"}, sheet, out, body)))
                .isEqualTo(ConsumerContract.EXIT_CONFIG);
        assertThat(MainRunner.answeringKnobs(new String[0], sheet, out, () -> 7).run())
                .isEqualTo(7);
    }
}
