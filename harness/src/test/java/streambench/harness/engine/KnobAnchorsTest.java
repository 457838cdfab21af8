package streambench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import streambench.harness.services.InstallLayout;

/**
 * Every knob an engine's code (or the producer's) reads with {@code env("NAME", "default")} is declared under
 * that engine's anchor in docker-compose.yml with the same default, and the anchor declares nothing the
 * code does not read: the container runs, the harness and the code can never disagree.
 */
class KnobAnchorsTest {
    /** {@code env("NAME", "default")}, or {@code env(NAME, "default")} with NAME a constant of ConsumerContract. */
    private static final Pattern ENV_READ = Pattern.compile(
            "\\benv\\(\\s*(?:\"([A-Z][A-Z0-9_]*)\"|(?:ConsumerContract\\.)?([A-Z][A-Z0-9_]*))\\s*,\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|[^)]*)\\)");

    private static final Pattern CONSTANT = Pattern.compile("static final String ([A-Z][A-Z0-9_]*) = \"([^\"]*)\";");

    /** What every consumer reads the same way: HEALTH_PORT, under each consumer's anchor. */
    private static final String CONTRACT = "common/src/main/java/streambench/common/ConsumerContract.java";
    /** Knobs every JVM consumer reads through common's ConsumerKnobs: they belong under Spark's and Flink's anchors. */
    private static final String JVM_CONSUMERS = "common/src/main/java/streambench/common/ConsumerKnobs.java";
    /** Knobs of our Delta writer, read the same way by every consumer that writes through it: Flink's sink, the yardstick. */
    private static final String DELTA_WRITER =
            "delta-writer/src/main/java/streambench/deltawriter/DeltaWriterKnobs.java";

    @ParameterizedTest(name = "{0} matches {1}")
    @CsvSource({
        "spark-consumer/src/main/java, x-spark-tuning, " + CONTRACT + ";" + JVM_CONSUMERS,
        "flink-consumer/src/main/java, x-flink-tuning, " + CONTRACT + ";" + JVM_CONSUMERS + ";" + DELTA_WRITER,
        "yardstick/src/main/java, x-yardstick-tuning, " + CONTRACT + ";" + JVM_CONSUMERS + ";" + DELTA_WRITER,
        "feldera-client/src/main/java, x-feldera-tuning, " + CONTRACT,
        "producer/src/main/java, x-producer-tuning, "
    })
    void codeDefaultsMatchTheComposeAnchor(String sources, String anchor, String shared) throws IOException {
        InstallLayout layout = InstallLayout.load();
        Path root = layout.composeFile().getParent();
        Map<String, String> names = constantsIn(root.resolve(CONTRACT));
        Map<String, String> inCode = knobsReadIn(root.resolve(sources), names);
        for (String file : shared == null ? new String[0] : shared.split(";")) {
            Map<String, String> sharedKnobs = knobsReadIn(root.resolve(file), names);
            sharedKnobs.forEach((name, value) -> assertThat(inCode.getOrDefault(name, value))
                    .as("%s is read in %s and in %s with two defaults", name, sources, file)
                    .isEqualTo(value));
            inCode.putAll(sharedKnobs);
        }
        Map<String, String> inCompose =
                new TreeMap<>(KnobDefaults.load(layout.composeFile()).anchor(anchor));
        assertThat(inCode).as("knobs read in %s", sources).isNotEmpty();
        assertThat(inCode.keySet())
                .as("knobs read in %s but missing from %s", sources, anchor)
                .isSubsetOf(inCompose.keySet());
        assertThat(inCompose.keySet())
                .as("knobs in %s that %s never reads", anchor, sources)
                .isSubsetOf(inCode.keySet());
        assertThat(inCode).as("defaults in %s vs %s", sources, anchor).isEqualTo(inCompose);
    }

    /** {@code constants}: the variable names ConsumerContract declares, by constant. */
    static Map<String, String> knobsReadIn(Path dir, Map<String, String> constants) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = ENV_READ.matcher(Files.readString(file));
                while (m.find()) {
                    String name = m.group(1) != null ? m.group(1) : constants.get(m.group(2));
                    assertThat(name)
                            .as(
                                    "%s: the name %s is neither a literal nor a constant of ConsumerContract",
                                    file, m.group(2))
                            .isNotNull();
                    String literal = m.group(3).trim();
                    assertThat(literal)
                            .as("%s: the default of %s must be a string literal", file, name)
                            .startsWith("\"");
                    String value = literal.substring(1, literal.length() - 1);
                    String previous = out.put(name, value);
                    assertThat(previous == null || previous.equals(value))
                            .as("%s is read with two defaults: %s and %s", name, previous, value)
                            .isTrue();
                }
            }
        }
        return out;
    }

    private static Map<String, String> constantsIn(Path file) throws IOException {
        Map<String, String> out = new TreeMap<>();
        Matcher m = CONSTANT.matcher(Files.readString(file));
        while (m.find()) {
            out.put(m.group(1), m.group(2));
        }
        return out;
    }
}
