package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import streambench.services.InstallLayout;

/**
 * Everything a user needs is in the repository: no README, doc, source, pom, compose file or Dockerfile
 * may send the reader to a design or style document that lives outside it. The explanations belong in
 * {@code docs/}. The forbidden strings are built from pieces so that this file does not contain them.
 */
class RepositoryStandsAloneTest {
    private static final List<String> OUTSIDE_REFERENCES = List.of(".." + "/shared", "DESIGN" + ".md", "STYLE" + ".md");

    /** Build output, installed packages, VCS data, local run output, IDE files. */
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", "node_modules", ".git", "runs", ".idea");

    @Test
    void noFileRefersToDocumentsOutsideTheRepository() throws IOException {
        Path root = InstallLayout.load().composeFile().getParent();
        List<Path> files = textFiles(root);
        assertThat(files)
                .as("files checked under %s", root)
                .contains(
                        root.resolve("README.md"),
                        root.resolve("docs/README.md"),
                        root.resolve("pom.xml"),
                        root.resolve("docker-compose.yml"));

        List<String> hits = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                for (String reference : OUTSIDE_REFERENCES) {
                    if (lines.get(i).contains(reference)) {
                        hits.add(root.relativize(file) + ":" + (i + 1) + ": "
                                + lines.get(i).strip());
                    }
                }
            }
        }
        assertThat(hits)
                .as("references to documents outside the repository; explain it in docs/ and point there")
                .isEmpty();
    }

    /** READMEs and other Markdown, Java sources, poms, YAML, properties, Dockerfiles and the env template. */
    static List<Path> textFiles(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<Path>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                return !dir.equals(root)
                                && SKIPPED_DIRECTORIES.contains(
                                        dir.getFileName().toString())
                        ? FileVisitResult.SKIP_SUBTREE
                        : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile() && isChecked(file.getFileName().toString())) {
                    out.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        out.sort(null);
        return out;
    }

    static boolean isChecked(String name) {
        return name.startsWith("README")
                || name.endsWith(".md")
                || name.endsWith(".java")
                || name.equals("pom.xml")
                || name.endsWith(".yml")
                || name.endsWith(".yaml")
                || name.endsWith(".properties")
                || name.startsWith("Dockerfile")
                || name.equals(".env.template");
    }
}
