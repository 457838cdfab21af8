package streambench.harness.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import streambench.common.ConfigException;

/**
 * The knob defaults of each engine, from the {@code x-*-tuning} anchors of docker-compose.yml: one
 * source of truth for container runs and for the consumers the harness starts itself.
 */
public final class KnobDefaults {
    private final Path file;
    private final JsonNode root;

    private KnobDefaults(Path file, JsonNode root) {
        this.file = file;
        this.root = root;
    }

    public static KnobDefaults load(Path composeFile) {
        try {
            JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(composeFile.toFile());
            if (root == null || !root.isObject()) {
                throw new ConfigException(composeFile + " is empty or not a YAML mapping");
            }
            return new KnobDefaults(composeFile, root);
        } catch (IOException e) {
            throw new ConfigException(composeFile + " is not valid YAML: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /**
     * Every knob name a streambench process reads from its environment, as docker-compose.yml declares
     * them: the keys of every top-level {@code x-*} mapping of plain values (the tuning anchors, the
     * endpoints) and of the {@code environment} of every service of ours (those that merge in an anchor;
     * Kafka's and Feldera's own settings are not knobs). {@code --set} and the tuner's search space are
     * checked against these, so a misspelt knob is an error rather than a silently ignored setting.
     */
    public java.util.Set<String> knownNames() {
        java.util.Set<String> names = new java.util.TreeSet<>();
        root.fields().forEachRemaining(top -> {
            if (top.getKey().startsWith("x-") && top.getValue().isObject()) {
                top.getValue().fields().forEachRemaining(e -> {
                    if (e.getValue().isValueNode() && e.getKey().matches("[A-Z][A-Z0-9_]*")) {
                        names.add(e.getKey());
                    }
                });
            }
        });
        JsonNode services = root.path("services");
        services.fields().forEachRemaining(service -> {
            JsonNode env = service.getValue().path("environment");
            if (env.has("<<")) {
                env.fields().forEachRemaining(e -> {
                    if (e.getKey().matches("[A-Z][A-Z0-9_]*")) {
                        names.add(e.getKey());
                    }
                });
            }
        });
        return names;
    }

    /** The anchor's entries in file order, e.g. {@code anchor("x-spark-tuning")}; values as strings. */
    public Map<String, String> anchor(String name) {
        JsonNode node = root.get(name);
        if (node == null || !node.isObject()) {
            throw new ConfigException(file + " has no mapping " + name);
        }
        Map<String, String> out = new LinkedHashMap<>();
        node.fields().forEachRemaining(e -> {
            if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                throw new ConfigException(file + ": " + name + "." + e.getKey()
                        + " must be a plain value, as an environment variable is");
            }
            out.put(e.getKey(), e.getValue().asText());
        });
        return out;
    }
}
