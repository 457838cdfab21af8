package streambench.feldera;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.HealthServer;
import streambench.common.Knobs;
import streambench.common.LakeSettings;

/**
 * The consumer's lifecycle against the stub pipeline manager: deploy, compile, start, wait for the
 * table, poll stats into telemetry, and on a stop request stop → clear → delete, in that order.
 */
class FelderaConsumerTest {
    private StubFeldera stub;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final AtomicInteger probes = new AtomicInteger();

    @TempDir
    Path tmp;

    @BeforeEach
    void start() throws Exception {
        stub = new StubFeldera();
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    private Map<String, String> env() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("FELDERA_URL", stub.url());
        env.put("TOPIC", "events");
        env.put("TABLE_PATH", "run-1/feldera/benchmark");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092");
        env.put("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000");
        env.put("HEALTH_PORT", "0");
        env.put("FELDERA_STATS_INTERVAL", "100ms");
        env.put("TELEMETRY_FILE", tmp.resolve("telemetry.jsonl").toString());
        return env;
    }

    /** The table "appears" on the third look, as delta-rs would create it a moment after the start. */
    private FelderaConsumer consumer(Map<String, String> env) {
        return consumer(env, () -> probes.incrementAndGet() >= 3, FelderaConsumer.TEARDOWN);
    }

    /** {@code look}: what the table probe answers, or throws; {@code teardown}: the consumer's teardown budget. */
    private FelderaConsumer consumer(Map<String, String> env, Look look, java.time.Duration teardown) {
        return new FelderaConsumer(
                FelderaSettings.fromKnobs(Knobs.of(env)),
                out,
                () -> new TableProbe() {
                    @Override
                    public boolean tableExists() throws IOException {
                        return look.tableExists();
                    }

                    @Override
                    public void close() {}
                },
                d -> {},
                teardown);
    }

    @FunctionalInterface
    private interface Look {
        boolean tableExists() throws IOException;
    }

    /** Runs the consumer on another thread, as main does, so the test can play SIGTERM. */
    private static CompletableFuture<Integer> runAsync(FelderaConsumer consumer) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return run(consumer);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** As main runs it: with a /health of its own. */
    private static int run(FelderaConsumer consumer) throws Exception {
        try (HealthServer health = HealthServer.start(0)) {
            return consumer.run(health);
        }
    }

    private String output() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition within 30 s").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    @Test
    void deploysReportsTelemetryAndTearsDownInOrderOnStop() throws Exception {
        FelderaConsumer consumer = consumer(env());
        CompletableFuture<Integer> exit = runAsync(consumer);
        Path telemetry = tmp.resolve("telemetry.jsonl");
        await(() -> Files.exists(telemetry) && lines(telemetry) >= 3);
        consumer.requestStop();

        assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
        assertThat(stub.actions())
                .containsExactly(
                        "PUT /v0/pipelines/streambench-events",
                        "POST /v0/pipelines/streambench-events/start?initial=running",
                        "POST /v0/pipelines/streambench-events/stop?force=true",
                        "POST /v0/pipelines/streambench-events/clear",
                        "DELETE /v0/pipelines/streambench-events");
        assertThat(stub.exists("streambench-events")).isFalse();
        assertThat(Files.readAllLines(telemetry).get(0))
                .contains("\"total_input_records\":1000")
                .contains("\"parse_errors\":3")
                .contains("\"transmitted_records\":500")
                .contains("\"rss_bytes\":209715200");
        assertThat(output())
                .contains("feldera: program CompilingRust after")
                .contains("feldera: deployment Running")
                .contains(
                        "feldera: ready (pipeline running, table abfs://streambench@devstoreaccount1.dfs.core.windows.net/streambench/run-1/feldera/benchmark exists)")
                .contains("feldera t=")
                .contains("parse_errors=3")
                .contains("feldera: pipeline streambench-events deleted")
                .contains("\"azure_storage_account_key\" : \"<redacted>\"")
                .doesNotContain(LakeSettings.AZURITE_KEY);
    }

    @Test
    void aCompileErrorIsPrintedWithFelderasMessageAndExitsOne() throws Exception {
        stub.mode = StubFeldera.Mode.SQL_ERROR;
        assertThat(run(consumer(env()))).isEqualTo(1);
        assertThat(output())
                .contains("the program did not compile")
                .contains("program status SqlError")
                .contains("at line 3, column 5: Encountered \"NOT\" at line 3")
                .doesNotContain(LakeSettings.AZURITE_KEY);
        assertThat(stub.actions()).noneMatch(a -> a.contains("/start"));
    }

