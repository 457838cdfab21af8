package streambench.harness.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;

class SearchSpaceTest {
    private static final String ANCHORS = """
            version: "3.8"
            x-spark-tuning: &spark-tuning
              TRIGGER_INTERVAL: "0s"
              MAX_OFFSETS_PER_TRIGGER: "1000000"
            """;

    @TempDir
    Path dir;

    private Path compose(String search) throws IOException {
        return Files.writeString(dir.resolve("docker-compose.yml"), ANCHORS + search);
    }

    private void assertRejected(String search, String... fragments) throws IOException {
        Path file = compose(search);
        assertThatThrownBy(() -> SearchSpace.load(file, "x-spark-search"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContainingAll(fragments);
    }

    @Test
    void readsTheKnobsInTheOrderWrittenWithTheirValuesAndWhy() throws IOException {
        Path file = compose("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    values: ["500ms", "2s"]
                    why: "each micro-batch pays a fixed storage cost; fewer, larger batches amortise it"
                  MAX_OFFSETS_PER_TRIGGER:
                    values: [200000, "0"]
                    why: >-
                      a cap keeps one slow batch
                      from growing the next
                """);
        SearchSpace space = SearchSpace.load(file, SearchSpace.blockBeside("x-spark-tuning"));
        assertThat(space.dimensions())
                .containsExactly(
                        new SearchSpace.Dimension(
                                "TRIGGER_INTERVAL",
                                List.of("500ms", "2s"),
                                "each micro-batch pays a fixed storage cost; fewer, larger batches amortise it"),
                        new SearchSpace.Dimension(
                                "MAX_OFFSETS_PER_TRIGGER",
                                List.of("200000", "0"),
                                "a cap keeps one slow batch from growing the next"));
        space.validateAgainst(Set.of("TRIGGER_INTERVAL", "MAX_OFFSETS_PER_TRIGGER", "SHUFFLE_PARTITIONS"));
    }

    @Test
    void aMissingBlockIsNamed() throws IOException {
        assertRejected("", "has no x-spark-search block");
    }

    @Test
    void anEmptyBlockIsRejected() throws IOException {
        assertRejected("x-spark-search: {}\n", "x-spark-search", "declares no knob");
    }

    @Test
    void aKnobWithoutValuesIsNamed() throws IOException {
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    why: "batches"
                """, "x-spark-search.TRIGGER_INTERVAL has no values");
    }

    @Test
    void emptyValuesAreRejected() throws IOException {
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    values: []
                    why: "batches"
                """, "x-spark-search.TRIGGER_INTERVAL.values is empty");
    }

    @Test
    void aValueThatIsNotAPlainScalarIsRejected() throws IOException {
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    values: ["0s", {at: "2s"}]
                    why: "batches"
                """, "x-spark-search.TRIGGER_INTERVAL.values has {\"at\":\"2s\"}", "plain value");
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    values: ["0s", ~]
                    why: "batches"
                """, "x-spark-search.TRIGGER_INTERVAL.values has an empty entry");
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    values: "2s"
                    why: "batches"
                """, "x-spark-search.TRIGGER_INTERVAL.values must be a list");
    }

    @Test
    void aMissingOrBlankWhyIsRejected() throws IOException {
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    values: ["2s"]
                """, "x-spark-search.TRIGGER_INTERVAL has no why");
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    values: ["2s"]
                    why: " "
                """, "x-spark-search.TRIGGER_INTERVAL.why must be a sentence");
    }

    @Test
    void aMisspeltFieldADuplicateValueAndADuplicateKnobAreRejected() throws IOException {
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    value: ["2s"]
                    why: "batches"
                """, "x-spark-search.TRIGGER_INTERVAL has an unknown key value");
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    values: ["2s", "2s"]
                    why: "batches"
                """, "lists 2s twice");
        assertRejected("""
                x-spark-search:
                  TRIGGER_INTERVAL:
                    values: ["2s"]
                    why: "batches"
                  TRIGGER_INTERVAL:
                    values: ["5s"]
                    why: "batches"
                """, "is not valid YAML", "TRIGGER_INTERVAL");
    }

    @Test
    void aKnobTheEngineDoesNotReadIsNamedWithTheClosestKnownName() throws IOException {
        Path file = compose("""
                x-spark-search:
                  TRIGGER_INTERVALL:
                    values: ["2s"]
                    why: "batches"
                  NO_SUCH_THING:
                    values: ["1"]
                    why: "none"
                """);
        SearchSpace space = SearchSpace.load(file, "x-spark-search");
        assertThatThrownBy(() -> space.validateAgainst(Set.of("TRIGGER_INTERVAL", "MAX_OFFSETS_PER_TRIGGER")))
                .isInstanceOf(ConfigException.class)
                .hasMessage(file + ": x-spark-search names knobs the engine does not read: "
                        + "TRIGGER_INTERVALL (did you mean TRIGGER_INTERVAL?), NO_SUCH_THING");
    }

    @Test
    void theRepositorysComposeFileParsesUnderDuplicateDetection() {
        Path composeFile = repositoryRoot().resolve("docker-compose.yml");
        assertThatThrownBy(() -> SearchSpace.load(composeFile, "x-no-such-search"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("has no x-no-such-search block");
    }

    @Test
    void theBlockSitsBesideTheTuningAnchor() {
        assertThat(SearchSpace.blockBeside("x-flink-tuning")).isEqualTo("x-flink-search");
        assertThatThrownBy(() -> SearchSpace.blockBeside("x-endpoints")).isInstanceOf(IllegalArgumentException.class);
    }

    /** Surefire runs in the module's directory; the compose file is at the top of the checkout. */
    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("docker-compose.yml"))) {
                return p;
            }
        }
        throw new AssertionError("no docker-compose.yml above " + Path.of("").toAbsolutePath());
    }
}
