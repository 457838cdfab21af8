package streambench.harness;

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

/**
 * Feldera: the consumer jar is a client that deploys the pipeline on a Feldera server, which cannot run
 * on our machines. The engine runs only when a pipeline manager answers at {@code FELDERA_URL} (the
 * harness's environment, else the anchor's default), and says why not otherwise.
 */
final class FelderaEngine implements Engine {
    /** Where Feldera is and how it reaches our services: taken from the harness's environment, never from the anchor. */
    private static final List<String> ENDPOINTS = List.of("FELDERA_URL", "FELDERA_API_KEY",
            "FELDERA_KAFKA_BOOTSTRAP_SERVERS", "FELDERA_AZURITE_ENDPOINT");
    private static final String JAR = "feldera.jar";

    private final Map<String, String> environment;

    FelderaEngine(Map<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public String id() {
        return "feldera";
    }

    @Override
    public String label() {
        return "Feldera";
    }

    @Override
    public String knobAnchor() {
        return "x-feldera-tuning";
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
            layout.jar(JAR);
        } catch (streambench.common.ConfigException e) {
            return Optional.of(e.getMessage());
        }
        String url = url(layout);
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url + "/v0/pipelines?selector=status"))
                    .timeout(Duration.ofSeconds(5));
            String key = environment.get("FELDERA_API_KEY");
            if (key != null && !key.isBlank()) {
                request.header("Authorization", "Bearer " + key);
            }
            int status = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build()
                    .send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            return status == 200 ? Optional.empty()
                    : Optional.of("the Feldera server at " + url + " answered HTTP " + status + " (FELDERA_URL, FELDERA_API_KEY)");
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return Optional.of("no Feldera server answers at " + url + " (set FELDERA_URL to a running pipeline manager; "
                    + "Feldera cannot run on this machine, see README)");
        }
    }

    @Override
    public ConsumerProcess launch(InstallLayout layout, Map<String, String> env, String heap, Path logFile,
                                  Consumer<String> lines) {
        Map<String, String> full = new LinkedHashMap<>(env);
        for (String name : ENDPOINTS) {
            String value = environment.get(name);
            if (value != null && !value.isBlank()) {
                full.put(name, value);
            }
        }
        // the client only deploys and polls; the engine's memory is Feldera's
        return ConsumerProcess.start(id(), layout.jar(JAR), List.of("-Xmx256m"), full, logFile, lines);
    }

    /** Compiling a pipeline is a Rust build: minutes on first use. */
    @Override
    public Duration readyTimeout() {
        return Duration.ofMinutes(30);
    }
}
