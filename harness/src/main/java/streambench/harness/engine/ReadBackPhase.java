package streambench.harness.engine;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicReference;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.ReadBack;
import streambench.services.ChildProcess;
import streambench.services.InstallLayout;
import streambench.services.ProducerReport;

/**
 * After the drain, with the consumer stopped: the table's last minutes of load read back by the readers a user
 * would query it with, each a fresh JVM from a consumer's jar ({@link ReadBack}): Delta Kernel (the yardstick's jar)
 * and Spark 3.5's. What a stream's small files and long log cost whoever reads the table is part of its price.
 * A reader whose jar is not built is said and skipped; one that fails is said with its log and fails nothing.
 */
final class ReadBackPhase {
    /** A reader: what it is called and the jar that holds it. */
    record Reader(String label, String jarKey) {}

    private static final Duration TIMEOUT = Duration.ofMinutes(10);

    private final InstallLayout layout;
    private final Map<String, String> lakeEnv;
    private final RunDirectory dir;
    private final String heap;
    private final PrintStream out;

    /**
     * @param knobs       the engine's knobs as its consumer got them ({@code --set} included: the lake's path and
     *                    account may be among them)
     * @param endpointEnv where Kafka and the lake are, as the consumer was told
     */
    ReadBackPhase(
            InstallLayout layout,
            Map<String, String> knobs,
            Map<String, String> endpointEnv,
            RunDirectory dir,
            String heap,
            PrintStream out) {
        this.layout = layout;
        this.lakeEnv = new LinkedHashMap<>(knobs);
        this.lakeEnv.putAll(endpointEnv);
        this.dir = dir;
        this.heap = heap;
        this.out = out;
    }

    /**
     * Every reader's report on the rows of {@code tablePath} due in the last {@code seconds} of {@code producer}'s
     * schedule (the whole of it when shorter); nothing when {@code seconds} is 0.
     */
    List<ReadBack.Report> read(
            Engine engine, String tablePath, ProducerReport producer, long durationSeconds, long seconds)
            throws InterruptedException {
        if (seconds <= 0) {
            return List.of();
        }
        long fromMicros = fromMicros(producer.startMicros(), durationSeconds, seconds);
        out.printf(
                Locale.ROOT,
                "  reading back the last %d s of the load (ts from %s on), a fresh JVM per reader ...%n",
                Math.min(seconds, durationSeconds),
                Instant.EPOCH.plus(fromMicros, ChronoUnit.MICROS));
        Map<String, String> env = env(tablePath, fromMicros);
        List<ReadBack.Report> reports = new ArrayList<>();
        for (Reader reader : Engines.readers()) {
            try {
                readOne(engine, reader, env).ifPresent(reports::add);
            } catch (RuntimeException e) {
                out.println("  read back: " + reader.label() + " failed: " + e.getMessage());
            }
        }
        return reports;
    }

    /** The first µs read back: {@code seconds} before the schedule's end, never before its start. */
    static long fromMicros(long startMicros, long durationSeconds, long seconds) {
        return startMicros + Math.max(0, durationSeconds - seconds) * 1_000_000L;
    }

    /** A reader's environment: the consumer's knobs and endpoints, the table and the time to read from. */
    Map<String, String> env(String tablePath, long fromMicros) {
        Map<String, String> env = new LinkedHashMap<>(lakeEnv);
        env.put(ConsumerContract.TABLE_PATH, tablePath);
        env.put(ReadBack.FROM_MICROS, Long.toString(fromMicros));
        return env;
    }

    private Optional<ReadBack.Report> readOne(Engine engine, Reader reader, Map<String, String> env)
            throws InterruptedException {
        Path jar;
        try {
            jar = layout.jar(reader.jarKey());
        } catch (ConfigException e) {
            out.println("  read back: " + reader.label() + " not run: " + e.getMessage());
            return Optional.empty();
        }
        AtomicReference<ReadBack.Report> report = new AtomicReference<>();
        AtomicReference<String> broken = new AtomicReference<>();
        Path log = dir.file(engine.id() + "-read-back-" + reader.jarKey().replaceAll("\\.jar$", "") + ".log");
        List<String> command = List.of(
                ChildProcess.javaExecutable(), "-Xmx" + heap, "-XX:+UseG1GC", "-jar", jar.toString(), ReadBack.ARG);
        try (ChildProcess child = ChildProcess.start("read-back-" + reader.jarKey(), command, env, null, log, line -> {
            try {
                ReadBack.Report.parse(line).ifPresent(report::set);
            } catch (IllegalArgumentException e) {
                broken.set(line); // said below, with the log
            }
        })) {
            OptionalInt exit = child.waitFor(TIMEOUT);
            if (exit.isEmpty()) {
                out.printf(
                        Locale.ROOT,
                        "  read back: %s did not finish in %d min; see %s%n",
                        reader.label(),
                        TIMEOUT.toMinutes(),
                        log);
                return Optional.empty();
            }
            if (exit.getAsInt() != 0 || report.get() == null) {
                out.println("  read back: " + reader.label() + " failed "
                        + (broken.get() == null ? "" : "(a broken report: " + broken.get() + ") ")
                        + child.howItEnded());
                return Optional.empty();
            }
        }
        out.println("  read back: " + report.get().describe());
        return Optional.of(report.get());
    }
}
