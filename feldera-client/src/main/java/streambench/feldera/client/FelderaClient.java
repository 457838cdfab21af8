package streambench.feldera.client;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * A small typed client for Feldera's pipeline manager REST API ({@code /v0}), on {@code java.net.http}
 * and Jackson. Transient failures — 408, 502, 503, 504, and a refused or timed-out connection while the
 * manager starts — are retried with exponential backoff; anything else raises a {@link FelderaException}
 * carrying Feldera's {@code message}, {@code error_code} and {@code details}. Unknown JSON fields are
 * ignored, so newer Feldera releases keep working.
 *
 * <pre>{@code
 * FelderaClient feldera = FelderaClient.builder("http://localhost:8080").apiKey(key).build();
 * Pipeline p = feldera.pipeline("orders");
 * p.createOrReplace(PipelineDefinition.named("orders").sql(sql));
 * p.awaitCompiled(Duration.ofMinutes(20), s -> {});
 * p.start();
 * p.awaitRunning(Duration.ofMinutes(5), s -> {});
 * }</pre>
 */
public final class FelderaClient {
    private static final Set<Integer> RETRIED = Set.of(408, 502, 503, 504);

    private final URI base;
    private final String apiKey;
    private final HttpClient http;
    private final Duration requestTimeout;
    private final int maxAttempts;
    private final Duration initialBackoff;
    private final Duration maxBackoff;
    private final List<String> secrets;
    private final Sleeper sleeper;
    final ObjectMapper json = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /** How the client waits between retries and polls; replaced in tests. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    private FelderaClient(Builder b) {
        String url = b.baseUrl.endsWith("/") ? b.baseUrl.substring(0, b.baseUrl.length() - 1) : b.baseUrl;
        this.base = URI.create(url);
        if (base.getScheme() == null
                || !(base.getScheme().equals("http") || base.getScheme().equals("https"))) {
            throw new IllegalArgumentException(
                    "the Feldera URL must be http(s)://host:port, got \"" + b.baseUrl + "\"");
        }
        this.apiKey = b.apiKey;
        this.http = b.http != null
                ? b.http
                : HttpClient.newBuilder().connectTimeout(b.connectTimeout).build();
        this.requestTimeout = b.requestTimeout;
        this.maxAttempts = b.maxAttempts;
        this.initialBackoff = b.initialBackoff;
        this.maxBackoff = b.maxBackoff;
        this.secrets = List.copyOf(b.secrets);
        this.sleeper = b.sleeper;
    }

    public static Builder builder(String baseUrl) {
        return new Builder(baseUrl);
    }

    public URI baseUrl() {
        return base;
    }

    /** A handle on one pipeline; nothing is sent until it is used. */
    public Pipeline pipeline(String name) {
        return new Pipeline(this, name);
    }

    /**
     * Checks that a pipeline manager answers at this URL (lists pipelines, status fields only); a 2xx that
     * is not a JSON array raises {@link NotFelderaException}.
     */
    public void ping() {
        String path = "/v0/pipelines?selector=status";
        Response r = exchange("GET", path, null);
        if (r.status / 100 != 2) {
            throw failure("GET", path, r);
        }
        if (r.body == null || !r.body.isArray()) {
            throw new NotFelderaException(
                    "GET " + path + " at " + base + " answered HTTP " + r.status + " with " + describe(r.body)
                            + ", not Feldera's JSON list of pipelines",
                    r.status);
        }
    }

    /**
     * Who answers at this URL, from {@code GET /v0/config} (there since Feldera v0.100 at least). Anything but
     * a JSON object with textual {@code version} and {@code edition}, or a 404, raises
     * {@link NotFelderaException}: any web server answers 2xx to something, and it must not be sent a program
     * with secrets inside.
     */
    public FelderaServer server() {
        String path = "/v0/config";
        Response r = exchange("GET", path, null);
        if (r.status == 404 || (r.status / 100 == 2 && !looksLikeFelderaConfig(r.body))) {
            throw new NotFelderaException(
                    "GET " + path + " at " + base + " answered HTTP " + r.status + " with " + describe(r.body)
                            + ", not Feldera's configuration (a JSON object with \"version\" and \"edition\")",
                    r.status);
        }
        if (r.status / 100 != 2) {
            throw failure("GET", path, r);
        }
        return new FelderaServer(
                r.body.get("edition").asText(), r.body.get("version").asText());
    }

    private static boolean looksLikeFelderaConfig(JsonNode body) {
        return body != null
                && body.isObject()
                && body.path("version").isTextual()
                && body.path("edition").isTextual();
    }

    /** What kind of body came back, never the body itself: an unknown server's page is not for our log. */
    private static String describe(JsonNode body) {
        if (body == null) {
            return "no body";
        }
        if (body.isTextual()) {
            return body.asText().stripLeading().startsWith("<") ? "an HTML or XML page" : "a body that is not JSON";
        }
        return body.isObject() ? "a JSON object of another shape" : "JSON " + body.getNodeType();
    }

    void sleep(Duration d) {
        try {
            sleeper.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FelderaException("interrupted while waiting for Feldera", 0, null, e);
        }
    }

