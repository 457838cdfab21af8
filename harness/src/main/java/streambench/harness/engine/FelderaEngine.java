package streambench.harness.engine;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import streambench.services.ConsumerProcess;
import streambench.services.InstallLayout;

/**
 * Feldera: the consumer jar is a client that deploys the pipeline on a Feldera server, which cannot run
 * on our machines. The engine runs only when a pipeline manager answers at {@code FELDERA_URL} (the
 * harness's environment, else the anchor's default), and says why not otherwise.
 */
final class FelderaEngine implements Engine {
    /**
     * Where Feldera is, whether plain http to it is accepted, and how it reaches our services: taken from the
     * harness's environment, never from the anchor.
     */
    private static final List<String> ENDPOINTS = List.of(
            "FELDERA_URL",
            "FELDERA_ALLOW_PLAIN_HTTP",
            "FELDERA_API_KEY",
            "FELDERA_KAFKA_BOOTSTRAP_SERVERS",
            "FELDERA_AZURITE_ENDPOINT");

    private final String id;
    private final String label;
    private final String knobAnchor;
    private final Map<String, String> environment;

    /** Made by {@link Engines#feldera}, which names it. */
    FelderaEngine(String id, String label, String knobAnchor, Map<String, String> environment) {
        this.id = id;
        this.label = label;
        this.knobAnchor = knobAnchor;
        this.environment = environment;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public String label() {
        return label;
    }

    /** One telemetry line per poll of the pipeline's /stats. */
    @Override
    public String unitOfWork() {
        return "stats poll";
    }

    @Override
    public String knobAnchor() {
        return knobAnchor;
    }

    @Override
    public List<String> endpointNames() {
        return ENDPOINTS;
    }

    /** The harness's FELDERA_URL, else the anchor's default. */
    String url(InstallLayout layout) {
        String url = environment.get("FELDERA_URL");
        if (url != null && !url.isBlank()) {
            return url;
        }
        return KnobDefaults.load(layout.composeFile()).anchor(knobAnchor()).getOrDefault("FELDERA_URL", "");
    }

    @Override
    public Optional<String> unavailable(InstallLayout layout) {
        try {
            layout.jar(jarKey());
        } catch (streambench.common.ConfigException e) {
            return Optional.of(e.getMessage());
        }
        String url = url(layout);
        int status;
        try {
            status = ping(url);
        } catch (IllegalArgumentException e) {
            return Optional.of("FELDERA_URL: " + e.getMessage());
        } catch (IOException e) {
            return Optional.of(
                    "no Feldera server answers at " + url + " (set FELDERA_URL to a running pipeline manager; "
                            + "Feldera cannot run on this machine, see README)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while asking " + url + " whether Feldera answers");
        }
        return status / 100 == 2
                ? Optional.empty()
                : Optional.of("the Feldera server at " + url + " answered HTTP " + status
                        + " (FELDERA_URL, FELDERA_API_KEY)");
    }

    /**
     * One plain GET of the pipeline list, asked once: the harness links no engine code, so this does not go
     * through the Feldera client; the consumer's own preflight says more when it starts.
     */
    private int ping(String url) throws IOException, InterruptedException {
        URI uri = URI.create(url.replaceAll("/+$", "") + "/v0/pipelines?selector=status");
        if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
            throw new IllegalArgumentException("must be an http(s) URL with a host");
        }
        HttpRequest.Builder request =
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).GET();
        String key = environment.get("FELDERA_API_KEY");
        if (key != null && !key.isBlank()) {
            request.header("Authorization", "Bearer " + key);
        }
        HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
        return client.send(request.build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    @Override
    public ConsumerProcess launch(
            InstallLayout layout, Map<String, String> env, String heap, Path logFile, Consumer<String> lines) {
        Map<String, String> full = new LinkedHashMap<>(env);
        for (String name : ENDPOINTS) {
            String value = environment.get(name);
            if (value != null && !value.isBlank()) {
                full.put(name, value);
            }
        }
        // the client only deploys and polls; the engine's memory is Feldera's
        return ConsumerProcess.start(id(), layout.jar(jarKey()), List.of("-Xmx256m"), full, logFile, lines);
    }

    /** Compiling a pipeline is a Rust build: minutes on first use. */
    @Override
    public Duration readyTimeout() {
        return Duration.ofMinutes(30);
    }
}
