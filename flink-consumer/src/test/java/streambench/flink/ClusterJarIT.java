package streambench.flink;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code flink run} of {@code flink-consumer-cluster.jar} against a running Flink 1.16 session cluster:
 * the cluster and Flink's own CLI each run in a JVM with only Flink on the classpath, as with a Flink
 * distribution; the CLI runs our main, which creates the table and submits the job, and the cluster runs
 * it. Kafka is deliberately absent: this checks packaging, class loading and submission, not the stream.
 */
class ClusterJarIT {
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void flinkRunSubmitsTheClusterJarToARunningCluster() throws Exception {
        Process cluster =
                java(List.of("streambench.flink.StandaloneFlinkCluster"), Map.of(), tmp.resolve("cluster.log"), true);
        Process run = null;
        try {
            URI rest = awaitRestAddress(cluster);
            Path confDir = Files.createDirectories(tmp.resolve("conf"));
            Files.writeString(confDir.resolve("flink-conf.yaml"), "rest.address: 127.0.0.1\n");
            Path lake = tmp.resolve("lake");
            run = java(
                    List.of(
                            "org.apache.flink.client.cli.CliFrontend",
                            "run",
                            "-m",
                            rest.getHost() + ":" + rest.getPort(),
                            "target/flink-consumer-cluster.jar"),
                    Map.of(
                            "FLINK_CONF_DIR", confDir.toString(),
                            "TOPIC", "nowhere",
                            "TABLE_PATH", "cluster/events",
                            "KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:" + closedPort(),
                            "KAFKA_CONNECT_TIMEOUT", "0s", // no broker here: skip the start-up check
                            "LAKE_ROOT", lake.toUri().toString(),
                            "HEALTH_PORT", "0",
                            "WARMUP_COMMITS", "0",
                            "CHECKPOINT_DIR", tmp.resolve("checkpoints").toUri().toString()),
                    tmp.resolve("flink-run.log"),
                    false);

            JsonNode job = awaitRunningJob(rest, run);
            assertThat(job.get("name").asText()).isEqualTo("streambench-flink-consumer");
            assertThat(lake.resolve("cluster/events/_delta_log/00000000000000000000.json"))
                    .isRegularFile();
            String submitted = "flink: job " + job.get("jid").asText() + " submitted";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(tmp.resolve("flink-run.log")).contains(submitted)
                    && System.nanoTime() < deadline) {
                Thread.sleep(200); // the cluster may report RUNNING before the client prints
            }
            assertThat(Files.readString(tmp.resolve("flink-run.log")))
                    .contains("flink: table ready at file:")
                    .contains(submitted);
            http.send(
                    HttpRequest.newBuilder(
                                    rest.resolve("/jobs/" + job.get("jid").asText() + "?mode=cancel"))
                            .method("PATCH", HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
        } finally {
            if (run != null) {
                run.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            cluster.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private URI awaitRestAddress(Process cluster) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        Path log = tmp.resolve("cluster.log");
        while (System.nanoTime() < deadline) {
            for (String line : Files.readAllLines(log)) {
                if (line.startsWith("REST ")) {
                    return URI.create(line.substring(5).trim());
                }
            }
            assertThat(cluster.isAlive())
                    .as("the cluster exited:%n%s", Files.readString(log))
                    .isTrue();
            Thread.sleep(200);
        }
        throw new AssertionError("the cluster printed no REST address:\n" + Files.readString(log));
    }

    private JsonNode awaitRunningJob(URI rest, Process run) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            String body = http.send(
                            HttpRequest.newBuilder(rest.resolve("/jobs/overview"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            for (JsonNode j : json.readTree(body).path("jobs")) {
                if (j.path("state").asText().equals("RUNNING")) {
                    return j;
                }
            }
            assertThat(run.isAlive())
                    .as("flink run exited early:%n%s", Files.readString(tmp.resolve("flink-run.log")))
                    .isTrue();
            Thread.sleep(300);
        }
        throw new AssertionError(
                "no job reached RUNNING; flink run said:\n" + Files.readString(tmp.resolve("flink-run.log")));
    }

    private static Process java(List<String> mainAndArgs, Map<String, String> env, Path log, boolean withTestClasses)
            throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Arrays.asList(
                System.getProperty("flink.java17.argLine", "").trim().split("\\s+")));
        command.addAll(List.of("-cp", flinkOnlyClasspath(withTestClasses)));
        command.addAll(mainAndArgs);
        ProcessBuilder pb =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    /**
     * What a Flink distribution's lib/ holds: Flink and its own dependencies, but not our classes, Delta
     * Kernel, Parquet, Hadoop, Jackson or the Kafka connector, which must come from the cluster jar.
     * {@code withTestClasses} adds this module's test classes, for {@link StandaloneFlinkCluster}.
     */
    private static String flinkOnlyClasspath(boolean withTestClasses) {
        List<String> keep = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String e = entry.replace('\\', '/');
            if (e.endsWith("/target/test-classes")) {
                if (withTestClasses) {
                    keep.add(entry);
                }
                continue;
            }
            boolean ours = e.endsWith("/target/classes") || e.contains("/streambench/");
            boolean shipped = e.contains("/io/delta/")
                    || e.contains("/org/apache/parquet/")
                    || e.contains("/org/apache/hadoop/")
                    || e.contains("/org/apache/kafka/")
                    || e.contains("flink-connector-kafka")
                    || e.contains("flink-connector-base")
                    || e.contains("/io/unitycatalog/")
                    || e.contains("/org/roaringbitmap/")
                    || e.contains("/com/fasterxml/jackson/")
                    || e.contains("/junit")
                    || e.contains("/org/assertj/")
                    || e.contains("-tests.jar");
            if (!ours && !shipped) {
                keep.add(entry);
            }
        }
        return String.join(File.pathSeparator, keep);
    }

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
