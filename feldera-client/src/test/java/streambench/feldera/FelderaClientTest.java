package streambench.feldera;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import streambench.feldera.client.DeploymentFailedException;
import streambench.feldera.client.FelderaClient;
import streambench.feldera.client.FelderaException;
import streambench.feldera.client.FelderaServer;
import streambench.feldera.client.NotFelderaException;
import streambench.feldera.client.Pipeline;
import streambench.feldera.client.PipelineDefinition;
import streambench.feldera.client.PipelineStats;
import streambench.feldera.client.PipelineStatus;
import streambench.feldera.client.ProgramFailedException;

/** The REST client against the stub pipeline manager (Feldera itself cannot run on these machines). */
class FelderaClientTest {
    private StubFeldera stub;
    private final List<Duration> sleeps = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        stub = new StubFeldera();
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    private FelderaClient client() {
        return FelderaClient.builder(stub.url()).sleeper(sleeps::add).build();
    }

    private static PipelineDefinition definition(String sql) {
        return PipelineDefinition.named("p1").sql(sql).profile("dev").runtime("workers", 2);
    }

    @Test
    void fullLifecycleInTheOrderFelderaAccepts() {
        Pipeline p = client().pipeline("p1");
        assertThat(p.find()).isEmpty();
        assertThat(p.createOrReplace(definition("CREATE TABLE t (x INT);"))).isTrue();
        assertThat(p.createOrReplace(definition("CREATE TABLE t (x BIGINT);"))).isFalse();

        List<String> seen = new ArrayList<>();
        PipelineStatus compiled = p.awaitCompiled(Duration.ofMinutes(1), s -> seen.add(s.programStatus()));
        assertThat(compiled.compiled()).isTrue();
        assertThat(seen).containsExactly("CompilingSql", "CompilingRust", "Success");

        p.start();
        List<String> deployment = new ArrayList<>();
        assertThat(p.awaitRunning(Duration.ofMinutes(1), s -> deployment.add(s.deploymentStatus()))
                        .running())
                .isTrue();
        assertThat(deployment).containsExactly("Initializing", "Running");

        PipelineStats stats = p.stats();
        assertThat(stats.totalInputRecords()).isEqualTo(1000);
        assertThat(stats.parseErrors()).isEqualTo(3);
        assertThat(stats.transmittedRecords()).isEqualTo(500);
        assertThat(stats.rssBytes()).isEqualTo(200L << 20);

        p.tearDown(Duration.ofMinutes(1));
        assertThat(stub.exists("p1")).isFalse();
        assertThat(stub.actions())
                .containsExactly(
                        "PUT /v0/pipelines/p1",
                        "PUT /v0/pipelines/p1",
                        "POST /v0/pipelines/p1/start?initial=running",
                        "POST /v0/pipelines/p1/stop?force=true",
                        "POST /v0/pipelines/p1/clear",
                        "DELETE /v0/pipelines/p1");
    }

    @Test
    void aSqlErrorComesBackWithTheCompilersMessageAndPosition() {
        stub.mode = StubFeldera.Mode.SQL_ERROR;
        Pipeline p = client().pipeline("p1");
        p.createOrReplace(definition("CREATE TABLE t (x INT);"));

        assertThatThrownBy(() -> p.awaitCompiled(Duration.ofMinutes(1), s -> {}))
                .isInstanceOf(ProgramFailedException.class)
                .hasMessageContaining("program status SqlError")
                .hasMessageContaining("at line 3, column 5: Encountered \"NOT\" at line 3");
    }

    @Test
    void aFailedStartCarriesTheDeploymentError() {
        stub.mode = StubFeldera.Mode.START_FAILS;
        Pipeline p = client().pipeline("p1");
        p.createOrReplace(definition("CREATE TABLE t (x INT);"));
        p.awaitCompiled(Duration.ofMinutes(1), s -> {});
        p.start();

        assertThatThrownBy(() -> p.awaitRunning(Duration.ofMinutes(1), s -> {}))
                .isInstanceOf(DeploymentFailedException.class)
                .hasMessageContaining(
                        "did not reach Running: PipelineInitializationError: Kafka broker 10.0.0.1:9092 unreachable");
    }

    @Test
    void errorsCarryFelderasMessageCodeAndDetails() {
        Pipeline p = client().pipeline("p1");
        p.createOrReplace(definition("CREATE TABLE t (x INT);"));
        p.awaitCompiled(Duration.ofMinutes(1), s -> {});
        p.start();
        p.awaitRunning(Duration.ofMinutes(1), s -> {});

        assertThatThrownBy(() -> p.stop(false)).isInstanceOfSatisfying(FelderaException.class, e -> {
            assertThat(e.httpStatus()).isEqualTo(501);
            assertThat(e.errorCode()).isEqualTo("EnterpriseFeature");
            assertThat(e.error().orElseThrow().details().path("hint").asText()).isEqualTo("stub");
            assertThat(e.getMessage())
                    .isEqualTo("POST /v0/pipelines/p1/stop?force=false -> HTTP 501: EnterpriseFeature: "
                            + "graceful stop (checkpoint) is only available in the enterprise edition");
        });
        p.stop(true);
        p.awaitStopped(Duration.ofMinutes(1));
        assertThatThrownBy(p::delete)
                .isInstanceOfSatisfying(
                        FelderaException.class, e -> assertThat(e.errorCode()).isEqualTo("CannotDeleteWithStorage"));
        assertThatThrownBy(() -> client().pipeline("nope").status())
                .isInstanceOfSatisfying(
                        FelderaException.class, e -> assertThat(e.httpStatus()).isEqualTo(404));
    }

