package streambench.harness.search;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import streambench.common.ConfigException;

/**
 * The knobs {@code tune} may change and the values it may try, declared in docker-compose.yml beside
 * the engine's {@code x-*-tuning} anchor, so the defaults and what to try instead are reviewed together:
 *
 * <pre>{@code
 * x-spark-search:
 *   TRIGGER_INTERVAL:
 *     values: ["0s", "500ms", "2s"]
 *     why: "each micro-batch pays a fixed storage cost; fewer, larger batches amortise it"
 *   MAX_OFFSETS_PER_TRIGGER:
 *     values: ["200000", "0"]
 *     why: "..."
 * }</pre>
 *
 * Each key is a knob the engine reads; {@code values} is a non-empty list of plain scalars, tried in the
 * order written (quote them as the anchors do: YAML would read {@code 1e3} as a number and hand back
 * {@code 1000.0}); {@code why} says why the knob may matter and is required, because a candidate nobody
 * can justify is budget spent on noise. The knobs' order is the order they are tried in: most promising
 * first. Compose ignores top-level keys starting with {@code x-}, so the block does not disturb it.
 */
public final class SearchSpace {
    /** One knob to vary: the values to try besides its current one, and why it may matter. */
    public record Dimension(String knob, List<String> values, String why) {
        public Dimension {
            values = List.copyOf(values);
        }
    }

    private static final Set<String> FIELDS = Set.of("values", "why");

    private final String source;
    private final List<Dimension> dimensions;

    private SearchSpace(String source, List<Dimension> dimensions) {
        this.source = source;
        this.dimensions = List.copyOf(dimensions);
    }

    /** For callers that build a space in code: tests, or a space given on the command line. */
    static SearchSpace of(String source, List<Dimension> dimensions) {
        return new SearchSpace(source, dimensions);
    }

    /** {@code x-spark-tuning} → {@code x-spark-search}: the search block lives beside the anchor it varies. */
    public static String blockBeside(String tuningAnchor) {
        if (!tuningAnchor.endsWith("-tuning")) {
            throw new IllegalArgumentException(tuningAnchor + " is not an x-*-tuning anchor");
        }
        return tuningAnchor.substring(0, tuningAnchor.length() - "-tuning".length()) + "-search";
    }

    /** The block {@code block} of {@code composeFile}; a {@link ConfigException} names file, block and knob at fault. */
    public static SearchSpace load(Path composeFile, String block) {
        JsonNode root;
        try {
            // a knob written twice would otherwise lose its first entry without a word
            YAMLFactory yaml = YAMLFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .build();
            root = new ObjectMapper(yaml).readTree(composeFile.toFile());
        } catch (IOException e) {
            throw new ConfigException(composeFile + " is not valid YAML: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
        String where = composeFile + ": " + block;
        if (root == null || !root.isObject()) {
            throw new ConfigException(composeFile + " is empty or not a YAML mapping");
        }
        JsonNode node = root.get(block);
        if (node == null) {
            throw new ConfigException(composeFile + " has no " + block + " block: declare the knobs to try there"
                    + " (see the Javadoc of SearchSpace, or an existing x-*-search block)");
        }
        if (!node.isObject() || node.isEmpty()) {
            throw new ConfigException(where + " must map knob names to {values, why}; it declares no knob");
        }
        List<Dimension> dimensions = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            dimensions.add(dimension(where + "." + e.getKey(), e.getKey(), e.getValue()));
        }
        return new SearchSpace(where, dimensions);
    }

    private static Dimension dimension(String where, String knob, JsonNode entry) {
        if (!entry.isObject()) {
            throw new ConfigException(where + " must be a mapping with values and why");
        }
        for (Iterator<String> names = entry.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) {
                throw new ConfigException(where + " has an unknown key " + name + " (expected values and why)");
            }
        }
        JsonNode values = entry.get("values");
        if (values == null) {
            throw new ConfigException(where + " has no values: list the values to try");
        }
        if (!values.isArray()) {
            throw new ConfigException(where + ".values must be a list, e.g. [\"0s\", \"2s\"]");
        }
        if (values.isEmpty()) {
            throw new ConfigException(where + ".values is empty: list at least one value to try");
        }
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode v : values) {
            if (!v.isValueNode() || v.isNull()) {
                throw new ConfigException(where + ".values has " + (v.isNull() ? "an empty entry" : v.toString())
                        + ": each value must be a plain value, as an environment variable is");
            }
            if (!seen.add(v.asText())) {
                throw new ConfigException(where + ".values lists " + v.asText() + " twice");
            }
            out.add(v.asText());
        }
        JsonNode why = entry.get("why");
        if (why == null) {
            throw new ConfigException(where + " has no why: say in a sentence why this knob may matter");
        }
        if (!why.isTextual() || why.asText().isBlank()) {
            throw new ConfigException(where + ".why must be a sentence saying why this knob may matter, not " + why);
        }
        return new Dimension(knob, out, why.asText().strip());
    }

    /** In the order declared, which is the order tried. */
    public List<Dimension> dimensions() {
        return dimensions;
    }

    /**
     * Rejects knobs the engine does not read: trying one would spend trials on a change the engine
     * ignores, and a tuner that silently tries nothing is worse than none.
     */
    public void validateAgainst(Collection<String> knobsTheEngineReads) {
        List<String> unknown = dimensions.stream()
                .map(Dimension::knob)
                .filter(k -> !knobsTheEngineReads.contains(k))
                .toList();
        if (!unknown.isEmpty()) {
            throw new ConfigException(source + " names " + (unknown.size() == 1 ? "a knob" : "knobs")
                    + " the engine does not read: "
                    + unknown.stream()
                            .map(k -> k + KnobNames.hint(k, knobsTheEngineReads))
                            .collect(Collectors.joining(", ")));
        }
    }

    @Override
    public String toString() {
        return source + " "
                + dimensions.stream().map(d -> d.knob() + "=" + d.values()).toList();
    }
}
