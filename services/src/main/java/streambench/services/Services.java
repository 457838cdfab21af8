package streambench.services;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.KafkaConnection;
import streambench.common.Knobs;
import streambench.common.LakeSettings;

/**
 * The Kafka cluster and the lake a run uses: the ones the environment names, or embedded ones
 * (a KRaft broker and Azurite) when it names none. Child processes get {@link #endpointEnv()}.
 */
public final class Services implements AutoCloseable {
    /** The most memory the in-memory Azurite's blobs may take, MiB (its --extentMemoryLimit); 4096 unless set. */
    public static final String AZURITE_MEMORY_LIMIT_MB = "AZURITE_MEMORY_LIMIT_MB";

    /** What this harness started itself: stopped on {@link #close} and on exit, in reverse order. */
    private final Started embedded;

    private final KafkaConnection kafka;
    private final LakeSettings lake;
    private final Map<String, String> endpointEnv;
    private final Thread onExit = new Thread(this::stopServices, "stop-services");

    private Services(Started embedded, KafkaConnection kafka, LakeSettings lake) {
        this.embedded = embedded;
        this.kafka = kafka;
        this.lake = lake;
        this.endpointEnv = Map.copyOf(embedded.env);
    }

    static boolean externalKafka(Knobs knobs) {
        return knobs.isSet(ConsumerContract.KAFKA_BOOTSTRAP_SERVERS)
                || knobs.isSet(ConsumerContract.EVENTHUB_CONNECTION_STRING);
    }

    static boolean externalLake(Knobs knobs) {
        return knobs.isSet(ConsumerContract.AZURITE_BLOB_ENDPOINT)
                || knobs.isSet(ConsumerContract.ADLS_ACCOUNT_NAME)
                || knobs.isSet(ConsumerContract.LAKE_ROOT);
    }

    /** Starts what is not given, checks what is, and says which on {@code out}; the lake reached directly. */
    public static Services start(Knobs knobs, InstallLayout layout, Path logDir, boolean needLake, PrintStream out)
            throws InterruptedException {
        return start(knobs, layout, logDir, needLake, LakeFront.DIRECT, TurnFootprint.NONE, out);
    }

    /**
     * Starts what is not given, checks what is, and says which on {@code out}. Where {@code front} asks for it (a
     * store delay, strictness, a lake outage to come) the embedded Azurite is put behind a {@link LakeProxy}:
     * consumers, the lake probe and the harness's own reads all reach the lake through it. It needs the embedded
     * Azurite (an external lake is refused); without a lake ({@code needLake} false) it is unused.
     */
    public static Services start(
            Knobs knobs,
            InstallLayout layout,
            Path logDir,
            boolean needLake,
            LakeFront front,
            TurnFootprint footprint,
            PrintStream out)
            throws InterruptedException {
        boolean proxyLake = needLake && front.needsProxy();
        if (proxyLake && externalLake(knobs)) {
            throw new ConfigException("a store delay and a strict lake apply to the embedded Azurite only, but the "
                    + "environment names a lake (AZURITE_BLOB_ENDPOINT, ADLS_ACCOUNT_NAME or LAKE_ROOT): unset it, or "
                    + "use a delay of 0 and no --strict-lake");
        }
        DiskPlan plan = DiskPlan.of(
                footprint,
                !externalKafka(knobs),
                needLake && !externalLake(knobs),
                knobs.env(AZURITE_MEMORY_LIMIT_MB, "4096").asPositiveInt(),
                logDir);
        plan.check();
        plan.describe().ifPresent(out::println);
        Started started = new Started(layout, logDir, plan, out);
        try {
            KafkaConnection kafka = externalKafka(knobs) ? checkedKafka(knobs, out) : started.kafka(knobs);
            LakeSettings lake = null;
            if (needLake) {
                Knobs lakeKnobs = externalLake(knobs)
                        ? knobs
                        : knobs.withOverrides(Map.of(
                                ConsumerContract.AZURITE_BLOB_ENDPOINT, started.azurite(proxyLake ? front : null)));
                lake = LakeSettings.fromKnobs(lakeKnobs);
                long ms = LakeProbe.roundTrip(lake);
                out.printf(
                        "lake: %s %s, write/read/rename/delete round trip %d ms%n",
                        lake.mode().name().toLowerCase(), lake.rootUri(), ms);
            }
            Services services = new Services(started, kafka, lake);
            // Ctrl-C: ChildProcess stops the processes; this also removes the broker's temp data.
            Runtime.getRuntime().addShutdownHook(services.onExit);
            return services;
        } catch (RuntimeException | InterruptedException e) {
            started.close();
            throw e;
        }
    }

