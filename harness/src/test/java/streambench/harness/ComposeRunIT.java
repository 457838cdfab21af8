package streambench.harness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import streambench.common.ConsumerContract;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.harness.engine.Engine;
import streambench.harness.engine.Engines;
import streambench.services.FreePort;
import streambench.services.InstallLayout;
import streambench.testkit.DeltaTableContents;

/**
 * The Compose flow, run: every image built on the bases JRE_IMAGE and NODE_IMAGE name (local images from
 * docker/build-local-bases.sh in CI; the public ones elsewhere), then with docker-compose.local.yml over
 * docker-compose.yml (host networking, everything on loopback) Kafka, Azurite and, for each jar engine's
 * profile in turn, the topic job, the consumer and a short load from the producer's container. Each
 * consumer's healthcheck must turn healthy, its JVM must see the cpus and mem_limit Compose gave it, the
 * table must hold every event, and the harness's {@code analyze} must judge the run complete. Last, the
 * harness's own container runs the yardstick once and must end Succeeded. Feldera has no image here and
 * stays out.
 *
 * <p>Skipped, with the reason, where no Docker engine or docker-compose answers; with
 * STREAMBENCH_REQUIRE_DOCKER=1 (.ci/run sets it once its dockerd answers) that is a failure instead.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ComposeRunIT {
    private static final int RATE = 2000;
    private static final int SECONDS = 20;
    private static final long EVENTS = (long) RATE * SECONDS;
    /** The producer's line on its pre-roll (PRODUCER_PREROLL_S in the anchor), whose events land in the table too. */
    private static final java.util.regex.Pattern PREROLL =
            java.util.regex.Pattern.compile("producer: pre-roll of \\d+ s sent \\((\\d+) events");

    private static final Duration BUILD = Duration.ofMinutes(20);
    private static final Duration READY = Duration.ofMinutes(5);
    private static final Duration DRAIN = Duration.ofMinutes(3);

    /**
     * The engines whose consumers this flow starts, each the service and profile of its id in docker-compose.yml.
     * Feldera's server has no image this flow can build: its consumer's image is built, never started.
     */
    private static final List<Engine> CONSUMERS =
            List.of(engine("flink-1.16"), engine("spark-3.5"), engine("spark-4.2"));

    private static final Engine YARDSTICK = engine(Engines.YARDSTICK);
    private static final Engine FELDERA = Engines.feldera(Map.of());

    private static Engine engine(String id) {
        return Engines.byId(id).orElseThrow();
    }

    /** The variable of an engine's health port in the local override: its id in capitals, other characters as underscores. */
    private static String healthPortVariable(Engine engine) {
        return engine.id().toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_") + "_HEALTH_PORT";
    }

    /** What each engine's Compose run showed, for the table printed at the end (the README quotes it). */
    record Figures(
            String label,
            double readySeconds,
            boolean healthy,
            long processors,
            long heapMiB,
            double cpus,
            long memLimitMiB,
            double maxLatencySeconds,
            boolean complete) {}

    private static final List<Figures> FIGURES = new ArrayList<>();
    private static final String RUN_ID = "ci-" + Long.toString(System.currentTimeMillis(), 36);
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private static Path root;
    private static Path work;
    private static ComposeProject compose;
    private static LakeSettings lake;
    private static final Map<String, String> ENV = new LinkedHashMap<>();
    private static double buildSeconds;

    @BeforeAll
    static void buildImagesAndStartKafkaAndAzurite() throws Exception {
        var why = ComposeProject.unavailable();
        if (why.isPresent()) {
            boolean required = "1".equals(System.getenv("STREAMBENCH_REQUIRE_DOCKER"));
            System.out.println("ComposeRunIT: " + (required ? "" : "skipped: ") + why.get());
            assertThat(required)
                    .as("STREAMBENCH_REQUIRE_DOCKER=1, but " + why.get())
                    .isFalse();
            Assumptions.abort(why.get());
        }
        root = InstallLayout.load().composeFile().getParent();
        work = Files.createDirectories(root.resolve("harness/target/compose-run"));
        Path composeResults = Files.createDirectories(work.resolve("compose"));
        Path harnessResults = Files.createDirectories(work.resolve("harness-results"));
        // the containers run as STREAMBENCH_UID, never root: as whoever runs this test, or, for root (CI), as the
        // images' own uid, which these two scratch directories let write
        long uid = new com.sun.security.auth.module.UnixSystem().getUid();
        ENV.put("STREAMBENCH_UID", uid == 0 ? "10001" : Long.toString(uid));
        for (Path mounted : List.of(composeResults, harnessResults)) {
            Files.setPosixFilePermissions(
                    mounted, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        }
        int kafkaPort = FreePort.find();
        int azuritePort = FreePort.find();
        ENV.put("JRE_IMAGE", System.getenv().getOrDefault("JRE_IMAGE", "eclipse-temurin:17-jre"));
        ENV.put("NODE_IMAGE", System.getenv().getOrDefault("NODE_IMAGE", "node:24-bookworm-slim"));
        ENV.put("KAFKA_PORT", Integer.toString(kafkaPort));
        ENV.put("KAFKA_CONTROLLER_PORT", Integer.toString(FreePort.find()));
        ENV.put("AZURITE_PORT", Integer.toString(azuritePort));
        for (Engine c : CONSUMERS) {
            ENV.put(healthPortVariable(c), Integer.toString(FreePort.find()));
        }
        ENV.put(healthPortVariable(YARDSTICK), Integer.toString(FreePort.find()));
        ENV.put("COMPOSE_RESULTS", composeResults.toString());
        ENV.put("HARNESS_RESULTS", harnessResults.toString());
        ENV.put("RUN_ID", RUN_ID);
        ENV.put("RATE", Integer.toString(RATE));
        ENV.put("DURATION_S", Integer.toString(SECONDS));
        ENV.put("PARTITIONS", "2");
        ENV.put("TOPIC", "unused");
        List<String> profiles = new ArrayList<>();
        CONSUMERS.forEach(c -> profiles.add(c.composeService()));
        profiles.addAll(List.of(YARDSTICK.composeService(), "harness"));
        compose = new ComposeProject(root, "streambench-it", ENV, profiles, work.resolve("compose.log"));
        lake = LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", "127.0.0.1:" + azuritePort)));

        long t0 = System.nanoTime();
        List<String> build = new ArrayList<>();
        for (String profile : profiles) {
            build.addAll(List.of("--profile", profile));
        }
        build.addAll(List.of("--profile", FELDERA.composeService(), "build", "kafka", "azurite", "producer"));
        CONSUMERS.forEach(c -> build.add(c.composeService()));
        build.addAll(List.of(YARDSTICK.composeService(), FELDERA.composeService(), "harness"));
        compose.composeOk(BUILD, build.toArray(String[]::new));
        buildSeconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf(
                Locale.ROOT, "ComposeRunIT: images built in %.0f s on %s%n", buildSeconds, ENV.get("JRE_IMAGE"));
        compose.composeOk(Duration.ofMinutes(3), "up", "-d", "kafka", "azurite");
        assertThat(awaitHealthy("kafka", Duration.ofMinutes(2)))
                .as("kafka turned healthy")
                .isTrue();
        assertThat(awaitHealthy("azurite", Duration.ofMinutes(2)))
                .as("azurite turned healthy")
                .isTrue();
    }

    @AfterAll
    static void stopEverything() throws IOException {
        if (compose == null) {
            return;
        }
        compose.close();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(
                Locale.ROOT,
                "Compose run on %s: %d msg/s for %d s per engine; images built in %.0f s",
                ENV.get("JRE_IMAGE"),
                RATE,
                SECONDS,
                buildSeconds));
        lines.add("engine      ready s  healthy  cpus  mem_limit  JVM sees               max latency s  complete");
        for (Figures f : FIGURES) {
            lines.add(String.format(
                    Locale.ROOT,
                    "%-10s %8.1f  %-7s %5.1f  %6d MiB  %d processors, %,d MiB heap  %9.2f  %s",
                    f.label(),
                    f.readySeconds(),
                    f.healthy() ? "yes" : "no",
                    f.cpus(),
                    f.memLimitMiB(),
                    f.processors(),
                    f.heapMiB(),
                    f.maxLatencySeconds(),
                    f.complete() ? "yes" : "no"));
        }
        lines.forEach(System.out::println);
        Files.write(work.resolve("figures.txt"), lines);
    }

    @Test
    @Order(1)
    void flinkRunsFromItsImage() throws Exception {
        runConsumer(CONSUMERS.get(0));
    }

    @Test
    @Order(2)
    void spark35RunsFromItsImage() throws Exception {
        runConsumer(CONSUMERS.get(1));
    }

    @Test
    @Order(3)
    void spark42RunsFromItsImage() throws Exception {
        runConsumer(CONSUMERS.get(2));
    }

    @Test
    @Order(4)
    void theHarnessContainerRunsTheYardstickAndSucceeds() throws Exception {
        compose.set("TOPIC", "unused-by-the-harness");
        String out = compose.composeOk(
                Duration.ofMinutes(10),
                "--profile",
                "harness",
                "run",
                "--rm",
                "-T",
                "harness",
                "--engines",
                "yardstick",
                "--rate",
                "1000",
                "--duration",
                "15",
                "--warmup",
                "5",
                "--warm-start",
                "5");
        assertThat(out.strip().lines().reduce((a, b) -> b).orElse(""))
                .as(ComposeProject.tail(out, 40))
                .isEqualTo("{ \"status\": \"Succeeded\" }");
        // the compose Kafka and Azurite, nothing embedded
        assertThat(out)
                .contains("kafka: external 127.0.0.1:" + ENV.get("KAFKA_PORT"))
                .doesNotContain("embedded KRaft broker")
                .doesNotContain("embedded Azurite");
        assertThat(Path.of(ENV.get("HARNESS_RESULTS")).resolve("summary.json")).isRegularFile();
    }

    /**
     * One engine's profile: the topic job and the consumer up, healthy, its limits seen by its JVM, then the
     * producer's container, then every event in the table and {@code analyze}'s verdict on it.
     */
    private void runConsumer(Engine c) throws Exception {
        String topic = "compose-" + c.id().replace('.', '-');
        compose.set("TOPIC", topic);
        int healthPort = Integer.parseInt(ENV.get(healthPortVariable(c)));
        long t0 = System.nanoTime();
        compose.composeOk(Duration.ofMinutes(3), "--profile", c.composeService(), "up", "-d", c.composeService());
        String container = compose.containerId(c.composeService());
        assertThat(container).as("container of " + c.composeService()).isNotBlank();
        double ready = awaitReady(container, healthPort, t0);
        boolean healthy = awaitHealthy(c.composeService(), READY);

        Map<String, Long> metrics = metrics(healthPort);
        long processors = metrics.getOrDefault(ConsumerContract.JVM_AVAILABLE_PROCESSORS, -1L);
        long heap = metrics.getOrDefault(ConsumerContract.JVM_MAX_HEAP_BYTES, -1L);
        long nanoCpus = Long.parseLong(ComposeProject.inspect(container, "{{.HostConfig.NanoCpus}}"));
        long memory = Long.parseLong(ComposeProject.inspect(container, "{{.HostConfig.Memory}}"));
        assertThat(nanoCpus).as("cpus of " + c.composeService()).isPositive();
        assertThat(memory).as("mem_limit of " + c.composeService()).isPositive();
        int hostCores = Runtime.getRuntime().availableProcessors();
        assertThat(processors)
                .as("processors the JVM sees under cpus %.1f on %d cores", nanoCpus / 1e9, hostCores)
                .isEqualTo(Math.min((long) Math.ceil(nanoCpus / 1e9), hostCores));
        // -XX:MaxRAMPercentage=75 of the container's limit (G1 rounds down to its regions); without the limit
        // in force it would be 75 % of the host's memory
        assertThat(heap).as("max heap under mem_limit %d MiB", memory >> 20).isBetween(memory / 2, memory * 3 / 4);

        String producerOut = compose.composeOk(Duration.ofMinutes(3), "run", "--rm", "-T", "--no-deps", "producer");
        Path summary = Path.of(ENV.get("COMPOSE_RESULTS")).resolve(c.id() + "-producer-summary.json");
        Files.move(
                Path.of(ENV.get("COMPOSE_RESULTS")).resolve("producer-summary-0.json"),
                summary,
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(producerOut).contains("sent=" + EVENTS);
        String table = RUN_ID + "/" + c.id() + "/benchmark";
        java.util.regex.Matcher preroll = PREROLL.matcher(producerOut);
        long prerolled = preroll.find() ? Long.parseLong(preroll.group(1)) : 0;
        long rows = DeltaTableContents.awaitRows(lake, lake.tableUri(table), EVENTS + prerolled, DRAIN);
        assertThat(rows).as("rows in " + table + ", the pre-roll's included").isEqualTo(EVENTS + prerolled);

        JsonNode verdict = analyze(c, table, summary);
        compose.composeOk(
                Duration.ofMinutes(2), "--profile", c.composeService(), "stop", "--timeout", "30", c.composeService());
        compose.composeOk(Duration.ofMinutes(1), "--profile", c.composeService(), "rm", "-f", c.composeService());
        boolean complete = passed(verdict, "complete");
        FIGURES.add(new Figures(
                c.label(),
                ready,
                healthy,
                processors,
                heap >> 20,
                nanoCpus / 1e9,
                memory >> 20,
                verdict.path("latency_s").path("max").asDouble(Double.NaN),
                complete));
        assertThat(healthy).as(c.composeService() + " turned healthy").isTrue();
        assertThat(complete).as("analyze: " + verdict.path("checks")).isTrue();
        assertThat(passed(verdict, "load"))
                .as("analyze: " + verdict.path("checks"))
                .isTrue();
        assertThat(passed(verdict, "clean"))
                .as("analyze: " + verdict.path("checks"))
                .isTrue();
    }

    /** The harness's analyze, in its own JVM with the lake's address in its environment, as a user runs it. */
    private JsonNode analyze(Engine c, String table, Path producerSummary) throws Exception {
        Path results = Files.createDirectories(work.resolve("analyze-" + c.id()));
        ProcessBuilder pb = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx1g",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "streambench.harness.cli.HarnessMain",
                        "analyze",
                        table,
                        "--producer-summary",
                        producerSummary.toString(),
                        "--duration",
                        Integer.toString(SECONDS),
                        "--label",
                        c.label(),
                        "--results",
                        results.toString())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("analyze-" + c.id() + ".log").toFile());
        pb.environment().put("AZURITE_BLOB_ENDPOINT", "127.0.0.1:" + ENV.get("AZURITE_PORT"));
        pb.environment().remove("KAFKA_BOOTSTRAP_SERVERS");
        Process p = pb.start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("analyze finished").isTrue();
        Path json = results.resolve("summary.json");
        assertThat(json)
                .as("analyze wrote summary.json; its output:\n"
                        + Files.readString(work.resolve("analyze-" + c.id() + ".log")))
                .isRegularFile();
        JsonNode engines = new ObjectMapper().readTree(json.toFile()).path("engines");
        assertThat(engines.size()).isEqualTo(1);
        return engines.get(0);
    }

    private static boolean passed(JsonNode engine, String check) {
        for (JsonNode c : engine.path("checks")) {
            if (c.path("check").asText().equals(check)) {
                return c.path("passed").asBoolean(false);
            }
        }
        return false;
    }

    /** Seconds from {@code up} until {@code /health} answered 200, polled every 0.5 s. */
    private static double awaitReady(String container, int port, long t0) throws Exception {
        long deadline = t0 + READY.toNanos();
        while (System.nanoTime() < deadline) {
            if (!"running".equals(ComposeProject.inspect(container, "{{.State.Status}}"))) {
                throw new AssertionError("the container stopped before it was ready; its log:\n"
                        + ComposeProject.tail(
                                compose.compose(Duration.ofMinutes(1), "logs", "--no-color", "--tail", "60")
                                        .output(),
                                60));
            }
            try {
                HttpResponse<String> r = HTTP.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + ConsumerContract.HEALTH_PATH))
                                .timeout(Duration.ofSeconds(2))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return (System.nanoTime() - t0) / 1e9;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new AssertionError("not ready within " + READY);
    }

    /** Whether Docker's own healthcheck says healthy within {@code timeout}. */
    private static boolean awaitHealthy(String service, Duration timeout) throws Exception {
        String container = compose.containerId(service);
        long deadline = System.nanoTime() + timeout.toNanos();
        String status = "";
        while (System.nanoTime() < deadline) {
            status = ComposeProject.inspect(container, "{{.State.Health.Status}}");
            if (status.equals("healthy")) {
                return true;
            }
            if (status.equals("unhealthy")
                    || !"running".equals(ComposeProject.inspect(container, "{{.State.Status}}"))) {
                break;
            }
            Thread.sleep(1000);
        }
        System.out.println("ComposeRunIT: " + service + " is " + status + ": "
                + ComposeProject.inspect(container, "{{json .State.Health}}"));
        return false;
    }

    private static Map<String, Long> metrics(int port) throws Exception {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + ConsumerContract.METRICS_PATH))
                        .timeout(Duration.ofSeconds(5))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        Map<String, Long> out = new LinkedHashMap<>();
        r.body().lines().forEach(line -> {
            String[] parts = line.split(" ");
            if (parts.length == 2) {
                out.put(parts[0], Long.parseLong(parts[1]));
            }
        });
        return out;
    }
}
