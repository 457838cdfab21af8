package streambench.services;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback proxy in front of the embedded Azurite, for what Azurite alone cannot give a run: the round trip of a
 * real object store (every request held for a fixed delay), a store that stops answering (the lake-outage fault:
 * requests held until it ends, while Azurite itself keeps running and can be stopped), and a real account's
 * strictness ({@link StrictLake}: a request Azure would refuse is refused here, not passed to a forgiving emulator).
 *
 * <p>The delay is applied per request, not per connection: ABFS keeps connections alive and sends many
 * requests over each. Of the two places to put it, the request side is the one that needs little HTTP:
 * a request's end is known from its head alone (Content-Length or chunked; ABFS sends Content-Length),
 * whereas a response's end depends also on the request method (HEAD), 1xx and 204/304 statuses and
 * close-delimited bodies. So each request head is read, held until {@code delay} after it arrived, and
 * then forwarded; its body follows as it comes, never buffered whole, because ABFS appends send
 * {@code Expect: 100-continue} and wait for Azurite's interim answer before sending the body.
 * Responses flow back byte for byte.
 *
 * <p>Assumes clients that send a connection's next request only after its previous response (no
 * pipelining), as the JDK's, Apache's and hyper's HTTP/1.1 clients do: a new request then means the
 * previous response is complete, which is what lets a held request go out on a fresh upstream connection
 * when Azurite closed the old one (see {@code upstreamForRequest}), and lets the proxy answer a refused
 * request itself.
 */
public final class LakeProxy implements AutoCloseable {
    /** Node, and so Azurite, refuses heads over 16 KiB; anything bigger is not a request it would take. */
    private static final int MAX_HEAD_BYTES = 64 * 1024;

    private static final int MAX_LINE_BYTES = 16 * 1024;
    private static final int MAX_REFUSALS_KEPT = 100;
    private static final int BUFFER_BYTES = 64 * 1024;
    private static final byte[] LOOPBACK = {127, 0, 0, 1};

    /**
     * How long an upstream close waits for a request the client may already have sent: a request thread
     * that is slow to be scheduled must not turn a reconnect into a failed request. A client whose response
     * was cut off learns of it this much later, well inside ABFS's 30 s read timeout.
     */
    private static final long CLOSE_GRACE_MILLIS = 1000;

    private final InetSocketAddress upstream;
    private final long delayNanos;
    private final StrictLake strict; // null: pass everything on
    private final Object gate = new Object();
    // guarded by gate: requests wait here while the lake is held (an outage)
    private boolean held;
    private final AtomicLong refused = new AtomicLong();
    private final java.util.Queue<String> refusals = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final ServerSocket server;
    private final Thread acceptor;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final AtomicLong forwarded = new AtomicLong();
    private final AtomicLong connectionIds = new AtomicLong();
    private volatile boolean closed;

    private LakeProxy(InetSocketAddress upstream, Duration delay, StrictLake strict, ServerSocket server) {
        this.upstream = upstream;
        this.delayNanos = delay.toNanos();
        this.strict = strict;
        this.server = server;
        this.acceptor = new Thread(this::acceptLoop, "lake-delay-proxy-accept");
        this.acceptor.setDaemon(true);
    }

    /** Listens on a free loopback port and forwards to {@code upstream} (Azurite's address), each request delayed. */
    static LakeProxy start(InetSocketAddress upstream, Duration delay) {
        return start(upstream, delay, null);
    }

