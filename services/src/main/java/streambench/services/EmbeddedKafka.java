package streambench.services;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import streambench.common.KafkaConnection;

/**
 * A real single-node Kafka (KRaft, combined broker and controller) in a child JVM, on free loopback
 * ports, with its data in a temporary directory that is deleted on close. A child JVM, not a thread:
 * the broker's Scala, Jackson and kafka-clients versions must not meet anyone else's.
 */
public final class EmbeddedKafka implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);
    static final String DIR_PREFIX = "streambench-kafka-";
    /** In each data directory: the harness that made it, as "pid start-instant", for {@link #removeStaleDataDirs}. */
    static final String OWNER_FILE = "streambench-owner";

    private volatile ChildProcess process;
    private final Path dataDir;
    private final String bootstrap;
    private final List<String> brokerCommand;
    private final Path logFile;
    private final List<Path> removedStale;

    private EmbeddedKafka(
            ChildProcess process,
            Path dataDir,
            String bootstrap,
            List<String> brokerCommand,
            Path logFile,
            List<Path> removedStale) {
        this.process = process;
        this.dataDir = dataDir;
        this.bootstrap = bootstrap;
        this.brokerCommand = brokerCommand;
        this.logFile = logFile;
        this.removedStale = List.copyOf(removedStale);
    }

    /**
     * Deletes the data directories in {@code tmp} whose harness is gone: one killed with SIGKILL never ran
     * {@link #close}, and its broker's log segments (every event of its run) stay on disk. A directory
     * without an owner file is left alone: an older harness made it, or one that is writing the file now.
     */
    static List<Path> removeStaleDataDirs(Path tmp) {
        List<Path> removed = new java.util.ArrayList<>();
        try (var dirs = Files.newDirectoryStream(tmp, DIR_PREFIX + "*")) {
            for (Path dir : dirs) {
                Path owner = dir.resolve(OWNER_FILE);
                if (Files.isDirectory(dir) && Files.isRegularFile(owner) && !ownerAlive(Files.readString(owner))) {
                    DataDirectories.deleteQuietly(dir);
                    removed.add(dir);
                }
            }
        } catch (IOException e) {
            // the next run tries again; a leftover directory costs disk, not correctness
        }
        return removed;
    }

    static String ownerLine(ProcessHandle owner) {
        return owner.pid() + " "
                + owner.info().startInstant().map(Object::toString).orElse("-");
    }

    /**
     * Whether the process an owner line names still runs: its pid is alive and, where the start time is
     * known on both sides, it started when the line says (a pid can be reused after a reboot or a wrap).
     */
    static boolean ownerAlive(String line) {
        String[] parts = line.trim().split(" ");
        long pid;
        try {
            pid = Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            return true; // unreadable: not ours to judge, leave it
        }
        var handle = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (handle.isEmpty()) {
            return false;
        }
        String started = parts.length > 1 ? parts[1] : "-";
        var actual = handle.get().info().startInstant();
        return started.equals("-")
                || actual.isEmpty()
                || actual.get().toString().equals(started);
    }

    /** Data directories of killed harness runs that this start removed. */
    List<Path> removedStale() {
        return removedStale;
    }

    /**
     * Formats storage, starts the broker and waits until it answers; {@code logFile} gets its output.
     * Tries once more on new ports when a port it was given got taken before the broker bound it.
     */
    public static EmbeddedKafka start(InstallLayout layout, Path logFile, String heap) throws InterruptedException {
        try {
            return startOnce(layout, logFile, heap);
        } catch (IllegalStateException e) {
            if (e.getMessage() == null || !e.getMessage().contains("Address already in use")) {
                throw e;
            }
            return startOnce(layout, logFile, heap);
        }
    }

    private static EmbeddedKafka startOnce(InstallLayout layout, Path logFile, String heap)
            throws InterruptedException {
        String classpath = layout.kafkaClasspath();
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> removed = removeStaleDataDirs(tmp);
        Path dir;
        try {
            dir = Files.createTempDirectory(tmp, DIR_PREFIX);
            Files.writeString(dir.resolve(OWNER_FILE), ownerLine(ProcessHandle.current()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the Kafka broker's data directory in " + tmp + ": " + e, e);
        }
        int port = FreePort.find();
        Path props = dir.resolve("server.properties");
        String log4jOpt = "-Dlog4j2.configurationFile=" + writeConfig(dir, props, port, FreePort.find());
        formatStorage(classpath, log4jOpt, props, dir, logFile);
        List<String> command = ChildProcess.watchedJava(
                List.of("-Xms" + heap, "-Xmx" + heap, "-XX:+UseG1GC", "-Djava.awt.headless=true", log4jOpt),
                classpath,
                "kafka.Kafka",
                List.of(props.toString()));
        ChildProcess broker = ChildProcess.start("kafka", command, Map.of(), dir, logFile, null);
        EmbeddedKafka kafka = new EmbeddedKafka(broker, dir, "127.0.0.1:" + port, command, logFile, removed);
        try {
            kafka.awaitReady();
        } catch (RuntimeException | InterruptedException e) {
            kafka.close();
            throw e;
        }
        return kafka;
    }

    /** The broker's {@code props} and a quiet log4j configuration in {@code dir}; returns the log4j file. */
    private static Path writeConfig(Path dir, Path props, int port, int controllerPort) {
        Path log4j = dir.resolve("log4j2.properties");
        try {
            Files.writeString(props, serverProperties(port, controllerPort, dir.resolve("data")));
            Files.writeString(log4j, """
                    rootLogger.level=INFO
                    rootLogger.appenderRef.out.ref=out
                    appender.out.type=Console
                    appender.out.name=out
                    appender.out.layout.type=PatternLayout
                    appender.out.layout.pattern=[%d] %p %m (%c)%n
                    logger.kafka.name=kafka
                    logger.kafka.level=WARN
                    logger.apache.name=org.apache.kafka
                    logger.apache.level=WARN
                    logger.started.name=kafka.server.KafkaRaftServer
                    logger.started.level=INFO
                    """);
        } catch (IOException e) {
            DataDirectories.deleteQuietly(dir);
            throw new UncheckedIOException(e);
        }
        return log4j;
    }

    /** KRaft storage is formatted before the broker's first start; a failure deletes {@code dir} and says why. */
    private static void formatStorage(String classpath, String log4jOpt, Path props, Path dir, Path logFile)
            throws InterruptedException {
        ChildProcess format = ChildProcess.start(
                "kafka-format",
                ChildProcess.watchedJava(
                        List.of(log4jOpt),
                        classpath,
                        "kafka.tools.StorageTool",
                        List.of("format", "-t", randomClusterId(), "-c", props.toString())),
                Map.of(),
                dir,
                logFile,
                null);
        OptionalInt formatted = format.waitFor(Duration.ofSeconds(60));
        format.stop(Duration.ofSeconds(1));
        if (formatted.isEmpty() || formatted.getAsInt() != 0) {
            DataDirectories.deleteQuietly(dir);
            throw new IllegalStateException(
                    "formatting Kafka storage failed; see " + logFile + ":\n" + format.logTail());
        }
    }

    private void awaitReady() throws InterruptedException {
        try (Admin admin = Admin.create(Map.of(
                AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
                2_000,
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG,
                1_000))) {
            process.awaitReady(
                    START_TIMEOUT,
                    () -> !admin.describeCluster()
                            .nodes()
                            .get(2, TimeUnit.SECONDS)
                            .isEmpty());
        }
    }

    static String serverProperties(int port, int controllerPort, Path dataDir) {
        return """
                process.roles=broker,controller
                node.id=1
                controller.quorum.voters=1@127.0.0.1:%2$d
                listeners=PLAINTEXT://127.0.0.1:%1$d,CONTROLLER://127.0.0.1:%2$d
                advertised.listeners=PLAINTEXT://127.0.0.1:%1$d
                controller.listener.names=CONTROLLER
                inter.broker.listener.name=PLAINTEXT
                listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
                log.dirs=%3$s
                offsets.topic.replication.factor=1
                transaction.state.log.replication.factor=1
                transaction.state.log.min.isr=1
                share.coordinator.state.topic.replication.factor=1
                share.coordinator.state.topic.min.isr=1
                group.initial.rebalance.delay.ms=0
                auto.create.topics.enable=false
                delete.topic.enable=true
                controlled.shutdown.enable=false
                """.formatted(port, controllerPort, dataDir.toString().replace("\\", "/"));
    }

    /**
     * Kafka cluster ids are 16 random bytes in URL-safe base64 without padding. One in 64 starts with
     * '-', which StorageTool's argument parser takes for an option ("-t: expected one argument"); Kafka's
     * own Uuid.randomUuid draws again in that case, and so do we.
     */
    static String randomClusterId() {
        SecureRandom random = new SecureRandom();
        while (true) {
            byte[] bytes = new byte[16];
            random.nextBytes(bytes);
            bytes[6] &= 0x0f; // a version-4 UUID layout, as Kafka's own random-uuid writes
            bytes[6] |= 0x40;
            bytes[8] &= 0x3f;
            bytes[8] |= (byte) 0x80;
            String id = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            if (!id.startsWith("-")) {
                return id;
            }
        }
    }

    public String bootstrapServers() {
        return bootstrap;
    }

    /**
     * Stops the broker as an operator would (SIGTERM; a single node has no one to hand leadership to, so no
     * controlled shutdown) and starts it again on the same
     * ports and data, waiting until it answers: the broker-restart fault. Clients reconnect by themselves.
     */
    synchronized String restart() throws InterruptedException {
        long t0 = System.nanoTime();
        process.stop(Duration.ofSeconds(20));
        long stopped = System.nanoTime();
        process = ChildProcess.start("kafka", brokerCommand, Map.of(), dataDir, logFile, null);
        awaitReady();
        return String.format(
                java.util.Locale.ROOT,
                "broker stopped in %.1f s, answering again %.1f s later",
                (stopped - t0) / 1e9,
                (System.nanoTime() - stopped) / 1e9);
    }

    public KafkaConnection connection() {
        return KafkaConnection.ofBootstrap(bootstrap);
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.stop(Duration.ofSeconds(20));
        DataDirectories.deleteQuietly(dataDir);
    }
}
