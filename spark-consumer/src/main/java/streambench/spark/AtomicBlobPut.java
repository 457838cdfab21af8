package streambench.spark;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.FileAlreadyExistsException;

/**
 * Writes a whole small file in one Blob service {@code Put Blob} request: the blob appears with all its bytes
 * or not at all, and with {@code If-None-Match: *} only if no blob has that name. That is the "create a file
 * atomically, fail if it exists" every streaming log needs, which the ABFS driver builds on the Blob endpoint
 * from a temporary file and a rename: 15 requests in hadoop-azure 3.4.2, 17 in 3.5.0, each a round trip on
 * the micro-batch's critical path (docs/verified-facts.md).
 *
 * <p>Transient failures (no answer, 408, 429, 5xx) are retried with backoff for up to {@link #RETRY_FOR}, like
 * the driver's own retries. A retried exclusive PUT that meets an existing blob reads it back: the same bytes
 * mean the earlier attempt landed and the write succeeded; anything else is a real conflict.
 */
final class AtomicBlobPut {
    static final Duration RETRY_FOR = Duration.ofMinutes(2);
    private static final String SERVICE_VERSION = "2021-08-06";
    private static final DateTimeFormatter RFC_1123 = DateTimeFormatter.RFC_1123_DATE_TIME;
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(10))
            .version(HttpClient.Version.HTTP_1_1)
            .build();
    private static final AtomicLong REQUESTS = new AtomicLong();

    private AtomicBlobPut() {}

    /** Every request this JVM sent through here, retries and read-backs included, for the telemetry. */
    static long requests() {
        return REQUESTS.get();
    }

    /**
     * Puts {@code body} at {@code blob}; with {@code exclusive}, throws Hadoop's FileAlreadyExistsException
     * (what Spark's logs expect) when another writer's blob is already there.
     */
    static void put(BlobAddress blob, byte[] body, boolean exclusive) throws IOException {
        long deadline = System.nanoTime() + RETRY_FOR.toNanos();
        long backoffMs = 100;
        boolean retried = false;
        while (true) {
            HttpResponse<byte[]> answer;
            try {
                answer = send("PUT", blob, body, exclusive);
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
            if (status == 409 || status == 412) {
                if (retried && Arrays.equals(body, read(blob))) {
                    return;
                }
                throw new FileAlreadyExistsException(blob.uri().getRawPath() + " already exists");
            }
            if ((status == 408 || status == 429 || status >= 500) && System.nanoTime() < deadline) {
                retried = true;
                backoffMs = pause(backoffMs);
                continue;
            }
            throw refused("PUT", blob, answer);
        }
    }

    private static byte[] read(BlobAddress blob) throws IOException {
        HttpResponse<byte[]> answer = send("GET", blob, new byte[0], false);
        if (answer.statusCode() != 200) {
            throw refused("GET", blob, answer);
        }
        return answer.body();
    }

    /** The path, the status and Azure's error code: never the URL's query or a header that could hold a secret. */
    private static IOException refused(String verb, BlobAddress blob, HttpResponse<?> answer) {
        return new IOException(verb + " " + blob.uri().getRawPath() + " answered " + answer.statusCode() + " "
                + answer.headers().firstValue("x-ms-error-code").orElse(""));
    }

    private static HttpResponse<byte[]> send(String verb, BlobAddress blob, byte[] body, boolean exclusive)
            throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-ms-date", RFC_1123.format(ZonedDateTime.now(ZoneOffset.UTC)));
        headers.put("x-ms-version", SERVICE_VERSION);
        long length = 0;
        if (verb.equals("PUT")) {
            headers.put("x-ms-blob-type", "BlockBlob");
            headers.put("Content-Type", "application/octet-stream");
            length = body.length;
            if (exclusive) {
                headers.put("If-None-Match", "*");
            }
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(blob.uri())
                .timeout(Duration.ofSeconds(30))
                .method(
                        verb,
                        verb.equals("PUT")
                                ? HttpRequest.BodyPublishers.ofByteArray(body)
                                : HttpRequest.BodyPublishers.noBody());
        headers.forEach(request::header);
        request.header(
                "Authorization",
                SharedKeySignature.authorization(blob.account(), blob.key(), verb, blob.uri(), headers, length));
        REQUESTS.incrementAndGet();
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException(verb + " " + blob.uri().getRawPath() + " interrupted");
        }
    }

    private static long pause(long backoffMs) throws IOException {
        try {
            Thread.sleep(backoffMs);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while retrying a PUT");
        }
        return Math.min(backoffMs * 2, 5_000);
    }
}
