package streambench.harness;

import streambench.feldera.client.FelderaClient;
import streambench.feldera.client.FelderaException;

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
            String key = environment.get("FELDERA_API_KEY");
            FelderaClient.builder(url).apiKey(key == null || key.isBlank() ? null : key)
                    .connectTimeout(Duration.ofSeconds(3)).requestTimeout(Duration.ofSeconds(5))
                    .retries(1, Duration.ZERO, Duration.ZERO) // a yes/no question, asked once
                    .build().ping();
            return Optional.empty();
        } catch (FelderaException e) {
            return Optional.of(e.httpStatus() == 0
                    ? "no Feldera server answers at " + url + " (set FELDERA_URL to a running pipeline manager; "
                            + "Feldera cannot run on this machine, see README)"
                    : "the Feldera server at " + url + " answered HTTP " + e.httpStatus() + " (FELDERA_URL, FELDERA_API_KEY)");
        } catch (IllegalArgumentException e) {
            return Optional.of("FELDERA_URL: " + e.getMessage());
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
