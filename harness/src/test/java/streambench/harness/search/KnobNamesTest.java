package streambench.harness.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KnobNamesTest {
    private static final List<String> SPARK = List.of(
            "TRIGGER_INTERVAL",
            "MAX_OFFSETS_PER_TRIGGER",
            "MIN_OFFSETS_PER_TRIGGER",
            "MAX_TRIGGER_DELAY",
            "SHUFFLE_PARTITIONS",
            "KAFKA_FETCH_MIN_BYTES");

    @Test
    void aDoubledLetterPointsToTheKnob() {
        assertThat(KnobNames.closest("TRIGGER_INTERVALL", SPARK)).contains("TRIGGER_INTERVAL");
        assertThat(KnobNames.hint("TRIGGER_INTERVALL", SPARK)).isEqualTo(" (did you mean TRIGGER_INTERVAL?)");
    }

    @Test
    void aSwapCountsAsOneEditAndCaseIsIgnored() {
        assertThat(KnobNames.distance("SHUFFLE_PARTITOINS", "SHUFFLE_PARTITIONS"))
                .isEqualTo(1);
        assertThat(KnobNames.closest("SHUFFLE_PARTITOINS", SPARK)).contains("SHUFFLE_PARTITIONS");
        assertThat(KnobNames.closest("trigger_interval", SPARK)).contains("TRIGGER_INTERVAL");
    }

    @Test
    void theNearerOfTwoSimilarKnobsWins() {
        assertThat(KnobNames.closest("MIN_OFFSET_PER_TRIGGER", SPARK)).contains("MIN_OFFSETS_PER_TRIGGER");
        assertThat(KnobNames.closest("MAX_OFFSET_PER_TRIGGER", SPARK)).contains("MAX_OFFSETS_PER_TRIGGER");
    }

    @Test
    void nothingNearGivesNoHint() {
        assertThat(KnobNames.closest("CHECKPOINT_INTERVAL_MS", SPARK)).isEmpty();
        assertThat(KnobNames.closest("FOO", Set.of("BAR"))).isEmpty();
        assertThat(KnobNames.hint("FOO", Set.of("BAR"))).isEmpty();
    }

    @Test
    void tiesGoToTheFirstNameAlphabeticallyWhateverTheOrderGiven() {
        assertThat(KnobNames.closest("AC", List.of("AD", "AB"))).contains("AB");
        assertThat(KnobNames.closest("AC", List.of("AB", "AD"))).contains("AB");
    }
}