    /**
     * Secrets of each kind the consumer handles, some with quotes and backslashes, planted in its environment:
     * neither the program it prints nor Feldera's error quoting that program back shows any of them.
     */
    @Test
    void plantedSecretsAppearInNoOutputNeitherRawNorEscaped() throws Exception {
        // the Azurite lake's key is its published one (ADLS_* cannot stand beside it): a planted account key with
        // quotes and backslashes is masked in PipelineProgramTest, on an ADLS Gen2 lake
        Map<String, String> env = env();
        env.put("KAFKA_CLIENT_SECURITY_PROTOCOL", "SASL_SSL");
        env.put("KAFKA_CLIENT_SASL_MECHANISM", "PLAIN");
        env.put("KAFKA_CLIENT_SASL_USERNAME", "bench");
        env.put("KAFKA_CLIENT_SASL_PASSWORD", "Pl4nted'sasl\"pass\\word-Pl4nted");
        env.put("KAFKA_CLIENT_SSL_KEY_PEM", "-----BEGIN PRIVATE KEY-----\nMIIEvPl4ntedPem\n-----END PRIVATE KEY-----");
        env.put("FELDERA_API_KEY", "apikey-Pl4nted-feldera");
        stub.apiKey = "apikey-Pl4nted-feldera";
        FelderaConsumer consumer = consumer(env);
        CompletableFuture<Integer> exit = runAsync(consumer);
        await(() -> output().contains("feldera: ready"));
        consumer.requestStop();
        assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();

        stub.mode = StubFeldera.Mode.SQL_ERROR; // Feldera quotes the program's account key line back
        probes.set(0);
        assertThat(run(consumer(env))).isEqualTo(1);
        assertThat(output())
                .contains("\"azure_storage_account_key\" : \"<redacted>\"")
                .contains("program status SqlError")
                .doesNotContain("Pl4nted")
                .doesNotContain(LakeSettings.AZURITE_KEY);
    }

    /**
     * A program that did not compile was left in Feldera "for inspection", storage key and SASL password inside,
     * for anyone who may list pipelines to read.
     */
    @Test
    void aProgramThatDoesNotCompileIsDeletedWithTheSecretsInIt() throws Exception {
        Map<String, String> env = secretEnv();
        stub.mode = StubFeldera.Mode.SQL_ERROR;
        assertThat(run(consumer(env))).isEqualTo(1);
        assertThat(stub.lastProgram).as("what was deployed").contains("Pl4nted-sasl");
        assertThat(stub.exists("streambench-events")).isFalse();
        assertThat(stub.programs()).noneMatch(p -> p.contains("Pl4nted") || p.contains(LakeSettings.AZURITE_KEY));
        assertThat(stub.actions())
                .containsExactly("PUT /v0/pipelines/streambench-events", "DELETE /v0/pipelines/streambench-events");
        assertThat(output())
                .contains("the program did not compile")
                .contains("feldera: pipeline streambench-events deleted (with its program and the secrets in it)")
                .doesNotContain("Pl4nted")
                .doesNotContain(LakeSettings.AZURITE_KEY);
    }

    @Test
    void whenFelderaRefusesTheDeletionTheProgramIsEmptiedInstead() throws Exception {
        stub.mode = StubFeldera.Mode.SQL_ERROR;
        stub.deleteRefused = true;
        assertThat(run(consumer(secretEnv()))).isEqualTo(1);
        assertThat(stub.exists("streambench-events")).isTrue();
        assertThat(stub.programs()).containsExactly("");
        assertThat(stub.actions())
                .containsExactly(
                        "PUT /v0/pipelines/streambench-events",
                        "DELETE /v0/pipelines/streambench-events",
                        "PUT /v0/pipelines/streambench-events");
        assertThat(output())
                .contains("feldera-client: Feldera refused to remove pipeline streambench-events (DELETE")
                .contains("its program was replaced by an empty one, so it no longer holds the storage key")
                .doesNotContain("Pl4nted")
                .doesNotContain(LakeSettings.AZURITE_KEY);
    }

    private Map<String, String> secretEnv() {
        Map<String, String> env = env();
        env.put("KAFKA_CLIENT_SECURITY_PROTOCOL", "SASL_SSL");
        env.put("KAFKA_CLIENT_SASL_MECHANISM", "PLAIN");
        env.put("KAFKA_CLIENT_SASL_USERNAME", "bench");
        env.put("KAFKA_CLIENT_SASL_PASSWORD", "Pl4nted-sasl-password");
        return env;
    }