    /** A Kafka the environment names, checked to answer within KAFKA_CONNECT_TIMEOUT. */
    private static KafkaConnection checkedKafka(Knobs knobs, PrintStream out) throws InterruptedException {
        KafkaConnection kafka = KafkaConnection.fromKnobs(knobs);
        Duration timeout = ConsumerContract.KAFKA_CONNECT_TIMEOUT_KNOB.from(knobs);
        try (TopicAdmin admin = new TopicAdmin(kafka)) {
            admin.checkReachable(timeout);
        }
        out.println("kafka: external " + kafka.bootstrapServers());
        return kafka;
    }

    /**
     * What {@link #start} has brought up so far and the endpoints it gives child processes; closed in reverse order
     * when a later step fails, so a failed start leaves no broker or Azurite behind, and by the {@link Services} it
     * becomes when the harness is done with them.
     */
    private static final class Started {
        private final InstallLayout layout;
        private final Path logDir;
        private final DiskPlan plan;
        private final PrintStream out;
        private final Map<String, String> env = new LinkedHashMap<>();
        private Optional<EmbeddedKafka> kafka = Optional.empty();
        private Optional<EmbeddedAzurite> azurite = Optional.empty();
        private Optional<LakeProxy> proxy = Optional.empty();

        Started(InstallLayout layout, Path logDir, DiskPlan plan, PrintStream out) {
            this.layout = layout;
            this.logDir = logDir;
            this.plan = plan;
            this.out = out;
        }

        KafkaConnection kafka(Knobs knobs) throws InterruptedException {
            long t0 = System.nanoTime();
            EmbeddedKafka k = EmbeddedKafka.start(
                    layout,
                    logDir.resolve("kafka.log"),
                    knobs.env("KAFKA_BROKER_HEAP", "1g").asHeapSize());
            kafka = Optional.of(k);
            env.put(ConsumerContract.KAFKA_BOOTSTRAP_SERVERS, k.bootstrapServers());
            if (!k.removedStale().isEmpty()) {
                out.println("kafka: removed " + k.removedStale().size() + " data director"
                        + (k.removedStale().size() == 1 ? "y" : "ies") + " left by a killed harness: "
                        + k.removedStale());
            }
            out.printf(
                    "kafka: embedded KRaft broker %s (pid %d), up in %.1f s, log %s%n",
                    k.bootstrapServers(), k.pid(), (System.nanoTime() - t0) / 1e9, logDir.resolve("kafka.log"));
            return k.connection();
        }

        /** The embedded Azurite, behind a proxy when {@code front} is given; returns the endpoint to use. */
        String azurite(LakeFront front) throws InterruptedException {
            long t0 = System.nanoTime();
            EmbeddedAzurite a = EmbeddedAzurite.start(
                    layout,
                    logDir.resolve("azurite.log"),
                    plan.azuriteMemoryLimitMb(),
                    plan.azuriteOnDisk() ? plan.azuriteLocation() : null);
            azurite = Optional.of(a);
            out.printf(
                    "lake: embedded Azurite %s (pid %d, Node %s%s, %s), up in %.1f s%n",
                    a.endpoint(),
                    a.pid(),
                    a.node().version(),
                    a.node().bundled() ? "" : " from " + a.node().executable(),
                    a.diskLocation().map(d -> "on disk in " + d).orElse("in memory"),
                    (System.nanoTime() - t0) / 1e9);
            String endpoint = front == null ? a.endpoint() : proxy(a, front);
            env.put(ConsumerContract.AZURITE_BLOB_ENDPOINT, endpoint);
            return endpoint;
        }