    @Test
    void unavailableIsRetriedWithGrowingBackoff() {
        stub.unavailableResponses.set(3);
        assertThat(client().pipeline("p1").find()).isEmpty();
        assertThat(stub.requests).hasSize(4);
        assertThat(sleeps).containsExactly(Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1));
    }

    @Test
    void retriesEndWithTheLastAnswer() {
        stub.unavailableResponses.set(100);
        FelderaClient c = FelderaClient.builder(stub.url())
                .sleeper(sleeps::add)
                .retries(3, Duration.ofMillis(1), Duration.ofMillis(2))
                .build();
        assertThatThrownBy(c::ping)
                .isInstanceOfSatisfying(
                        FelderaException.class, e -> assertThat(e.httpStatus()).isEqualTo(503));
        assertThat(stub.requests).hasSize(3);
    }

    @Test
    void aRefusedConnectionIsRetriedThenReported() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        FelderaClient c = FelderaClient.builder("http://127.0.0.1:" + port)
                .sleeper(sleeps::add)
                .retries(3, Duration.ofMillis(1), Duration.ofMillis(2))
                .build();
        assertThatThrownBy(c::ping)
                .isInstanceOf(FelderaException.class)
                .hasMessageContaining("is not reachable after 3 attempts");
        assertThat(sleeps).hasSize(2);
    }

    @Test
    void theApiKeyIsSentAsBearerToken() {
        stub.apiKey = "key-123456";
        assertThatThrownBy(() -> client().ping())
                .isInstanceOfSatisfying(
                        FelderaException.class, e -> assertThat(e.httpStatus()).isEqualTo(401));
        FelderaClient.builder(stub.url()).apiKey("key-123456").build().ping();
    }

    @Test
    void theServerSaysItsEditionAndVersion() {
        assertThat(client().server()).isEqualTo(new FelderaServer("Open source", "0.336.0"));
    }

    /** Any web server answers 2xx to something: the client must not take it for Feldera. */
    @Test
    void aServerThatIsNotFelderaIsRecognised() throws Exception {
        try (ForeignServer html = ForeignServer.html()) {
            FelderaClient c =
                    FelderaClient.builder(html.url()).sleeper(sleeps::add).build();
            assertThatThrownBy(c::server)
                    .isInstanceOf(NotFelderaException.class)
                    .hasMessage("GET /v0/config at " + html.url() + " answered HTTP 200 with an HTML or XML page, "
                            + "not Feldera's configuration (a JSON object with \"version\" and \"edition\")");
            assertThatThrownBy(c::ping)
                    .isInstanceOf(NotFelderaException.class)
                    .hasMessageContaining("answered HTTP 200 with an HTML or XML page, not Feldera's JSON list");
        }
        try (ForeignServer json = new ForeignServer(200, "application/json", "{\"status\":\"UP\"}")) {
            assertThatThrownBy(FelderaClient.builder(json.url()).build()::server)
                    .isInstanceOf(NotFelderaException.class)
                    .hasMessageContaining("answered HTTP 200 with a JSON object of another shape");
        }
        try (ForeignServer missing = new ForeignServer(404, "text/plain", "Not Found")) {
            assertThatThrownBy(FelderaClient.builder(missing.url()).build()::server)
                    .isInstanceOf(NotFelderaException.class)
                    .hasMessageContaining("answered HTTP 404 with a body that is not JSON");
        }
    }

    @Test
    void secretsFelderaQuotesBackAreMasked() {
        stub.mode = StubFeldera.Mode.SQL_ERROR;
        FelderaClient c = FelderaClient.builder(stub.url())
                .sleeper(sleeps::add)
                .redacting(List.of("s3cr3t-key"))
                .build();
        Pipeline p = c.pipeline("p1");
        p.createOrReplace(definition("CREATE TABLE t (x INT)\n  \"azure_storage_account_key\": \"s3cr3t-key\"\n"));

        assertThatThrownBy(() -> p.awaitCompiled(Duration.ofMinutes(1), s -> {}))
                .hasMessageContaining("\"azure_storage_account_key\": \"<redacted>\"")
                .hasMessageNotContaining("s3cr3t-key");
    }

    @Test
    void badNamesAndUrlsAreRefusedBeforeAnyRequest() {
        assertThatThrownBy(() -> PipelineDefinition.named("has space")).hasMessageContaining("\"has space\"");
        assertThatThrownBy(() -> FelderaClient.builder("localhost:8080").build())
                .hasMessageContaining("http(s)://host:port");
    }
}