    @Test
    void aFailedStartIsReportedAndThePipelineRemoved() throws Exception {
        stub.mode = StubFeldera.Mode.START_FAILS;
        assertThat(run(consumer(env()))).isEqualTo(1);
        assertThat(output())
                .contains("did not reach Running: PipelineInitializationError: Kafka broker 10.0.0.1:9092 unreachable");
        assertThat(stub.exists("streambench-events")).isFalse();
    }

    @Test
    void anEarlierPipelineOfTheSameNameIsRemovedFirst() throws Exception {
        Map<String, String> env = env();
        env.put("FELDERA_STATS_INTERVAL", "10s"); // the first consumer stands for a crashed run: it does not look
        FelderaConsumer first = consumer(env);
        CompletableFuture<Integer> crashed = runAsync(first);
        await(() -> output().contains("feldera: ready"));
        stub.requests.clear();
        probes.set(0);
        FelderaConsumer second = consumer(env());
        CompletableFuture<Integer> again = runAsync(second);
        await(() -> output().contains("removing an earlier pipeline"));
        await(() -> stub.actions().contains("POST /v0/pipelines/streambench-events/start?initial=running"));
        List<String> actions = stub.actions();
        assertThat(actions.subList(0, 4))
                .containsExactly(
                        "POST /v0/pipelines/streambench-events/stop?force=true",
                        "POST /v0/pipelines/streambench-events/clear",
                        "DELETE /v0/pipelines/streambench-events",
                        "PUT /v0/pipelines/streambench-events");
        second.requestStop();
        assertThat(again.get(30, TimeUnit.SECONDS)).isZero();
        first.requestStop(); // its pipeline is long gone: nothing left to remove
        assertThat(crashed.get(30, TimeUnit.SECONDS)).isZero();
        assertThat(stub.exists("streambench-events")).isFalse();
    }

    @Test
    void aStopWhileCompilingStillCleansUp() throws Exception {
        FelderaConsumer consumer = consumer(env());
        CompletableFuture<Integer> exit = runAsync(consumer);
        await(() -> stub.actions().contains("PUT /v0/pipelines/streambench-events"));
        consumer.requestStop();
        assertThat(exit.get(30, TimeUnit.SECONDS)).isZero();
        assertThat(stub.exists("streambench-events")).isFalse();
    }

    /** The pipeline was deployed, then stopped, cleared and deleted: nothing of this run is left running in Feldera. */
    private void assertTornDown() {
        List<String> actions = stub.actions();
        assertThat(actions).contains("POST /v0/pipelines/streambench-events/start?initial=running");
        assertThat(actions.subList(actions.size() - 3, actions.size()))
                .containsExactly(
                        "POST /v0/pipelines/streambench-events/stop?force=true",
                        "POST /v0/pipelines/streambench-events/clear",
                        "DELETE /v0/pipelines/streambench-events");
        assertThat(stub.exists("streambench-events")).isFalse();
        assertThat(output()).contains("feldera: pipeline streambench-events deleted");
    }

    @Test
    void anIOExceptionFromTheTableProbeRemovesThePipeline() throws Exception {
        FelderaConsumer consumer = consumer(
                env(),
                () -> {
                    throw new IOException("AuthorizationFailure listing _delta_log");
                },
                FelderaConsumer.TEARDOWN);
        assertThat(run(consumer)).isEqualTo(1);
        assertThat(output()).contains("feldera-client: failed: AuthorizationFailure listing _delta_log (IOException)");
        assertTornDown();
    }

    @Test
    void anUncheckedExceptionFromTheTableProbeRemovesThePipeline() throws Exception {
        FelderaConsumer consumer = consumer(
                env(),
                () -> {
                    throw new IllegalStateException("a bug");
                },
                FelderaConsumer.TEARDOWN);
        assertThat(run(consumer)).isEqualTo(1);
        assertThat(output()).contains("feldera-client: failed: a bug (IllegalStateException)");
        assertTornDown();
    }

    /** Was a NullPointerException in PipelineStats that left the pipeline running. */
    @Test
    void statsWithoutABodyRemoveThePipeline() throws Exception {
        stub.mode = StubFeldera.Mode.STATS_EMPTY;
        assertThat(run(consumer(env()))).isEqualTo(1);
        assertThat(output())
                .contains("feldera: ready")
                .contains("feldera-client: GET /v0/pipelines/streambench-events/stats answered no JSON object: null");
        assertTornDown();
    }

