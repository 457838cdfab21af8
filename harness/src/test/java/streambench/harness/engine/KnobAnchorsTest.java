package streambench.harness.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import streambench.services.ChildProcess;
import streambench.services.InstallLayout;

/**
 * Each knob is declared once, in its jar's code (a {@code KnobDef}), and the jar prints its declarations for
 * {@code --knobs}. Here every built jar is asked, and what it prints must be its docker-compose.yml anchor, name for
 * name and default for default, nothing missing and nothing extra: the container runs, the harness and the code
 * can never disagree. A second check keeps knobs from bypassing their declarations: no consumer or producer source
 * reads a variable with a default by a literal name (connection variables, without defaults, are not knobs).
 */
class KnobAnchorsTest {
    /** A knob line of the sheet: two spaces, NAME=default, then the form in parentheses. */
    private static final Pattern SHEET_LINE = Pattern.compile("^  ([A-Z][A-Z0-9_]*)=(.*?)    \\(.*\\)$");

    private static final Pattern LITERAL_READ = Pattern.compile("\\.env\\(\\s*\"[A-Z][A-Z0-9_]*\"");

    private static final InstallLayout LAYOUT = InstallLayout.load();

    static Stream<Arguments> jarsAndAnchors() {
        List<Arguments> out = new ArrayList<>();
        out.add(Arguments.of("producer", LAYOUT.producerJar(), "x-producer-tuning"));
        for (Engine engine : Engines.all()) {
            out.add(Arguments.of(engine.id(), LAYOUT.jar(engine.jarKey()), engine.knobAnchor()));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: --knobs matches {2}")
    @MethodSource("jarsAndAnchors")
    void whatTheJarDeclaresIsItsComposeAnchor(String who, Path jar, String anchor) throws Exception {
        Map<String, String> declared = sheetOf(jar);
        Map<String, String> inCompose =
                new TreeMap<>(KnobDefaults.load(LAYOUT.composeFile()).anchor(anchor));
        assertThat(declared).as("%s --knobs", jar.getFileName()).isNotEmpty();
        assertThat(declared.keySet())
                .as("knobs %s declares but %s lacks", jar.getFileName(), anchor)
                .isSubsetOf(inCompose.keySet());
        assertThat(inCompose.keySet())
                .as("knobs in %s that %s never reads", anchor, jar.getFileName())
                .isSubsetOf(declared.keySet());
        assertThat(declared)
                .as("defaults of %s vs %s", jar.getFileName(), anchor)
                .isEqualTo(inCompose);
    }

    @Test
    void noConsumerOrProducerReadsAVariableByALiteralName() throws IOException {
        Path root = LAYOUT.composeFile().getParent();
        List<String> offenders = new ArrayList<>();
        for (String module : List.of(
                "common",
                "delta-writer",
                "producer",
                "spark-consumer",
                "flink-consumer",
                "yardstick",
                "feldera-client")) {
            try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    Matcher m = LITERAL_READ.matcher(Files.readString(file));
                    while (m.find()) {
                        offenders.add(root.relativize(file) + ": " + m.group());
                    }
                }
            }
        }
        assertThat(offenders)
                .as("knobs are declared as a KnobDef and read through it, so --knobs lists every one")
                .isEmpty();
    }

    /** NAME to default, as the jar prints them for {@code --knobs}. */
    static Map<String, String> sheetOf(Path jar) throws Exception {
        Process p = new ProcessBuilder(ChildProcess.javaExecutable(), "-jar", jar.toString(), "--knobs")
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("%s --knobs ends", jar).isTrue();
        assertThat(p.exitValue())
                .as("%s --knobs exits 0; it printed:%n%s", jar, out)
                .isZero();
        Map<String, String> knobs = new TreeMap<>();
        for (String line : out.split("\\R")) {
            Matcher m = SHEET_LINE.matcher(line);
            if (m.matches()) {
                assertThat(knobs.put(m.group(1), m.group(2)))
                        .as("%s printed %s twice", jar, m.group(1))
                        .isNull();
            }
        }
        return knobs;
    }
}
