package streambench.common;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.function.LongSupplier;

/**
 * The endpoint every consumer exposes: {@code GET /health} answers 503 until {@link #markReady()}, then
 * 200 (so orchestrators and the harness never mistake a cold JVM for a working one), and
 * {@code GET /metrics} prints registered counters, one {@code name value} line each, the processors and
 * heap the JVM sees among them.
 */
public final class HealthServer implements AutoCloseable {
    private final HttpServer server;
    private final Map<String, LongSupplier> metrics = new ConcurrentSkipListMap<>();
    private volatile boolean ready;
    private volatile String status = "starting";

    private HealthServer(HttpServer server) {
        this.server = server;
    }

    /**
     * How long a client may take to send a request, or to take its answer, before the server drops the connection.
     * The JDK's server reads a request on a pool thread: without a bound, one half-sent request held that thread, and
     * with it every later {@code /health}, for good. Read by the JDK once, when its server class first loads.
     */
    static final int REQUEST_TIMEOUT_SECONDS = 10;

    /** Threads answering requests: a slow client holds one of them for at most the timeout. */
    static final int THREADS = 4;

    static {
        for (String limit : new String[] {"sun.net.httpserver.maxReqTime", "sun.net.httpserver.maxRspTime"}) {
            if (System.getProperty(limit) == null) {
                System.setProperty(limit, Integer.toString(REQUEST_TIMEOUT_SECONDS));
            }
        }
    }

    /** Listens on loopback at {@code port}; 0 picks a free one (see {@link #port()}). */
    public static HealthServer start(int port) {
        return start("127.0.0.1", port);
    }

    /** Listens on {@code address} (an IP literal, {@code LISTEN_ADDRESS}) at {@code port}; 0 picks a free one. */
    public static HealthServer start(String address, int port) {
        if (port < 0 || port > 65535) {
            // InetSocketAddress would throw IllegalArgumentException: exit 1 without naming the variable
            throw new ConfigException(
                    ConsumerContract.HEALTH_PORT + " must be 0-65535 (0: any free port), got \"" + port + "\"");
        }
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(java.net.InetAddress.getByName(address), port), 16);
        } catch (IOException e) {
            throw new ConfigException(
                    ConsumerContract.HEALTH_PORT + " " + port + " cannot be bound on " + ConsumerContract.LISTEN_ADDRESS
                            + " " + address + ": " + e.getMessage(),
                    e);
        }
        HealthServer health = new HealthServer(server);
        Runtime runtime = Runtime.getRuntime();
        health.registerMetric(ConsumerContract.JVM_AVAILABLE_PROCESSORS, runtime::availableProcessors);
        health.registerMetric(ConsumerContract.JVM_MAX_HEAP_BYTES, runtime::maxMemory);
        health.registerMetric(ConsumerContract.JVM_HEAP_AFTER_GC_BYTES, HeapAfterGc.listen()::bytes);
        server.createContext(ConsumerContract.HEALTH_PATH, health::health);
        server.createContext(ConsumerContract.METRICS_PATH, health::metrics);
        java.util.concurrent.atomic.AtomicInteger threads = new java.util.concurrent.atomic.AtomicInteger();
        server.setExecutor(Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "health-http-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        }));
        server.start();
        return health;
    }

    /** The address it listens on. */
    public java.net.InetAddress address() {
        return server.getAddress().getAddress();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public void markReady() {
        status = "ready";
        ready = true;
    }

    /** Back to 503, e.g. while shutting down, with a short reason in the body. */
    public void markNotReady(String reason) {
        ready = false;
        status = reason;
    }

    public boolean isReady() {
        return ready;
    }

    public void registerMetric(String name, LongSupplier value) {
        metrics.put(name, value);
    }

    private void health(HttpExchange ex) throws IOException {
        respond(ex, ready ? 200 : 503, status + "\n");
    }

    private void metrics(HttpExchange ex) throws IOException {
        StringBuilder sb = new StringBuilder();
        metrics.forEach((name, value) ->
                sb.append(name).append(' ').append(value.getAsLong()).append('\n'));
        respond(ex, 200, sb.toString());
    }

    private static void respond(HttpExchange ex, int code, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        ex.sendResponseHeaders(code, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        } catch (UncheckedIOException ignored) {
            // client went away; nothing to do
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