    @Test
    void aFelderaErrorWhileFollowingRemovesThePipeline() throws Exception {
        FelderaConsumer consumer = consumer(env());
        CompletableFuture<Integer> exit = runAsync(consumer);
        await(() -> output().contains("feldera: ready"));
        stub.unavailableResponses.set(8); // each of the client's 8 attempts at the next poll answers 503
        assertThat(exit.get(30, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(output()).contains("-> HTTP 503");
        assertTornDown();
    }

    /** The harness kills a consumer 30 s after SIGTERM: a Feldera that never stops the pipeline must not hold the stop longer. */
    @Test
    void aTeardownFelderaDoesNotFinishEndsWithinItsBudgetAndNamesWhatIsLeft() throws Exception {
        stub.mode = StubFeldera.Mode.STOP_HANGS;
        FelderaConsumer consumer =
                consumer(env(), () -> probes.incrementAndGet() >= 3, java.time.Duration.ofMillis(500));
        CompletableFuture<Integer> exit = runAsync(consumer);
        await(() -> output().contains("feldera: ready"));
        long t0 = System.nanoTime();
        consumer.requestStop();
        assertThat(exit.get(30, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat((System.nanoTime() - t0) / 1_000_000L)
                .as("ms from the stop request to the end")
                .isLessThan(10_000);
        assertThat(output())
                .contains("feldera-client: pipeline streambench-events may be left on " + stub.url())
                .contains("not Stopped after");
        assertThat(stub.exists("streambench-events")).isTrue();
    }

    @Test
    void anUnwritableTelemetryFileIsAConfigurationErrorBeforeAnythingIsDeployed() throws Exception {
        Map<String, String> env = env();
        Path notADir = Files.writeString(tmp.resolve("results"), "a file where a folder should be");
        env.put("TELEMETRY_FILE", notADir.resolve("feldera.jsonl").toString());
        assertThatThrownBy(() -> run(consumer(env)))
                .isInstanceOf(streambench.common.ConfigException.class)
                .hasMessageStartingWith("TELEMETRY_FILE " + notADir.resolve("feldera.jsonl") + " cannot be written");
        assertThat(stub.actions()).isEmpty();
    }

    private static long lines(Path p) {
        try {
            return Files.readAllLines(p).size();
        } catch (java.io.IOException e) {
            return 0;
        }
    }

    /** Any 2xx counted as Feldera: a web server's page would have been sent the program, secrets inside. */
    @Test
    void aServerThatIsNotFelderaIsAConfigurationErrorBeforeAnythingIsSent() throws Exception {
        try (ForeignServer html = ForeignServer.html()) {
            Map<String, String> env = secretEnv();
            env.put("FELDERA_URL", html.url());
            assertThatThrownBy(() -> run(consumer(env)))
                    .isInstanceOf(streambench.common.ConfigException.class)
                    .hasMessageStartingWith("FELDERA_URL " + html.url() + " is not a Feldera pipeline manager: "
                            + "GET /v0/config at " + html.url() + " answered HTTP 200 with an HTML or XML page");
            assertThat(html.requests).containsExactly("GET /v0/config");
        }
        assertThat(output()).doesNotContain("Pl4nted");
    }

    @Test
    void theServersEditionAndVersionArePrinted() throws Exception {
        stub.mode = StubFeldera.Mode.SQL_ERROR;
        run(consumer(env()));
        assertThat(output()).contains("feldera: Feldera Open source 0.336.0 at " + stub.url());
    }

    @Test
    void aWrongUrlOrKeyIsAConfigurationErrorNamingTheVariable() throws Exception {
        Map<String, String> env = env();
        int closed;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        env.put("FELDERA_URL", "http://127.0.0.1:" + closed);
        assertThatThrownBy(() -> run(consumer(env)))
                .isInstanceOf(streambench.common.ConfigException.class)
                .hasMessageStartingWith(
                        "FELDERA_URL http://127.0.0.1:" + closed + ": no Feldera pipeline manager answers");

        stub.apiKey = "right-key";
        Map<String, String> wrongKey = env();
        wrongKey.put("FELDERA_API_KEY", "wrong-key");
        assertThatThrownBy(() -> run(consumer(wrongKey)))
                .isInstanceOf(streambench.common.ConfigException.class)
                .hasMessageStartingWith(
                        "FELDERA_API_KEY: the Feldera server at " + stub.url() + " refused it (HTTP 401)")
                .hasMessageNotContaining("wrong-key");
        assertThat(stub.actions()).isEmpty();
    }
}
