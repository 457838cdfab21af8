package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;
import streambench.common.Knobs;

class LakeProxyTest {
    private HttpServer server;
    private ExecutorService serverThreads;
    private final Set<Integer> upstreamPorts = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void startEchoServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 64);
        server.createContext("/", exchange -> {
            upstreamPorts.add(exchange.getRemoteAddress().getPort());
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (exchange.getRequestMethod().equals("GET")) {
                body = ("you asked for " + exchange.getRequestURI().getPath()).getBytes(StandardCharsets.UTF_8);
            }
            exchange.sendResponseHeaders(200, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        serverThreads = Executors.newFixedThreadPool(16);
        server.setExecutor(serverThreads);
        server.start();
    }

    @AfterEach
    void stopEchoServer() {
        server.stop(0);
        serverThreads.shutdownNow();
    }

    private LakeProxy proxy(Duration delay) {
        return LakeProxy.start(server.getAddress(), delay);
    }

    @Test
    void binaryBodiesComeBackByteForByte() throws Exception {
        try (LakeProxy proxy = proxy(Duration.ofMillis(20))) {
            byte[] parquetLike = random(8 * 1024 * 1024 + 13, 1);
            // what ABFS does for an append: a fixed length and Expect: 100-continue
            HttpURLConnection put = open(proxy, "/container/part-0000.parquet", "PUT");
            put.setRequestProperty("Expect", "100-continue");
            put.setFixedLengthStreamingMode(parquetLike.length);
            assertSameBytes(roundTrip(put, parquetLike), parquetLike);

            byte[] chunkedBody = random(300_001, 2);
            HttpURLConnection chunked = open(proxy, "/container/chunked", "PUT");
            chunked.setChunkedStreamingMode(8192);
            assertSameBytes(roundTrip(chunked, chunkedBody), chunkedBody);

            assertThat(proxy.requestsForwarded()).isEqualTo(2);
        }
    }

    @Test
    void everyRequestOnAKeptAliveConnectionIsDelayed() throws Exception {
        try (LakeProxy proxy = proxy(Duration.ofMillis(100));
                RawClient client = new RawClient(proxy.port())) {
            long start = System.nanoTime();
            for (int i = 0; i < 3; i++) {
                Response r = client.send("GET", "/file-" + i, new byte[0]);
                assertThat(r.status).isEqualTo(200);
                assertThat(new String(r.body, StandardCharsets.UTF_8)).isEqualTo("you asked for /file-" + i);
            }
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            assertThat(elapsedMs).as("three requests held 100 ms each").isGreaterThanOrEqualTo(300);
            assertThat(proxy.requestsForwarded()).isEqualTo(3);
            assertThat(upstreamPorts)
                    .as("one upstream connection carried all three")
                    .hasSize(1);
        }
    }

    @Test
    void aBodyAfterExpectContinueIsNotWaitedFor() throws Exception {
        try (LakeProxy proxy = proxy(Duration.ofMillis(10));
                RawClient client = new RawClient(proxy.port())) {
            client.out.write(("PUT /blob HTTP/1.1\r\nHost: lake\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            // a proxy that waited for the body before passing the head on would never get here
            assertThat(client.readLine()).isEqualTo("HTTP/1.1 100 Continue");
            while (!client.readLine().isEmpty()) {
                // the interim response's headers
            }
            client.out.write("hello".getBytes(StandardCharsets.ISO_8859_1));
            Response r = client.readResponse();
            assertThat(r.status).isEqualTo(200);
            assertThat(new String(r.body, StandardCharsets.ISO_8859_1)).isEqualTo("hello");
        }
    }

    @Test
    void concurrentConnectionsEachGetTheirOwnAnswers() throws Exception {
        int connections = 12;
        int requestsEach = 4;
        ExecutorService clients = Executors.newFixedThreadPool(connections);
        try (LakeProxy proxy = proxy(Duration.ofMillis(50))) {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                int seed = c;
                done.add(clients.submit(() -> {
                    try (RawClient client = new RawClient(proxy.port())) {
                        for (int i = 0; i < requestsEach; i++) {
                            byte[] body = random(100_000 + seed * 1000 + i, seed * 100 + i);
                            Response r = client.send("PUT", "/c" + seed + "/r" + i, body);
                            assertThat(r.status).isEqualTo(200);
                            assertSameBytes(r.body, body);
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
            assertThat(proxy.requestsForwarded()).isEqualTo((long) connections * requestsEach);
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void closeEndsOpenConnectionsAndFreesThePort() throws Exception {
        LakeProxy proxy = proxy(Duration.ofMillis(5));
        int port = proxy.port();
        try (RawClient client = new RawClient(port)) {
            assertThat(client.send("GET", "/before-close", new byte[0]).status).isEqualTo(200);
            proxy.close();
            assertThat(client.in.read()).as("the client's connection is closed").isEqualTo(-1);
        }
        assertThatCode(() -> {
                    try (ServerSocket again = new ServerSocket()) {
                        again.setReuseAddress(true);
                        again.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port));
                    }
                })
                .doesNotThrowAnyException();
    }

    @Test
    void anUpstreamThatClosesAnIdleConnectionWhileARequestIsHeldIsReconnected() throws Exception {
        try (ClosingUpstream upstream = new ClosingUpstream(Duration.ofMillis(100));
                LakeProxy proxy = LakeProxy.start(upstream.address(), Duration.ofMillis(400));
                RawClient client = new RawClient(proxy.port())) {
            assertThat(client.send("GET", "/first", new byte[0]).status).isEqualTo(200);
            // sent at once, but held past the upstream's 100 ms idle limit: Azurite's 5 s one, scaled down
            assertThat(client.send("GET", "/second", new byte[0]).status).isEqualTo(200);
            // the one opened when the client connected, then one for each request, as each went idle in a hold
            assertThat(upstream.connections.get()).isEqualTo(3);

            // an upstream that closes with no request waiting closes the client's connection too
            assertThat(client.in.read()).isEqualTo(-1);
        }
    }

    @Test
    void servicesRefuseAStoreDelayOrAStrictLakeForALakeTheyDoNotStart(@TempDir Path logs) {
        Knobs external = Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", "127.0.0.1:1"));
        PrintStream out = new PrintStream(OutputStream.nullOutputStream());
        // refused before anything starts, so no install layout is needed
        assertThatThrownBy(() -> Services.start(
                        external,
                        null,
                        logs,
                        true,
                        new LakeFront(Duration.ofMillis(20), false, false),
                        TurnFootprint.NONE,
                        out))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("a store delay and a strict lake apply to the embedded Azurite only");
        assertThatThrownBy(() -> Services.start(
                        external, null, logs, true, new LakeFront(Duration.ZERO, true, false), TurnFootprint.NONE, out))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("a store delay and a strict lake apply to the embedded Azurite only");
        assertThatThrownBy(() -> new LakeFront(Duration.ofMillis(-1), false, false))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("the store delay must be 0 or more");
    }

    @Test
    void aHeldLakeKeepsEveryNewRequestUntilReleasedAndAnswersThemAllThen() throws Exception {
        try (LakeProxy proxy = proxy(Duration.ZERO);
                RawClient client = new RawClient(proxy.port())) {
            assertThat(client.send("GET", "/before", new byte[0]).status).isEqualTo(200);
            proxy.hold();
            client.socket.setSoTimeout(500);
            client.out.write("GET /during HTTP/1.1\r\nHost: lake\r\nContent-Length: 0\r\n\r\n"
                    .getBytes(StandardCharsets.ISO_8859_1));
            client.out.flush();
            assertThatThrownBy(() -> client.in.read())
                    .as("no answer while held")
                    .isInstanceOf(SocketTimeoutException.class);
            assertThat(proxy.requestsForwarded()).isEqualTo(1);

            proxy.release();
            client.socket.setSoTimeout(30_000);
            Response answer = client.readResponse();
            assertThat(answer.status).isEqualTo(200);
            assertThat(new String(answer.body, StandardCharsets.UTF_8)).isEqualTo("you asked for /during");
        }
    }

    @Test
    void aStrictLakeAnswersARequestAzureWouldRefuseItselfAndPassesTheRestOn() throws Exception {
        byte[] key = "key".getBytes(StandardCharsets.UTF_8);
        StrictLake strict = new StrictLake("acct", key, java.time.Clock.systemUTC());
        try (LakeProxy proxy = LakeProxy.start(server.getAddress(), Duration.ZERO, strict)) {
            String date = streambench.common.SharedKeySignature.xMsDate(java.time.Clock.systemUTC());
            Map<String, String> headers = new java.util.LinkedHashMap<>();
            headers.put("x-ms-date", date);
            headers.put("x-ms-version", "2021-08-06");
            headers.put(
                    "Authorization",
                    streambench.common.SharedKeySignature.authorization(
                            "acct",
                            key,
                            streambench.common.SharedKeySignature.stringToSign(
                                    "acct", "GET", "/acct/c/%C3%A9t%C3%A9", null, headers)));
            try (RawClient client = new RawClient(proxy.port())) {
                assertThat(client.send("GET", "/acct/c/%C3%A9t%C3%A9", headers, new byte[0]).status)
                        .isEqualTo(200);
            }
            // the same request with the path sent unencoded: what the old signer's URI did to a non-ASCII path
            try (RawClient client = new RawClient(proxy.port())) {
                Response refused = client.send("GET", "/acct/c/\u00e9t\u00e9", headers, new byte[0]);
                assertThat(refused.status).isEqualTo(400);
                assertThat(client.in.read()).as("the connection ends").isEqualTo(-1);
            }
            assertThat(proxy.requestsForwarded()).isEqualTo(1);
            assertThat(proxy.requestsRefused()).isEqualTo(1);
            assertThat(proxy.refusals()).singleElement().asString().contains("not percent-encoded");
        }
    }

    private static HttpURLConnection open(LakeProxy proxy, String path, String method) throws IOException {
        HttpURLConnection c = (HttpURLConnection)
                URI.create("http://" + proxy.endpoint() + path).toURL().openConnection();
        c.setRequestMethod(method);
        c.setDoOutput(true);
        c.setConnectTimeout(10_000);
        c.setReadTimeout(30_000);
        return c;
    }

    private static byte[] roundTrip(HttpURLConnection c, byte[] body) throws IOException {
        try (OutputStream out = c.getOutputStream()) {
            out.write(body);
        }
        assertThat(c.getResponseCode()).isEqualTo(200);
        try (InputStream in = c.getInputStream()) {
            return in.readAllBytes();
        }
    }

    private static void assertSameBytes(byte[] actual, byte[] expected) {
        assertThat(actual.length).isEqualTo(expected.length);
        assertThat(Arrays.mismatch(actual, expected)).as("first differing byte").isEqualTo(-1);
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private record Response(int status, byte[] body) {}

    /** HTTP/1.1 by hand, so that the test knows which requests share a connection. */
    private static final class RawClient implements AutoCloseable {
        final Socket socket;
        final InputStream in;
        final OutputStream out;

        RawClient(int port) throws IOException {
            socket = new Socket("127.0.0.1", port);
            // only so that a broken proxy fails the test instead of hanging it
            socket.setSoTimeout(30_000);
            in = new BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        }

        Response send(String method, String path, byte[] body) throws IOException {
            return send(method, path, Map.of(), body);
        }

        Response send(String method, String path, Map<String, String> headers, byte[] body) throws IOException {
            StringBuilder head = new StringBuilder(
                    method + " " + path + " HTTP/1.1\r\nHost: lake\r\nContent-Length: " + body.length);
            headers.forEach((k, v) -> head.append("\r\n").append(k).append(": ").append(v));
            head.append("\r\n\r\n");
            // a raw non-ASCII character goes as its UTF-8 bytes, as a careless client would send it
            out.write(head.toString().getBytes(StandardCharsets.UTF_8));
            out.write(body);
            out.flush();
            return readResponse();
        }

        Response readResponse() throws IOException {
            String status = readLine();
            int length = 0;
            for (String line = readLine(); !line.isEmpty(); line = readLine()) {
                String lower = line.toLowerCase(Locale.ROOT);
                if (lower.startsWith("content-length:")) {
                    length = Integer.parseInt(
                            line.substring(line.indexOf(':') + 1).trim());
                }
            }
            return new Response(Integer.parseInt(status.split(" ")[1]), in.readNBytes(length));
        }

        String readLine() throws IOException {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            int b;
            while ((b = in.read()) != '\n') {
                if (b < 0) {
                    throw new IOException("connection closed mid-line");
                }
                if (b != '\r') {
                    line.write(b);
                }
            }
            return line.toString(StandardCharsets.ISO_8859_1);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** Answers every request with 200 and closes a connection after it was idle for {@code idle}, as Node does. */
    private static final class ClosingUpstream implements AutoCloseable {
        final ServerSocket server;
        final AtomicInteger connections = new AtomicInteger();
        final Thread acceptor;

        ClosingUpstream(Duration idle) throws IOException {
            server = new ServerSocket(0, 16, InetAddress.getByName("127.0.0.1"));
            acceptor = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        Socket s = server.accept();
                        connections.incrementAndGet();
                        Thread t = new Thread(() -> serve(s, idle));
                        t.setDaemon(true);
                        t.start();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
        }

        InetSocketAddress address() {
            return new InetSocketAddress("127.0.0.1", server.getLocalPort());
        }

        private static void serve(Socket s, Duration idle) {
            try (s) {
                s.setSoTimeout((int) idle.toMillis());
                InputStream in = new BufferedInputStream(s.getInputStream());
                while (true) {
                    // a GET without a body: its head ends at the first empty line
                    int newlines = 0;
                    int b;
                    while (newlines < 2 && (b = in.read()) >= 0) {
                        if (b == '\n') {
                            newlines++;
                        } else if (b != '\r') {
                            newlines = 0;
                        }
                    }
                    if (newlines < 2) {
                        return;
                    }
                    s.getOutputStream()
                            .write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
                                    .getBytes(StandardCharsets.ISO_8859_1));
                }
            } catch (SocketTimeoutException e) {
                // idle too long: the try closes the connection
            } catch (IOException e) {
                // the proxy went away
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