    /** Sends a request (retrying transient failures) and returns the parsed body; non-2xx raises. */
    JsonNode send(String method, String pathAndQuery, Object body) {
        Response r = exchange(method, pathAndQuery, body);
        if (r.status / 100 != 2) {
            throw failure(method, pathAndQuery, r);
        }
        return r.body;
    }

    /** Like {@link #send} but hands back any final response, for callers that expect e.g. 404. */
    Response exchange(String method, String pathAndQuery, Object body) {
        byte[] payload;
        try {
            payload = body == null ? null : json.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot encode the request body for " + method + " " + pathAndQuery, e);
        }
        Duration backoff = initialBackoff;
        for (int attempt = 1; ; attempt++) {
            try {
                HttpResponse<byte[]> resp =
                        http.send(request(method, pathAndQuery, payload), HttpResponse.BodyHandlers.ofByteArray());
                Response r = new Response(resp.statusCode(), parse(resp.body()));
                if (!RETRIED.contains(r.status) || attempt >= maxAttempts) {
                    return r;
                }
            } catch (ConnectException | HttpConnectTimeoutException e) {
                if (attempt >= maxAttempts) {
                    throw new FelderaException(
                            method + " " + pathAndQuery + ": Feldera at " + base + " is not reachable after " + attempt
                                    + " attempts (" + e.getClass().getSimpleName() + ")",
                            0,
                            null,
                            e);
                }
            } catch (IOException e) {
                throw new FelderaException(
                        method + " " + pathAndQuery + " to " + base + " failed: "
                                + redact(String.valueOf(e.getMessage())),
                        0,
                        null,
                        null);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FelderaException("interrupted during " + method + " " + pathAndQuery, 0, null, e);
            }
            sleep(backoff);
            backoff = backoff.multipliedBy(2).compareTo(maxBackoff) > 0 ? maxBackoff : backoff.multipliedBy(2);
        }
    }

    FelderaException failure(String method, String pathAndQuery, Response r) {
        FelderaError error = FelderaError.from(r.body);
        if (error != null) {
            error = new FelderaError(redact(error.message()), error.errorCode(), error.details());
        }
        String what = error != null ? error.toString() : r.body == null ? "(no body)" : redact(r.body.toString());
        return new FelderaException(
                method + " " + pathAndQuery + " -> HTTP " + r.status + ": " + what, r.status, error, null);
    }

    /**
     * Masks the secrets this client was given wherever Feldera quotes them back (SQL errors quote the program),
     * also as the program escapes them: JSON inside a SQL literal, inside our JSON request.
     */
    String redact(String text) {
        return streambench.common.Secrets.redactText(text, secrets);
    }

    private HttpRequest request(String method, String pathAndQuery, byte[] payload) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(pathAndQuery))
                .timeout(requestTimeout)
                .header("Accept", "application/json");
        if (apiKey != null && !apiKey.isEmpty()) {
            b.header("Authorization", "Bearer " + apiKey);
        }
        if (payload != null) {
            b.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofByteArray(payload));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return b.build();
    }

    private JsonNode parse(byte[] body) {
        if (body == null || body.length == 0) {
            return null;
        }
        try {
            return json.readTree(body);
        } catch (IOException e) {
            return json.getNodeFactory().textNode(new String(body, java.nio.charset.StandardCharsets.UTF_8));
        }
    }

    record Response(int status, JsonNode body) {}

    public static final class Builder {
        private final String baseUrl;
        private String apiKey;
        private HttpClient http;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration requestTimeout = Duration.ofSeconds(60);
        private int maxAttempts = 8;
        private Duration initialBackoff = Duration.ofMillis(250);
        private Duration maxBackoff = Duration.ofSeconds(8);
        private final List<String> secrets = new ArrayList<>();
        private Sleeper sleeper = d -> Thread.sleep(d.toMillis());

        private Builder(String baseUrl) {
            this.baseUrl = baseUrl;
        }

        /** Sent as {@code Authorization: Bearer <key>}; also masked in every message. */
        public Builder apiKey(String key) {
            this.apiKey = key;
            if (key != null) {
                secrets.add(key);
            }
            return this;
        }

        public Builder connectTimeout(Duration d) {
            this.connectTimeout = d;
            return this;
        }

        public Builder requestTimeout(Duration d) {
            this.requestTimeout = d;
            return this;
        }

        /** Attempts per request (first one included) and the backoff between them, doubling up to {@code max}. */
        public Builder retries(int attempts, Duration initial, Duration max) {
            if (attempts < 1) {
                throw new IllegalArgumentException("attempts must be >= 1");
            }
            this.maxAttempts = attempts;
            this.initialBackoff = initial;
            this.maxBackoff = max;
            return this;
        }

        /** Values to mask in exception messages, e.g. a storage key inside the SQL program. */
        public Builder redacting(Collection<String> values) {
            secrets.addAll(values);
            return this;
        }

        public Builder httpClient(HttpClient client) {
            this.http = client;
            return this;
        }

        public Builder sleeper(Sleeper s) {
            this.sleeper = s;
            return this;
        }

        public FelderaClient build() {
            return new FelderaClient(this);
        }
    }
}
