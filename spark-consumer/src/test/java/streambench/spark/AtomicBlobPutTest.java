package streambench.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import streambench.common.SharedKeySignature;

/**
 * Put Blob against a local HTTP server that answers as the Blob service would and checks each request as a real
 * account does: the date's form, a percent-encoded path, and a signature computed from the request as received.
 */
class AtomicBlobPutTest {
    private static final String ACCOUNT = "devstoreaccount1";
    private static final byte[] KEY = "the account key".getBytes(StandardCharsets.UTF_8);
    private static final Clock THIRD_OF_DECEMBER = Clock.fixed(Instant.parse("2026-12-03T09:05:07Z"), ZoneOffset.UTC);

    private HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    /** Scripted answers, one per request, then 201 (PUT) or 200 with the last body put (GET, HEAD). */
    private final Deque<Answer> script = new ConcurrentLinkedDeque<>();

    private volatile byte[] stored = new byte[0];

    record Received(String verb, String rawTarget, Map<String, String> headers, boolean signatureVerifies) {}

    record Answer(int status, String errorCode) {}

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    private void answer(HttpExchange ex) throws IOException {
        byte[] body = ex.getRequestBody().readAllBytes();
        Map<String, String> headers = new LinkedHashMap<>();
        ex.getRequestHeaders().forEach((name, values) -> headers.put(name, String.join(",", values)));
        String raw = ex.getRequestURI().getRawPath();
        String query = ex.getRequestURI().getRawQuery();
        String auth = headers.getOrDefault("Authorization", "");
        boolean verifies = SharedKeySignature.isPercentEncoded(raw)
                && auth.equals(SharedKeySignature.authorization(
                        ACCOUNT,
                        KEY,
                        SharedKeySignature.stringToSign(ACCOUNT, ex.getRequestMethod(), raw, query, headers)));
        received.add(new Received(ex.getRequestMethod(), raw + (query == null ? "" : "?" + query), headers, verifies));
        Answer next = script.poll();
        if (next != null) {
            if (next.errorCode != null) {
                ex.getResponseHeaders().set("x-ms-error-code", next.errorCode);
            }
            ex.sendResponseHeaders(next.status, -1);
        } else if (ex.getRequestMethod().equals("PUT")) {
            stored = body;
            ex.sendResponseHeaders(201, -1);
        } else if (ex.getRequestMethod().equals("HEAD")) {
            ex.sendResponseHeaders(200, -1);
        } else {
            ex.sendResponseHeaders(200, stored.length);
            ex.getResponseBody().write(stored);
        }
        ex.close();
    }

    private BlobAddress blob(String path) {
        Configuration hadoop = new Configuration(false);
        hadoop.set("fs.azure.abfs.endpoint", "127.0.0.1:" + server.getAddress().getPort());
        hadoop.set("fs.azure.always.use.https", "false");
        hadoop.set(
                "fs.azure.account.key." + ACCOUNT + ".dfs.core.windows.net",
                Base64.getEncoder().encodeToString(KEY));
        return BlobAddress.of(new Path("abfs://lake@" + ACCOUNT + ".dfs.core.windows.net/" + path), hadoop)
                .orElseThrow();
    }

    private static AtomicBlobPut puts(Duration retryFor) {
        return new AtomicBlobPut(THIRD_OF_DECEMBER, HttpClient.newHttpClient(), retryFor);
    }

    @Test
    void aPutIsDatedWithATwoDigitDaySentEncodedAndSignedOverTheBytesSent() throws IOException {
        puts(Duration.ofSeconds(5)).write(blob("été 中/100%/_delta_log/0.json"), "{}\n".getBytes(), true);

        assertThat(received).hasSize(1);
        Received put = received.get(0);
        assertThat(put.headers()).containsEntry("X-ms-date", "Thu, 03 Dec 2026 09:05:07 GMT");
        assertThat(put.rawTarget())
                .isEqualTo("/devstoreaccount1/lake/%C3%A9t%C3%A9%20%E4%B8%AD/100%25/_delta_log/0.json");
        assertThat(put.signatureVerifies()).isTrue();
        assertThat(new String(stored, StandardCharsets.UTF_8)).isEqualTo("{}\n");
    }

    @Test
    void aLeaseConflictIsReportedWithItsCodeNotAsAnExistingFile() {
        script.add(new Answer(409, "LeaseIdMissing"));

        assertThatThrownBy(() -> puts(Duration.ofSeconds(5)).write(blob("t/_last_checkpoint"), new byte[1], false))
                .isInstanceOf(IOException.class)
                .isNotInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining("409 LeaseIdMissing");
    }

    @Test
    void anExistingBlobMetByAFirstTryIsAConflict() {
        script.add(new Answer(409, "BlobAlreadyExists"));

        assertThatThrownBy(() -> puts(Duration.ofSeconds(5)).write(blob("t/_delta_log/1.json"), new byte[1], true))
                .isInstanceOf(FileAlreadyExistsException.class);
    }

    @Test
    void aRetriedPutThatMeetsItsOwnBlobReadsItBackRetryingTheReadToo() throws IOException {
        byte[] commit = "{\"add\":{}}\n".getBytes(StandardCharsets.UTF_8);
        stored = commit; // the first attempt landed, but its answer was lost
        script.add(new Answer(503, "ServerBusy"));
        script.add(new Answer(409, "BlobAlreadyExists"));
        script.add(new Answer(500, "InternalError")); // the read-back's first try

        puts(Duration.ofSeconds(30)).write(blob("t/_delta_log/2.json"), commit, true);

        assertThat(received).extracting(Received::verb).containsExactly("PUT", "PUT", "GET", "GET");
        assertThat(received).allSatisfy(r -> assertThat(r.signatureVerifies()).isTrue());
    }

    @Test
    void theProbeAcceptsAnyAnswerAndNamesWhyWhenNothingAnswers() throws IOException {
        script.add(new Answer(404, "ContainerNotFound"));
        assertThat(puts(Duration.ofSeconds(5)).answersAtAll(blob("t/x"))).isNull();
        assertThat(received.get(0).rawTarget()).isEqualTo("/devstoreaccount1/lake?restype=container");
        assertThat(received.get(0).verb()).isEqualTo("HEAD");
        assertThat(received.get(0).signatureVerifies()).isTrue();

        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        Configuration hadoop = new Configuration(false);
        hadoop.set("fs.azure.abfs.endpoint", "127.0.0.1:" + closedPort);
        hadoop.set("fs.azure.always.use.https", "false");
        hadoop.set(
                "fs.azure.account.key." + ACCOUNT + ".dfs.core.windows.net",
                Base64.getEncoder().encodeToString(KEY));
        BlobAddress unreachable = BlobAddress.of(
                        new Path("abfs://lake@" + ACCOUNT + ".dfs.core.windows.net/t/x"), hadoop)
                .orElseThrow();
        assertThat(puts(Duration.ofSeconds(5)).answersAtAll(unreachable)).contains("ConnectException");
    }
}
