package streambench.services;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import streambench.common.ParentWatch;
import streambench.common.Secrets;

/**
 * A process the harness started: its output goes line by line to a log file (and to an optional
 * listener), and it is stopped, with its descendants, when the harness ends (normal exit, exception,
 * Ctrl-C), so no broker or consumer outlives a run. A SIGKILL runs no shutdown hook: for that, each child
 * watches the harness itself ({@link ParentWatch}): its standard input is a pipe from the harness that is
 * never written and never closed while it runs (RUNNING keeps it reachable, so no collector closes it),
 * and {@code STREAMBENCH_PARENT_PIPE=1} tells it to end when that pipe ends. Our own mains do that
 * themselves; other JVMs run through {@link #watchedJava}, Node through {@link #watchedNode}.
 */
public final class ChildProcess implements AutoCloseable {
    private static final Set<ChildProcess> RUNNING = ConcurrentHashMap.newKeySet();
    private static final int TAIL_LINES = 40;
    /**
     * The most a child's log file takes: a consumer stuck in a loop of warnings, over a long capacity search,
     * filled the disk. Past it the lines still reach the listener and the in-memory tail, not the file. Tests
     * lower it.
     */
    static volatile long logCapBytes = 256L * 1024 * 1024;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ChildProcess::stopAll, "stop-child-processes"));
    }

    private final String name;
    private final Process process;
    private final Path logFile;
    private final Thread pump;
    private final Deque<String> tail = new ArrayDeque<>();
    /** Set by the first stop or kill: whether the process had already exited by itself then. */
    private volatile Boolean exitedBeforeStop;

    private ChildProcess(String name, Process process, Path logFile, Consumer<String> listener) {
        this.name = name;
        this.process = process;
        this.logFile = logFile;
        this.pump = new Thread(() -> pump(listener), name + "-output");
        this.pump.setDaemon(true);
        this.pump.start();
    }

    /**
     * Starts {@code command} with the harness's environment plus {@code env}; stdout and stderr go to
     * {@code logFile} (appended) and, line by line, to {@code listener} if not null.
     */
    public static ChildProcess start(
            String name,
            List<String> command,
            Map<String, String> env,
            Path workDir,
            Path logFile,
            Consumer<String> listener) {
        try {
            Files.createDirectories(logFile.toAbsolutePath().getParent());
            if (!Files.exists(logFile)) {
                Files.createFile(logFile); // exists from the start, so callers can watch it
            }
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
            if (workDir != null) {
                pb.directory(workDir.toFile());
            }
            pb.environment().putAll(env);
            pb.environment().put(ParentWatch.ENV, "1"); // stdin stays the default: a pipe from us
            ChildProcess child = new ChildProcess(name, pb.start(), logFile, listener);
            RUNNING.add(child);
            return child;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + " (" + command.get(0) + "): " + e.getMessage(), e);
        }
    }

    /**
     * {@code java <jvmArgs> -cp <classpath> <mainClass> <args>} for a main that is not ours (Kafka's broker and
     * tools): run through {@link ParentWatch}'s launcher, whose class joins the classpath (common is JDK-only,
     * so it meets nothing there), so that it too ends when the harness is gone. Same JVM, same pid.
     */
    public static List<String> watchedJava(
            List<String> jvmArgs, String classpath, String mainClass, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(javaExecutable());
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classpath + java.io.File.pathSeparator + codeLocation(ParentWatch.class));
        command.add(ParentWatch.class.getName());
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /**
     * {@code node --require <parent-watch.cjs> <args>}: Node programs we do not write (Azurite) get the same
     * watch as a module loaded before their own code. Same process, same pid.
     */
    static List<String> watchedNode(String node, Path parentWatchModule, List<String> args) {
        List<String> command = new ArrayList<>(List.of(node, "--require", parentWatchModule.toString()));
        command.addAll(args);
        return command;
    }

    /** The jar or classes directory a class was loaded from. */
    static String codeLocation(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            throw new IllegalStateException("cannot tell where " + type.getName() + " was loaded from: " + e, e);
        }
    }

    /** The java executable of the JVM running the harness, so children use the same JDK. */
    public static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Path logFile() {
        return logFile;
    }

    /** Exit code, or empty while running after {@code timeout}. */
    public java.util.OptionalInt waitFor(Duration timeout) throws InterruptedException {
        if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            pump.join(2_000); // let the last lines reach the log and listener
            return java.util.OptionalInt.of(process.exitValue());
        }
        return java.util.OptionalInt.empty();
    }

    /**
     * For a process that ended: {@code (exit N); the end of <log>:} and the log's last lines, indented, with
     * secret-looking values masked.
     */
    public String howItEnded() throws InterruptedException {
        java.util.OptionalInt exit = waitFor(Duration.ofSeconds(5));
        String code = exit.isPresent() ? "exit " + exit.getAsInt() : "still running";
        StringBuilder b = new StringBuilder("(" + code + "); the end of " + logFile + ":");
        Secrets.redactText(logTail())
                .lines()
                .forEach(line ->
                        b.append(System.lineSeparator()).append("    | ").append(line));
        return b.toString();
    }

    /** Answers whether the process serves yet; an exception counts as "not yet". */
    @FunctionalInterface
    public interface ReadinessProbe {
        boolean ready() throws Exception;
    }

    /** Polls {@code probe} until it says ready; fails with the log's tail when the process exits or time runs out. */
    public void awaitReady(Duration timeout, ReadinessProbe probe) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (!isAlive()) {
                throw new IllegalStateException(
                        name + " exited before it was ready; see " + logFile + ":\n" + logTail());
            }
            try {
                if (probe.ready()) {
                    return;
                }
            } catch (Exception notYet) {
                // still starting
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + " was not ready within " + timeout.toSeconds() + " s; see "
                        + logFile + ":\n" + logTail());
            }
            Thread.sleep(250);
        }
    }

    /** The last lines the process printed, for error messages. */
    public String logTail() {
        synchronized (tail) {
            return String.join(System.lineSeparator(), new ArrayList<>(tail));
        }
    }

    /**
     * Whether the process ended on its own before the harness stopped it (a crash, not a stop); false while
     * it runs and when the harness stopped a live process.
     */
    public boolean exitedOnItsOwn() {
        Boolean before = exitedBeforeStop;
        return before != null ? before : !process.isAlive();
    }

    private void noteStop() {
        if (exitedBeforeStop == null) {
            exitedBeforeStop = !process.isAlive();
        }
    }

    /** SIGTERM to the process and its descendants, then SIGKILL after {@code grace}. */
    public void stop(Duration grace) {
        noteStop();
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        descendants.forEach(ProcessHandle::destroy);
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        RUNNING.remove(this);
    }

    /** SIGKILL, no grace: what a crash or an OOM killer does. */
    public void kill() throws InterruptedException {
        noteStop();
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
        process.waitFor(10, TimeUnit.SECONDS);
        RUNNING.remove(this);
    }

    @Override
    public void close() {
        stop(Duration.ofSeconds(15));
    }

    public static void stopAll() {
        for (ChildProcess child : List.copyOf(RUNNING)) {
            child.stop(Duration.ofSeconds(10));
        }
    }

    private void pump(Consumer<String> listener) {
        try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                BufferedWriter log = Files.newBufferedWriter(
                        logFile, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            long cap = logCapBytes;
            long written = Files.size(logFile);
            boolean capped = false;
            String line;
            while ((line = in.readLine()) != null) {
                if (!capped) {
                    // chars, not bytes: close enough for a bound, and no encoding pass per line
                    written += line.length() + 1;
                    if (written > cap) {
                        capped = true;
                        log.write("[streambench: this log reached " + cap / (1024 * 1024) + " MiB (" + cap
                                + " bytes); later lines are not written here]");
                    } else {
                        log.write(line);
                    }
                    log.newLine();
                    log.flush();
                }
                synchronized (tail) {
                    if (tail.size() == TAIL_LINES) {
                        tail.removeFirst();
                    }
                    tail.addLast(line);
                }
                if (listener != null) {
                    listener.accept(line);
                }
            }
        } catch (IOException e) {
            // the process closed its output or the log became unwritable; the exit code tells the rest
        }
    }
}
