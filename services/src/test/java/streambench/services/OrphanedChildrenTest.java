package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A harness killed with SIGKILL runs no shutdown hook, so it cannot stop its children: each child must see
 * that its parent is gone and stop by itself. {@link Fixture} stands in for the harness and starts, through
 * ChildProcess as the harness does, one child of each kind: a JVM of ours (as the producer and consumers),
 * a JVM that is not ours (as Kafka's broker) and Node (as Azurite). The test kills the fixture alone.
 */
class OrphanedChildrenTest {
    private static final Duration DEADLINE = Duration.ofSeconds(20);

    @Test
    void childrenOfAKilledHarnessStopByThemselves(@TempDir Path dir) throws Exception {
        ChildProcess harness = ChildProcess.start(
                "fake-harness",
                List.of(
                        ChildProcess.javaExecutable(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Fixture.class.getName(),
                        dir.toString()),
                Map.of(),
                null,
                dir.resolve("fake-harness.log"),
                null);
        List<Long> children = new ArrayList<>();
        try {
            children.addAll(awaitChildren(harness));
            assertThat(children).hasSize(3).allMatch(OrphanedChildrenTest::running);

            ProcessHandle.of(harness.pid()).orElseThrow().destroyForcibly(); // SIGKILL, to the harness only
            assertThat(harness.waitFor(Duration.ofSeconds(10))).isPresent();

            long deadline = System.nanoTime() + DEADLINE.toNanos();
            while (children.stream().anyMatch(OrphanedChildrenTest::running) && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertThat(children)
                    .as("children still running %s after the harness was killed; their logs:%n%s", DEADLINE, logs(dir))
                    .noneMatch(OrphanedChildrenTest::running);
        } finally {
            children.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
            harness.stop(Duration.ofSeconds(5));
        }
    }

    /** The pids the fixture prints once every child runs. */
    private static List<Long> awaitChildren(ChildProcess harness) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            Optional<String> line = Files.readAllLines(harness.logFile()).stream()
                    .filter(l -> l.startsWith("children: "))
                    .findFirst();
            if (line.isPresent()) {
                return java.util.Arrays.stream(line.get().substring(10).trim().split(" "))
                        .map(Long::valueOf)
                        .toList();
            }
            assertThat(harness.isAlive())
                    .as("the fake harness exited early:%n%s", harness.logTail())
                    .isTrue();
            Thread.sleep(100);
        }
        throw new AssertionError("the fake harness started no children within 60 s:\n" + harness.logTail());
    }

    /** Alive and not a zombie: an orphan's new parent may be slow to reap it, but a zombie runs nothing. */
    static boolean running(long pid) {
        if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return false; // gone between the two looks
        }
    }

    private static String logs(Path dir) throws IOException {
        StringBuilder out = new StringBuilder();
        try (var files = Files.list(dir)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".log")).sorted().toList()) {
                out.append("== ").append(f.getFileName()).append('\n').append(Files.readString(f));
            }
        }
        return out.toString();
    }

    /** The harness stand-in: starts one child of each kind and waits to be killed. */
    static final class Fixture {
        public static void main(String[] args) throws Exception {
            Path dir = Path.of(args[0]);
            String classpath = System.getProperty("java.class.path");
            String java = ChildProcess.javaExecutable();
            ChildProcess ours = ChildProcess.start(
                    "ours",
                    List.of(java, "-Xmx32m", "-cp", classpath, Sleeper.class.getName(), "watch"),
                    Map.of(),
                    null,
                    dir.resolve("ours.log"),
                    null);
            ChildProcess foreign = ChildProcess.start(
                    "foreign",
                    ChildProcess.watchedJava(List.of("-Xmx32m"), classpath, Sleeper.class.getName(), List.of("plain")),
                    Map.of(),
                    null,
                    dir.resolve("foreign.log"),
                    null);
            ChildProcess node = ChildProcess.start(
                    "node",
                    ChildProcess.watchedNode(
                            NodeRuntime.forAzurite(InstallLayout.load()).executable(),
                            InstallLayout.load().nodeParentWatch(),
                            List.of("-e", "console.log('sleeping'); setInterval(() => {}, 1000)")),
                    Map.of(),
                    null,
                    dir.resolve("node.log"),
                    null);
            for (ChildProcess c : List.of(ours, foreign, node)) {
                // started and past the point where the watch begins: the test must kill a running harness
                c.awaitReady(
                        Duration.ofSeconds(30),
                        () -> Files.readString(c.logFile()).contains("sleeping"));
            }
            System.out.println("children: " + ours.pid() + " " + foreign.pid() + " " + node.pid());
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    /** A child JVM that sleeps: "watch" calls ParentWatch as our mains do, "plain" does not, as Kafka's do not. */
    static final class Sleeper {
        public static void main(String[] args) throws InterruptedException {
            if (args[0].equals("watch")) {
                streambench.common.ParentWatch.start();
            }
            System.out.println("sleeping");
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
