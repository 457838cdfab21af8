package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.LineMap;
import com.sun.source.tree.MethodTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * No harness method over 60 lines, and {@code EngineRun} under 250: the class every new engine or fault touches
 * stays a list of phases. Methods are found by the JDK's own parser, so a brace in a string cannot fool the count.
 *
 * <p>{@link #LONGER_TODAY} lists the methods that were longer when the rule came in, with their length then: each
 * may only shrink, and leaves the list once it fits. A new method over the limit fails here.
 */
class MethodLengthTest {
    private static final int MAX_LINES = 60;
    private static final Path ROOT = Path.of("src/main/java");

    private static final Map<String, Integer> LONGER_TODAY = Map.of();

    @Test
    void noMethodGrowsPastTheLimitAndTheLongOnesOnlyShrink() throws IOException {
        Map<String, Integer> lengths = methodLengths();
        Map<String, Integer> tooLong = new TreeMap<>();
        lengths.forEach((method, lines) -> {
            if (lines > LONGER_TODAY.getOrDefault(method, MAX_LINES)) {
                tooLong.put(method, lines);
            }
        });
        assertThat(tooLong)
                .as("methods longer than %d lines (or than they were when the rule came in): split them", MAX_LINES)
                .isEmpty();
        Map<String, Integer> fitNow = new TreeMap<>();
        LONGER_TODAY.forEach((method, was) -> {
            int now = lengths.getOrDefault(method, 0);
            if (now <= MAX_LINES) {
                fitNow.put(method, now);
            }
        });
        assertThat(fitNow)
                .as("methods of LONGER_TODAY that now fit in %d lines (or are gone): take them off the list", MAX_LINES)
                .isEmpty();
    }

    @Test
    void anEngineRunIsAListOfPhases() throws IOException {
        assertThat(Files.readAllLines(ROOT.resolve("streambench/harness/engine/EngineRun.java")))
                .hasSizeLessThan(250);
    }

    /** Every method and constructor of the harness's main sources: {@code package.Class.method} to its lines. */
    private static Map<String, Integer> methodLengths() throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Map<String, Integer> lengths = new TreeMap<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null);
                Stream<Path> walk = Files.walk(ROOT)) {
            List<Path> sources =
                    walk.filter(p -> p.toString().endsWith(".java")).toList();
            JavacTask task = (JavacTask) javac.getTask(
                    null, files, null, List.of("-proc:none"), null, files.getJavaFileObjectsFromPaths(sources));
            SourcePositions positions = Trees.instance(task).getSourcePositions();
            for (CompilationUnitTree unit : task.parse()) {
                LineMap lines = unit.getLineMap();
                String pkg = unit.getPackageName() == null ? "" : unit.getPackageName() + ".";
                new TreePathScanner<Void, String>() {
                    @Override
                    public Void visitClass(ClassTree c, String outer) {
                        return super.visitClass(c, outer + c.getSimpleName() + ".");
                    }

                    @Override
                    public Void visitMethod(MethodTree m, String owner) {
                        if (m.getBody() != null) {
                            long start = lines.getLineNumber(positions.getStartPosition(unit, m));
                            long end = lines.getLineNumber(positions.getEndPosition(unit, m));
                            lengths.merge(owner + m.getName(), (int) (end - start + 1), Math::max);
                        }
                        return super.visitMethod(m, owner);
                    }
                }.scan(unit, pkg);
            }
        }
        return lengths;
    }
}