        private String proxy(EmbeddedAzurite a, LakeFront front) {
            LakeProxy p = LakeProxy.start(
                    new InetSocketAddress("127.0.0.1", a.port()),
                    front.delay(),
                    front.strict() ? StrictLake.forAzurite() : null);
            proxy = Optional.of(p);
            out.printf(
                    "lake: a proxy on %s in front of Azurite%s%s%n",
                    p.endpoint(),
                    front.delay().isZero()
                            ? ""
                            : ", every storage request held " + front.delay().toMillis() + " ms",
                    front.strict() ? ", refusing what a real account refuses" : "");
            return p.endpoint();
        }

        void close() {
            proxy.ifPresent(LakeProxy::close);
            azurite.ifPresent(EmbeddedAzurite::close);
            kafka.ifPresent(EmbeddedKafka::close);
        }
    }

    public KafkaConnection kafka() {
        return kafka;
    }

    public LakeSettings lake() {
        if (lake == null) {
            throw new ConfigException("this command started no lake");
        }
        return lake;
    }

    /** Variables a child process needs to reach embedded services (external ones come from the environment). */
    public Map<String, String> endpointEnv() {
        return endpointEnv;
    }

    public OptionalLong azuritePid() {
        return embedded.azurite.map(a -> OptionalLong.of(a.pid())).orElse(OptionalLong.empty());
    }

    /** The broker-restart fault: the embedded broker stopped and started again. */
    public String restartKafka() throws InterruptedException {
        return embedded.kafka
                .orElseThrow(() -> new IllegalStateException("no embedded broker to restart"))
                .restart();
    }

    /**
     * The lake-outage fault: the proxy in front of the embedded Azurite holds every request from now on, as a store
     * that stopped answering would. Azurite itself runs on, so a harness killed during the outage leaves nothing
     * frozen behind.
     */
    public void pauseLake() {
        outageProxy().hold();
    }

    public void resumeLake() {
        outageProxy().release();
    }

    /**
     * Between two turns, when nothing runs against the embedded Azurite and its tables are deleted (or, on disk, left to
     * this): a fresh one on the same port once it holds more than {@link EmbeddedAzurite#renewAtMiB()} (see
     * {@link EmbeddedAzurite#restart()}). Said on {@code out}; nothing to do with an external lake.
     */
    public void renewLakeIfFull(PrintStream out) throws InterruptedException {
        if (embedded.azurite.isEmpty()) {
            return;
        }
        EmbeddedAzurite a = embedded.azurite.get();
        double held = a.heldMiB();
        if (held > a.renewAtMiB()) {
            long t0 = System.nanoTime();
            a.restart();
            out.printf(
                    "lake: the embedded Azurite held %.0f MiB of deleted tables (%s); restarted empty on the same port "
                            + "in %.1f s%n",
                    held,
                    a.diskLocation().map(d -> "on disk").orElse("limit " + a.memoryLimitMb() + " MiB"),
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    /** How many requests the strict lake refused, and the first of them: none, where it is not strict. */
    public List<String> lakeRefusals() {
        return embedded.proxy.map(LakeProxy::refusals).orElse(List.of());
    }

    private LakeProxy outageProxy() {
        return embedded.proxy.orElseThrow(
                () -> new IllegalStateException("no proxy in front of the lake: the run did not plan a lake outage"));
    }

    public boolean embeddedKafkaRunning() {
        return embedded.kafka.isPresent();
    }

    /** The lake is the embedded Azurite keeping its blobs on disk (a turn too large for its memory). */
    public boolean lakeOnDisk() {
        return embedded.azurite.flatMap(EmbeddedAzurite::diskLocation).isPresent();
    }

    public boolean embeddedLakeRunning() {
        return embedded.azurite.isPresent();
    }

    public OptionalLong kafkaPid() {
        return embedded.kafka.map(k -> OptionalLong.of(k.pid())).orElse(OptionalLong.empty());
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or ran already
        }
        stopServices();
    }

    private synchronized void stopServices() {
        embedded.close();
    }
}
