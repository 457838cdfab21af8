package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The harness's packages form layers (each package-info.java says which): a class that reaches into a
 * package its own may not use fails the build here, so the structure stays as plain as it is documented.
 */
class PackageDependenciesTest {
    private static final Map<String, Set<String>> MAY_USE = Map.of(
            "delta", Set.of(),
            "analysis", Set.of("delta"),
            "search", Set.of(),
            "fault", Set.of("analysis"),
            "services", Set.of("analysis"),
            "engine", Set.of("services", "fault", "analysis", "delta"),
            "report", Set.of("engine", "fault", "analysis", "services", "delta", "search"),
            "cli", Set.of("engine", "fault", "analysis", "services", "delta", "report", "search"));

    private static final Pattern REFERENCE = Pattern.compile("streambench\\.harness\\.([a-z]+)\\.[A-Z]");

    @Test
    void everyPackageUsesOnlyWhatItsPackageInfoAllows() throws IOException {
        Path root = Path.of("src/main/java/streambench/harness");
        List<String> violations = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path relative = root.relativize(file);
                assertThat(relative.getNameCount())
                        .as("%s: every harness class lives in a package", relative)
                        .isGreaterThan(1);
                String own = relative.getName(0).toString();
                assertThat(MAY_USE)
                        .as("package %s is not in the layer map of this test", own)
                        .containsKey(own);
                Matcher m = REFERENCE.matcher(Files.readString(file));
                while (m.find()) {
                    String used = m.group(1);
                    if (!used.equals(own) && !MAY_USE.get(own).contains(used)) {
                        violations.add(relative + " uses " + used);
                    }
                }
            }
        }
        assertThat(violations).isEmpty();
    }
}
