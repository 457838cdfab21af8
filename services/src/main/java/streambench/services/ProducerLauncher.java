package streambench.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import streambench.common.ConsumerContract;

/** Runs the producer jar as a child process for a fixed duration and reads its summary. */
public final class ProducerLauncher {
    /** Beyond the scheduled duration: JVM start, connection check, flush and close. */
    private static final Duration OVERHEAD = Duration.ofSeconds(90);

    public record Request(String topic, long rate, long durationSeconds, int messageBytes, Map<String, String> knobs) {}

    public record Outcome(int exitCode, Optional<ProducerReport> report, String logTail) {
        public boolean succeeded() {
            return exitCode == ConsumerContract.EXIT_OK
                    && report.isPresent()
                    && report.get().completedSchedule();
        }
    }

    private final InstallLayout layout;
    private final Map<String, String> endpointEnv;

    public ProducerLauncher(InstallLayout layout, Map<String, String> endpointEnv) {
        this.layout = layout;
        this.endpointEnv = endpointEnv;
    }

    public Outcome run(Request request, Path summaryFile, Path logFile, Consumer<String> lines)
            throws InterruptedException {
        return run(request, summaryFile, logFile, lines, pid -> {});
    }

    /** As above; {@code started} is told the producer's pid as soon as it runs (e.g. to sample its CPU). */
    public Outcome run(
            Request request,
            Path summaryFile,
            Path logFile,
            Consumer<String> lines,
            java.util.function.LongConsumer started)
            throws InterruptedException {
        Map<String, String> env = new LinkedHashMap<>(endpointEnv);
        env.putAll(request.knobs());
        env.put(ConsumerContract.TOPIC, request.topic());
        env.put("RATE", Long.toString(request.rate()));
        env.put("DURATION_S", Long.toString(request.durationSeconds()));
        env.put("MESSAGE_BYTES", Integer.toString(request.messageBytes()));
        env.put("PRODUCER_SUMMARY_FILE", summaryFile.toAbsolutePath().toString());
        try {
            Files.deleteIfExists(summaryFile);
        } catch (IOException e) {
            throw new IllegalStateException("cannot remove the old summary " + summaryFile + ": " + e.getMessage(), e);
        }
        List<String> command = new ArrayList<>(List.of(
                ChildProcess.javaExecutable(),
                "-XX:+UseG1GC",
                "-Xmx" + request.knobs().getOrDefault("PRODUCER_HEAP", "1g"),
                "-jar",
                layout.producerJar().toString()));
        ChildProcess producer = ChildProcess.start("producer", command, env, null, logFile, lines);
        started.accept(producer.pid());
        try {
            OptionalInt exit = producer.waitFor(
                    Duration.ofSeconds(request.durationSeconds()).plus(OVERHEAD));
            if (exit.isEmpty()) {
                producer.stop(Duration.ofSeconds(40));
                exit = producer.waitFor(Duration.ofSeconds(1));
            }
            Optional<ProducerReport> report = Optional.empty();
            if (Files.isRegularFile(summaryFile)) {
                try {
                    report = Optional.of(ProducerReport.read(summaryFile));
                } catch (IOException e) {
                    throw new IllegalStateException(
                            "the producer's summary " + summaryFile + " is unreadable: " + e.getMessage(), e);
                }
            }
            return new Outcome(exit.orElse(-1), report, producer.logTail());
        } finally {
            producer.stop(Duration.ofSeconds(5));
        }
    }
}
