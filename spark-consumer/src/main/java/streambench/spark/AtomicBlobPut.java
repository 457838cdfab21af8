package streambench.spark;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import streambench.common.SharedKeySignature;

/**
 * Writes a whole small file in one Blob service {@code Put Blob} request: the blob appears with all its bytes
 * or not at all, and with {@code If-None-Match: *} only if no blob has that name. That is the "create a file
 * atomically, fail if it exists" every streaming log needs, which the ABFS driver builds on the Blob endpoint
 * from a temporary file and a rename: 15 requests in hadoop-azure 3.4.2, 17 in 3.5.0, each a round trip on
 * the micro-batch's critical path (docs/verified-facts.md).
 *
 * <p>Transient failures (no answer, 408, 429, 5xx) are retried with backoff for up to {@link #RETRY_FOR}, like
 * the driver's own retries. A retried exclusive PUT that meets an existing blob reads it back (retried the same
 * way): the same bytes mean the earlier attempt landed and the write succeeded; anything else is a real conflict.
 */
final class AtomicBlobPut {
    static final Duration RETRY_FOR = Duration.ofMinutes(2);
    private static final String SERVICE_VERSION = "2021-08-06";
    private static final AtomicLong REQUESTS = new AtomicLong();
    private static final AtomicBlobPut SHARED = new AtomicBlobPut(
            Clock.systemUTC(),
            HttpClient.newBuilder()
                    .connectTimeout(Duration.ofSeconds(10))
                    .version(HttpClient.Version.HTTP_1_1)
                    .build(),
            RETRY_FOR);

    private final Clock clock;
    private final HttpClient http;
    private final Duration retryFor;

    /** {@code clock} dates each request ({@code x-ms-date}); the service refuses one more than 15 min off its own. */
    AtomicBlobPut(Clock clock, HttpClient http, Duration retryFor) {
        this.clock = clock;
        this.http = http;
        this.retryFor = retryFor;
    }

    /** Every request this JVM sent through here, retries, read-backs and probes included, for the telemetry. */
    static long requests() {
        return REQUESTS.get();
    }

    /** {@link #write} with the JVM's clock and client. */
    static void put(BlobAddress blob, byte[] body, boolean exclusive) throws IOException {
        SHARED.write(blob, body, exclusive);
    }

    /** {@link #answersAtAll} with the JVM's clock and client. */
    static String probe(BlobAddress blob) {
        return SHARED.answersAtAll(blob);
    }

    /**
     * Puts {@code body} at {@code blob}; with {@code exclusive}, throws Hadoop's FileAlreadyExistsException
     * (what Spark's logs expect) when another writer's blob is already there.
     */
    void write(BlobAddress blob, byte[] body, boolean exclusive) throws IOException {
        long deadline = System.nanoTime() + retryFor.toNanos();
        long backoffMs = 100;
        boolean retried = false;
        while (true) {
            HttpResponse<byte[]> answer;
            try {
                answer = send("PUT", blob.uri(), blob, body, exclusive);
            } catch (InterruptedIOException e) {
                throw e;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("PUT " + blob.uri().getRawPath() + " failed: " + e.getMessage(), e);
                }
                retried = true;
                backoffMs = pause(backoffMs);
                continue;
            }
            int status = answer.statusCode();
            if (status == 201) {
                return;
            }
            if (exclusive && blobExists(answer)) {
                if (retried && Arrays.equals(body, read(blob, deadline))) {
                    return;
                }
                throw new FileAlreadyExistsException(blob.uri().getRawPath() + " already exists");
            }
            if (isTransient(status) && System.nanoTime() < deadline) {
                retried = true;
                backoffMs = pause(backoffMs);
                continue;
            }
            throw refused("PUT", blob.uri(), answer);
        }
    }

    /**
     * Null when the Blob endpoint answers a request on the blob's container (any HTTP status: an answer is what
     * this asks for), otherwise why not. A lake reached through a private endpoint for {@code dfs} only has no
     * Blob endpoint on its network: every Put Blob would then fail after {@link #RETRY_FOR}.
     */
    String answersAtAll(BlobAddress blob) {
        try {
            send("HEAD", blob.container(), blob, new byte[0], false);
            return null;
        } catch (InterruptedIOException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        } catch (IOException e) {
            return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        }
    }

    /**
     * A blob of that name is there: 409 {@code BlobAlreadyExists}, or 412 for the failed {@code If-None-Match}.
     * Other 409s (a lease on the blob, a container being deleted) are not "the file exists" and are reported
     * with their error code.
     */
    private static boolean blobExists(HttpResponse<?> answer) {
        String code = answer.headers().firstValue("x-ms-error-code").orElse("");
        return answer.statusCode() == 412 || (answer.statusCode() == 409 && code.equals("BlobAlreadyExists"));
    }

    private static boolean isTransient(int status) {
        return status == 408 || status == 429 || status >= 500;
    }

    private byte[] read(BlobAddress blob, long deadline) throws IOException {
        long backoffMs = 100;
        while (true) {
            HttpResponse<byte[]> answer;
            try {
                answer = send("GET", blob.uri(), blob, new byte[0], false);
            } catch (InterruptedIOException e) {
                throw e;
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("GET " + blob.uri().getRawPath() + " failed: " + e.getMessage(), e);
                }
                backoffMs = pause(backoffMs);
                continue;
            }
            if (answer.statusCode() == 200) {
                return answer.body();
            }
            if (isTransient(answer.statusCode()) && System.nanoTime() < deadline) {
                backoffMs = pause(backoffMs);
                continue;
            }
            throw refused("GET", blob.uri(), answer);
        }
    }

    /** The path, the status and Azure's error code: never the URL's query or a header that could hold a secret. */
    private static IOException refused(String verb, URI uri, HttpResponse<?> answer) {
        return new IOException(verb + " " + uri.getRawPath() + " answered " + answer.statusCode() + " "
                + answer.headers().firstValue("x-ms-error-code").orElse(""));
    }

    private HttpResponse<byte[]> send(String verb, URI uri, BlobAddress blob, byte[] body, boolean exclusive)
            throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-ms-date", SharedKeySignature.xMsDate(clock));
        headers.put("x-ms-version", SERVICE_VERSION);
        if (verb.equals("PUT")) {
            headers.put("x-ms-blob-type", "BlockBlob");
            headers.put("Content-Type", "application/octet-stream");
            if (exclusive) {
                headers.put("If-None-Match", "*");
            }
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(30))
                .method(
                        verb,
                        verb.equals("PUT")
                                ? HttpRequest.BodyPublishers.ofByteArray(body)
                                : HttpRequest.BodyPublishers.noBody());
        headers.forEach(request::header);
        // the client writes Content-Length itself (it may not be set by hand); the signature covers it all the same
        Map<String, String> signed = new LinkedHashMap<>(headers);
        signed.put("Content-Length", Integer.toString(verb.equals("PUT") ? body.length : 0));
        request.header(
                "Authorization",
                SharedKeySignature.authorization(
                        blob.account(),
                        blob.key(),
                        SharedKeySignature.stringToSign(
                                blob.account(), verb, uri.getRawPath(), uri.getRawQuery(), signed)));
        REQUESTS.incrementAndGet();
        try {
            return verb.equals("HEAD")
                    ? http.send(request.build(), r -> HttpResponse.BodySubscribers.replacing(new byte[0]))
                    : http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(verb + " " + uri.getRawPath() + " interrupted");
        }
    }

    private static long pause(long backoffMs) throws IOException {
        try {
            Thread.sleep(backoffMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while retrying a blob request");
        }
        return Math.min(backoffMs * 2, 5_000);
    }
}
