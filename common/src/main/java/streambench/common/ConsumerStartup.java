package streambench.common;

import java.io.PrintStream;
import java.time.Duration;

/**
 * The start every consumer makes before its engine's own work, so that a new engine writes only its job:
 * print the configuration it read (secrets redacted), check that Kafka answers and the topic exists, open
 * {@code /health} (503 until the engine says ready), and on SIGTERM turn {@code /health} back to 503 before
 * stopping the engine. {@link #start} does the first three in that order: a wrong address fails in seconds
 * with exit 2, before a port is taken or an engine started.
 */
public final class ConsumerStartup {
    /**
     * How a consumer asks Kafka whether the topic is there: {@code KafkaPreflight::check}, which lives beside
     * kafka-clients, which this JDK-only module cannot see.
     */
    @FunctionalInterface
    public interface KafkaCheck {
        /** The topic's partition count; a {@link ConfigException} naming Kafka or the topic when either is not there. */
        int partitions(KafkaConnection kafka, String topic, Duration timeout);
    }

    private final String program;
    private final ConsumerContract.Settings settings;
    private final PrintStream out;

    /** {@code program}: how the consumer names itself in its output, e.g. {@code flink-consumer}. */
    public ConsumerStartup(String program, ConsumerContract.Settings settings, PrintStream out) {
        this.program = program;
        this.settings = settings;
        this.out = out;
    }

    /**
     * The configuration, the Kafka check (skipped when {@code kafkaTimeout} is zero) and {@code /health}.
     * {@code engineLines}: what the engine adds to the configuration it prints, e.g. where its checkpoints go.
     */
    public HealthServer start(Knobs knobs, KafkaCheck kafkaCheck, Duration kafkaTimeout, String... engineLines) {
        printConfig(knobs, engineLines);
        checkKafka(kafkaCheck, kafkaTimeout);
        return startHealth();
    }

    /** Every knob read so far, then the lake and Kafka as this consumer reaches them, then the engine's lines. */
    public void printConfig(Knobs knobs, String... engineLines) {
        out.println(program + " config: " + knobs.effectiveRedacted());
        out.println(settings.lake().describe());
        out.println(settings.kafka().describe());
        for (String line : engineLines) {
            out.println(line);
        }
    }

    /** Zero {@code timeout}: no check, for Kafka set-ups where describing the topic is not allowed. */
    public void checkKafka(KafkaCheck check, Duration timeout) {
        if (timeout.isZero()) {
            return;
        }
        int partitions = check.partitions(settings.kafka(), settings.topic(), timeout);
        out.println("kafka: topic " + settings.topic() + " has " + partitions + " partitions");
    }

    /** {@code /health} on {@code HEALTH_PORT}, not ready yet; the line says where, as 0 picks any port. */
    public HealthServer startHealth() {
        HealthServer health = HealthServer.start(settings.listenAddress(), settings.healthPort());
        out.println("health: http://" + hostInUrl(settings.listenAddress()) + ":" + health.port()
                + ConsumerContract.HEALTH_PATH);
        out.println(jvmLine(
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory()));
        return health;
    }

    private static String hostInUrl(String address) {
        return address.contains(":") ? "[" + address + "]" : address;
    }

    /** What the JVM sees of its machine: in a container, its cpus and mem_limit. */
    static String jvmLine(int processors, long maxHeapBytes) {
        return String.format(
                java.util.Locale.ROOT,
                "jvm: %d processor%s, max heap %,d MiB",
                processors,
                processors == 1 ? "" : "s",
                maxHeapBytes / (1024 * 1024));
    }

    /**
     * On SIGTERM (or the end of the JVM), {@code /health} answers 503 "stopping" at once, so nobody sends work
     * to a consumer on its way out, then {@code stop} runs; the JVM waits for it, so it should be bounded.
     */
    public void onStop(HealthServer health, Runnable stop) {
        Runtime.getRuntime().addShutdownHook(stopHook(health, stop));
    }

    Thread stopHook(HealthServer health, Runnable stop) {
        return new Thread(
                () -> {
                    health.markNotReady("stopping");
                    stop.run();
                },
                program + "-stop");
    }
}
