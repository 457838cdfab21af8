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
    /**
     * What each harness package may use of the harness and of the services module, which holds the processes
     * ({@code services}), the Delta reader ({@code services.delta}) and the producer's report, a record with no
     * process behind it ({@code services.ProducerReport}).
     */
    private static final Map<String, Set<String>> MAY_USE = Map.of(
            "analysis", Set.of("services.delta", "services.ProducerReport"),
            "search", Set.of(),
            "fault", Set.of("analysis"),
            "engine", Set.of("services", "services.delta", "services.ProducerReport", "fault", "analysis"),
            "report",
                    Set.of(
                            "engine",
                            "fault",
                            "analysis",
                            "services",
                            "services.delta",
                            "services.ProducerReport",
                            "search"),
            "cli",
                    Set.of(
                            "engine",
                            "fault",
                            "analysis",
                            "services",
                            "services.delta",
                            "services.ProducerReport",
                            "report",
                            "search"));

    private static final Pattern REFERENCE = Pattern.compile("streambench\\.(?:harness\\.([a-z]+)\\.[A-Z]"
            + "|(services\\.delta)\\.[A-Z]|(services\\.ProducerReport)\\b|(services)\\.[A-Z])");

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
                    String used = java.util.stream.IntStream.rangeClosed(1, 4)
                            .mapToObj(m::group)
                            .filter(java.util.Objects::nonNull)
                            .findFirst()
                            .orElseThrow();
                    if (!used.equals(own) && !MAY_USE.get(own).contains(used)) {
                        violations.add(relative + " uses " + used);
                    }
                }
            }
        }
        assertThat(violations).isEmpty();
    }
}