    /** As above; with {@code strict}, a request it refuses is answered by the proxy as Azure would, never passed on. */
    static LakeProxy start(InetSocketAddress upstream, Duration delay, StrictLake strict) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative, got " + delay);
        }
        LakeProxy proxy = new LakeProxy(upstream, delay, strict, bindLoopback());
        proxy.acceptor.start();
        return proxy;
    }

    private static ServerSocket bindLoopback() {
        IOException last = null;
        // a port FreePort handed out can be taken by someone else before the bind
        for (int attempt = 0; attempt < 5; attempt++) {
            ServerSocket s = null;
            try {
                s = new ServerSocket();
                s.setReuseAddress(true);
                s.bind(new InetSocketAddress(InetAddress.getByAddress(LOOPBACK), FreePort.find()), 512);
                return s;
            } catch (BindException e) {
                last = e;
                closeQuietly(s);
            } catch (IOException e) {
                closeQuietly(s);
                throw new UncheckedIOException("cannot listen for the lake delay proxy: " + e.getMessage(), e);
            }
        }
        throw new UncheckedIOException("no loopback port for the lake delay proxy after 5 tries", last);
    }

    int port() {
        return server.getLocalPort();
    }

    /**
     * A strict proxy, with no delay, in front of {@code azurite}: for tests that run a consumer against a lake that
     * refuses what a real account refuses. Its {@link #endpoint()} is the consumers' {@code AZURITE_BLOB_ENDPOINT}.
     */
    public static LakeProxy strictInFrontOf(EmbeddedAzurite azurite) {
        return start(new InetSocketAddress("127.0.0.1", azurite.port()), Duration.ZERO, StrictLake.forAzurite());
    }

    /** {@code host:port} for {@code AZURITE_BLOB_ENDPOINT}. */
    public String endpoint() {
        return "127.0.0.1:" + port();
    }

    /** From now on every request waits in the proxy, as on a store that stopped answering; answers under way go on. */
    void hold() {
        synchronized (gate) {
            held = true;
        }
    }

    /** The requests held since {@link #hold()} go on, each no sooner than its delay after it arrived. */
    void release() {
        synchronized (gate) {
            held = false;
            gate.notifyAll();
        }
    }

    /** Requests refused as Azure would refuse them (strict only). */
    public long requestsRefused() {
        return refused.get();
    }

    /** The first refusals, each "METHOD path: reason" (the path without its query, which could hold a token). */
    public java.util.List<String> refusals() {
        return java.util.List.copyOf(refusals);
    }

    /** Requests passed on to the upstream so far (each after its delay). */
    long requestsForwarded() {
        return forwarded.get();
    }

    @Override
    public void close() {
        closed = true;
        release();
        closeQuietly(server);
        connections.forEach(Connection::close);
        try {
            acceptor.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                if (closed) {
                    return;
                }
                // a failed accept (e.g. out of file descriptors) must not end the proxy for every later request
                sleepQuietly(10);
                continue;
            }
            Connection c = new Connection(client, connectionIds.incrementAndGet());
            connections.add(c);
            if (closed) {
                // close() may have swept the set before this connection was in it
                c.close();
                return;
            }
            c.start();
        }
    }

    /** One client connection and the upstream connection(s) its requests go out on. */
    private final class Connection {
        private final Socket client;
        private final long id;
        private final Object lock = new Object();
        // guarded by lock
        private Upstream current;
        // guarded by lock: a request head is in hand and not yet forwarded, so its previous response is complete
        private boolean holding;
        // guarded by lock: the client will send nothing more
        private boolean clientEnded;
        // guarded by lock
        private boolean done;

        Connection(Socket client, long id) {
            this.client = client;
            this.id = id;
        }

        void start() {
            Thread t = new Thread(this::forwardRequests, "lake-delay-proxy-" + id + "-requests");
            t.setDaemon(true);
            t.start();
        }

        private void forwardRequests() {
            try {
                client.setTcpNoDelay(true);
                InputStream in = new BufferedInputStream(client.getInputStream(), BUFFER_BYTES);
                connectUpstream();
                while (true) {
                    Head head = readHead(in);
                    if (head == null) {
                        clientFinishedSending();
                        return;
                    }
                    synchronized (lock) {
                        holding = true;
                        lock.notifyAll();
                    }
                    if (strict != null) {
                        StrictLake.Refusal refusal = strict.check(head.method, head.target, head.headers);
                        if (refusal != null) {
                            refuse(head, refusal);
                            return;
                        }
                    }
                    awaitRelease();
                    sleepUntil(head.arrivedNanos + delayNanos);
                    Upstream up = upstreamForRequest();
                    // counted before it goes out, so that whoever has the response also sees the count
                    forwarded.incrementAndGet();
                    up.out.write(head.bytes);
                    up.out.flush();
                    copyBody(head, in, up.out);
                }
            } catch (IOException | RuntimeException | InterruptedException e) {
                // a broken request, a vanished client or upstream, or close(): the connection ends either way
                close();
            }
        }

        /**
         * Answers the request as Azure answers one it refuses, and ends the connection: the request's body, if any,
         * is never read, as a server that refuses on the head alone would not either.
         */
        private void refuse(Head head, StrictLake.Refusal refusal) throws IOException {
            refused.incrementAndGet();
            if (refusals.size() < MAX_REFUSALS_KEPT) {
                int query = head.target.indexOf('?');
                refusals.add(head.method + " " + (query < 0 ? head.target : head.target.substring(0, query)) + ": "
                        + refusal.reason());
            }
            String answer = "HTTP/1.1 " + refusal.status() + " " + refusal.code() + "\r\n"
                    + "x-ms-error-code: " + refusal.code() + "\r\n"
                    + "Content-Length: 0\r\n"
                    + "Connection: close\r\n\r\n";
            try {
                OutputStream out = client.getOutputStream();
                out.write(answer.getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
            } finally {
                close();
            }
        }

        private void awaitRelease() throws InterruptedException {
            synchronized (gate) {
                while (held && !closed) {
                    gate.wait();
                }
            }
        }

        private void connectUpstream() throws IOException {
            Socket s = new Socket();
            try {
                s.setTcpNoDelay(true);
                s.connect(upstream);
            } catch (IOException e) {
                closeQuietly(s);
                throw e;
            }
            Upstream up = new Upstream(s, s.getOutputStream());
            synchronized (lock) {
                if (done) {
                    closeQuietly(s);
                    throw new SocketException("connection closed");
                }
                current = up;
            }
            Thread t = new Thread(() -> forwardResponses(up), "lake-delay-proxy-" + id + "-responses");
            t.setDaemon(true);
            t.start();
        }

        /**
         * The upstream to send the held request on. Azurite closes connections idle for 5 s; the client
         * counts idleness from when it got the response, so a request it sends just before that can reach
         * Azurite, after the delay, just after the close. Without the proxy that window is as short as
         * loopback; with it, it is as long as the delay, and the client would see a failed request it
         * retries seconds later. A request held while the upstream closed goes out on a new connection.
         */
        private Upstream upstreamForRequest() throws IOException {
            boolean reconnect;
            synchronized (lock) {
                reconnect = current == null || current.dead;
            }
            if (reconnect) {
                connectUpstream();
            }
            synchronized (lock) {
                holding = false;
                if (done || current.dead) {
                    throw new SocketException("upstream closed");
                }
                return current;
            }
        }

        private void clientFinishedSending() {
            synchronized (lock) {
                clientEnded = true;
                lock.notifyAll();
                if (!done && current != null && !current.dead) {
                    try {
                        // let the upstream finish what it is answering; its end closes the connection
                        current.socket.shutdownOutput();
                        return;
                    } catch (IOException e) {
                        // fall through to closing everything
                    }
                }
            }
            close();
        }

        private void forwardResponses(Upstream up) {
            byte[] buf = new byte[BUFFER_BYTES];
            boolean clientGone = false;
            try {
                InputStream in = up.socket.getInputStream();
                OutputStream out = client.getOutputStream();
                int n;
                while ((n = in.read(buf)) >= 0) {
                    clientGone = true;
                    out.write(buf, 0, n);
                    clientGone = false;
                }
            } catch (IOException e) {
                // the upstream went away (handled like its end of stream), or the client did (clientGone)
            }
            if (clientGone) {
                close();
                return;
            }
            synchronized (lock) {
                up.dead = true;
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CLOSE_GRACE_MILLIS);
                long left;
                while (current == up
                        && !holding
                        && !clientEnded
                        && !done
                        && (left = deadline - System.nanoTime()) > 0) {
                    try {
                        TimeUnit.NANOSECONDS.timedWait(lock, left);
                    } catch (InterruptedException e) {
                        break;
                    }
                }
                if (current != up || (holding && !done)) {
                    // an idle upstream closed while a request waits: that request has, or gets, a new connection
                    closeQuietly(up.socket);
                    return;
                }
            }
            // the upstream ended with no request waiting, perhaps inside a response: the client must see the end
            close();
        }

        void close() {
            Upstream up;
            synchronized (lock) {
                done = true;
                up = current;
                lock.notifyAll();
            }
            closeQuietly(client);
            if (up != null) {
                closeQuietly(up.socket);
            }
            connections.remove(this);
        }
    }

    private static final class Upstream {
        final Socket socket;
        final OutputStream out;
        volatile boolean dead;

        Upstream(Socket socket, OutputStream out) {
            this.socket = socket;
            this.out = out;
        }
    }

    /** A request head as received, and how its body is delimited. */
    private record Head(
            byte[] bytes,
            long arrivedNanos,
            long contentLength,
            boolean chunked,
            boolean untilClose,
            String method,
            String target,
            java.util.Map<String, String> headers) {}

    /** @return the next request head, or null when the client closed between requests */
    private static Head readHead(InputStream in) throws IOException {
        ByteArrayOutputStream raw = new ByteArrayOutputStream(1024);
        String requestLine;
        // RFC 9112 2.2: empty lines before a request line are to be ignored; they go along unchanged
        do {
            requestLine = readLine(in, raw, raw.size() == 0);
            if (requestLine == null) {
                return null;
            }
            if (raw.size() > MAX_HEAD_BYTES) {
                throw new IOException("request head over " + MAX_HEAD_BYTES + " bytes");
            }
        } while (requestLine.isEmpty());
        long contentLength = 0;
        boolean chunked = false;
        boolean otherCoding = false;
        boolean sawLength = false;
        java.util.Map<String, String> headers = new java.util.LinkedHashMap<>();
        while (true) {
            String line = readLine(in, raw, false);
            if (line.isEmpty()) {
                break;
            }
            if (raw.size() > MAX_HEAD_BYTES) {
                throw new IOException("request head over " + MAX_HEAD_BYTES + " bytes");
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            headers.merge(name, value, (a, b) -> a + "," + b);
            if (name.equals("content-length")) {
                long length = parseLength(value);
                if (sawLength && length != contentLength) {
                    throw new IOException("conflicting Content-Length headers");
                }
                sawLength = true;
                contentLength = length;
            } else if (name.equals("transfer-encoding")) {
                String[] codings = value.split(",");
                String last = codings[codings.length - 1].trim().toLowerCase(Locale.ROOT);
                chunked = last.equals("chunked");
                otherCoding = !chunked;
            }
        }
        String[] request = requestLine.split(" ", 3);
        // RFC 9112 6.3: Transfer-Encoding overrides Content-Length
        return new Head(
                raw.toByteArray(),
                System.nanoTime(),
                chunked || otherCoding ? -1 : contentLength,
                chunked,
                otherCoding,
                request[0],
                request.length > 1 ? request[1] : "",
                headers);
    }

    private static long parseLength(String value) throws IOException {
        try {
            long length = Long.parseLong(value);
            if (length < 0) {
                throw new NumberFormatException();
            }
            return length;
        } catch (NumberFormatException e) {
            throw new IOException("bad Content-Length: " + value);
        }
    }

    /**
     * Appends one line, terminator included, to {@code raw} and returns it without the terminator.
     *
     * @return null at end of stream before any byte, if {@code eofAllowed}
     */
    private static String readLine(InputStream in, ByteArrayOutputStream raw, boolean eofAllowed) throws IOException {
        int start = raw.size();
        int b;
        while ((b = in.read()) >= 0) {
            raw.write(b);
            if (b == '\n') {
                byte[] all = raw.toByteArray();
                int end = all.length - 1;
                if (end > start && all[end - 1] == '\r') {
                    end--;
                }
                return new String(all, start, end - start, StandardCharsets.ISO_8859_1);
            }
            if (raw.size() - start > MAX_LINE_BYTES) {
                throw new IOException("line over " + MAX_LINE_BYTES + " bytes");
            }
        }
        if (eofAllowed && raw.size() == start) {
            return null;
        }
        throw new IOException("connection closed inside a request head");
    }

    private static void copyBody(Head head, InputStream in, OutputStream out) throws IOException {
        if (head.untilClose) {
            // a coding no server accepts: Azurite will answer 400 and close; pass the rest through as is
            in.transferTo(out);
            return;
        }
        if (!head.chunked) {
            copyExactly(in, out, head.contentLength);
            return;
        }
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        while (true) {
            line.reset();
            String sizeLine = readLine(in, line, false);
            line.writeTo(out);
            int ext = sizeLine.indexOf(';');
            String hex = (ext >= 0 ? sizeLine.substring(0, ext) : sizeLine).trim();
            long size;
            try {
                size = Long.parseLong(hex, 16);
            } catch (NumberFormatException e) {
                throw new IOException("bad chunk size: " + sizeLine);
            }
            if (size < 0) {
                throw new IOException("bad chunk size: " + sizeLine);
            }
            if (size == 0) {
                // trailer fields, then the empty line that ends the request
                String trailer;
                do {
                    line.reset();
                    trailer = readLine(in, line, false);
                    line.writeTo(out);
                } while (!trailer.isEmpty());
                out.flush();
                return;
            }
            copyExactly(in, out, size);
            line.reset();
            if (!readLine(in, line, false).isEmpty()) {
                throw new IOException("chunk data longer than its size line said");
            }
            line.writeTo(out);
        }
    }

    private static void copyExactly(InputStream in, OutputStream out, long count) throws IOException {
        byte[] buf = new byte[(int) Math.min(BUFFER_BYTES, Math.max(count, 1))];
        long left = count;
        while (left > 0) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (n < 0) {
                throw new IOException("connection closed inside a request body");
            }
            out.write(buf, 0, n);
            left -= n;
        }
        out.flush();
    }

    private static void sleepUntil(long deadlineNanos) throws InterruptedException {
        long left;
        while ((left = deadlineNanos - System.nanoTime()) > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception e) {
            // closing is best effort: the socket is gone either way
        }
    }
}
