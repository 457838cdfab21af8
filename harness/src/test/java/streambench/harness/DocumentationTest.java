package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import streambench.services.InstallLayout;

/**
 * The front door and the figures behind it: every relative link in a README or a page of docs/ resolves, the README
 * carries no dated narrative, and every reference result folder (what the docs cite) has its manifest and README
 * and is listed in the index, {@code reference/README.md}.
 */
class DocumentationTest {
    /** {@code [text](target)}: the target up to a space, a closing parenthesis or an anchor. */
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+)(#[^)\\s]*)?\\)");

    private static final Path ROOT = InstallLayout.load().composeFile().getParent();

    @Test
    void everyRelativeLinkInTheReadmesAndDocsResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path file : markdown()) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = LINK.matcher(lines.get(i));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.contains("://") || target.startsWith("mailto:")) {
                        continue;
                    }
                    Path resolved = file.getParent().resolve(target).normalize();
                    if (!Files.exists(resolved)) {
                        broken.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + target);
                    }
                }
            }
        }
        assertThat(broken).as("relative links that lead nowhere").isEmpty();
    }

    @Test
    void theReadmeSaysWhereThingsStandNotWhatHappenedThisMorning() throws IOException {
        List<String> dated = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8).stream()
                .filter(l -> l.toLowerCase(java.util.Locale.ROOT)
                        .matches(".*(today|this morning|last night|tonight|this session).*"))
                .toList();
        assertThat(dated).as("dated narrative belongs in docs/findings/").isEmpty();
    }

    @Test
    void everyReferenceResultHasItsManifestAndReadmeAndIsInTheIndex() throws IOException {
        Path reference = ROOT.resolve("reference");
        assertThat(reference.resolve("README.md")).exists();
        String index = Files.readString(reference.resolve("README.md"), StandardCharsets.UTF_8);
        List<String> problems = new ArrayList<>();
        try (Stream<Path> folders = Files.list(reference)) {
            for (Path folder : folders.filter(Files::isDirectory).sorted().toList()) {
                String name = folder.getFileName().toString();
                if (!name.matches("\\d{4}-\\d{2}-\\d{2}-[a-z0-9.-]+-(run|capacity|tune|producer-bench)-[a-z0-9-]+")) {
                    problems.add(name + ": not named YYYY-MM-DD-<engine>-<kind>-<slug>");
                }
                for (Path manifest : manifests(folder)) {
                    if (!Files.exists(manifest)) {
                        problems.add(ROOT.relativize(manifest) + ": missing");
                    } else if (!Files.readString(manifest).contains("\"commit\"")) {
                        problems.add(ROOT.relativize(manifest) + ": names no commit");
                    }
                }
                if (!Files.exists(folder.resolve("README.md"))) {
                    problems.add(name + ": no README.md (question, answer, superseded by)");
                }
                if (!index.contains("(" + name + "/") && !index.contains("(" + name + ")")) {
                    problems.add(name + ": not in reference/README.md");
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    /**
     * A folder holds one result, with its manifest, or a series of runs (repeats of one command, say), one per
     * subfolder, each with its own: a manifest describes the run that wrote it, never a series.
     */
    private static List<Path> manifests(Path folder) throws IOException {
        if (Files.exists(folder.resolve("manifest.json"))) {
            return List.of(folder.resolve("manifest.json"));
        }
        try (Stream<Path> runs = Files.list(folder)) {
            List<Path> each = runs.filter(Files::isDirectory)
                    .map(d -> d.resolve("manifest.json"))
                    .sorted()
                    .toList();
            return each.isEmpty() ? List.of(folder.resolve("manifest.json")) : each;
        }
    }

    /** README.md, every module's README and every page under docs/. */
    private static List<Path> markdown() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            files.filter(f -> f.toString().endsWith(".md"))
                    .filter(f -> ROOT.relativize(f).getNameCount() <= 2
                            || ROOT.relativize(f).startsWith("docs")
                            || ROOT.relativize(f).startsWith("reference"))
                    .filter(f -> !f.toString().contains("/node_modules/")
                            && !f.toString().contains("/target/"))
                    .forEach(out::add);
        }
        return out;
    }
}
