package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TreeScanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import streambench.harness.engine.Engine;
import streambench.harness.engine.Engines;

/**
 * An engine is described once, in the registry: no other class of the harness spells an engine's id, label, jar
 * key or knob anchor as a string literal (they ask {@link Engines}). String literals are found by the JDK's own
 * parser, so comments and javadoc may still name engines.
 */
class EngineSpellingTest {
    private static final Path ROOT = Path.of("src/main/java");
    private static final Path REGISTRY = ROOT.resolve("streambench/harness/engine/Engines.java");

    @Test
    void onlyTheRegistrySpellsAnEngine() throws IOException {
        Set<String> spellings = new HashSet<>();
        for (Engine e : Engines.all()) {
            spellings.addAll(List.of(e.id(), e.label(), e.jarKey(), e.knobAnchor(), e.composeService()));
        }
        List<String> found = new ArrayList<>();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null);
                Stream<Path> walk = Files.walk(ROOT)) {
            List<Path> sources = walk.filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> !p.equals(REGISTRY))
                    .toList();
            JavacTask task = (JavacTask) javac.getTask(
                    null, files, null, List.of("-proc:none"), null, files.getJavaFileObjectsFromPaths(sources));
            for (CompilationUnitTree unit : task.parse()) {
                new TreeScanner<Void, Void>() {
                    @Override
                    public Void visitLiteral(LiteralTree literal, Void unused) {
                        if (literal.getValue() instanceof String s && spellings.contains(s)) {
                            found.add(unit.getSourceFile().getName() + ": \"" + s + "\"");
                        }
                        return null;
                    }
                }.scan(unit, null);
            }
        }
        assertThat(found).as("engine spellings outside %s", REGISTRY).isEmpty();
        assertThat(Files.readString(REGISTRY)).contains("\"spark-4.2\"");
    }
}
