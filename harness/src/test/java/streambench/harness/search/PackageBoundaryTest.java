package streambench.harness.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package may use the JDK, Jackson and common's ConfigException and nothing else of the project,
 * as its package-info says: the CLI depends on it, and a dependency back would tie the search logic to
 * the classes around a real run, which the model-engine tests are meant to do without.
 */
class PackageBoundaryTest {
    private static final Pattern IMPORT = Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+)", Pattern.MULTILINE);
    /** Catches fully qualified names too, which need no import. */
    private static final Pattern PROJECT_NAME = Pattern.compile("\\bstreambench\\.[\\w.]+");

    @Test
    void importsOnlyTheJdkJacksonAndConfigException() throws IOException {
        Path sources = Path.of("src/main/java/streambench/harness/search");
        assertThat(sources)
                .as("run from the harness module's directory, as surefire does")
                .isDirectory();
        List<String> foreign = new ArrayList<>();
        try (Stream<Path> files = Files.list(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(file);
                Matcher m = IMPORT.matcher(text);
                while (m.find()) {
                    String imported = m.group(1);
                    if (!(imported.startsWith("java.")
                            || imported.startsWith("com.fasterxml.jackson.")
                            || imported.startsWith("streambench."))) {
                        foreign.add(file.getFileName() + ": " + imported);
                    }
                }
                Matcher names = PROJECT_NAME.matcher(text);
                while (names.find()) {
                    String name = names.group();
                    if (!(name.startsWith("streambench.harness.search")
                            || name.equals("streambench.common.ConfigException"))) {
                        foreign.add(file.getFileName() + ": " + name);
                    }
                }
            }
        }
        assertThat(foreign).isEmpty();
    }
}
