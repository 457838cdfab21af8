package streambench.feldera.client;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code PUT /v0/pipelines/{name}} sends: the SQL program, its compilation profile and the runtime
 * configuration ({@code workers}, {@code storage}, …, passed through as given).
 *
 * <pre>{@code
 * PipelineDefinition.named("orders").sql(program).profile("optimized").runtime("workers", 4)
 * }</pre>
 */
public record PipelineDefinition(
        String name,
        String description,
        String programCode,
        Map<String, Object> programConfig,
        Map<String, Object> runtimeConfig) {
    public PipelineDefinition {
        programConfig = Map.copyOf(programConfig);
        runtimeConfig = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(runtimeConfig));
    }

    public static PipelineDefinition named(String name) {
        if (name == null || !name.matches("[A-Za-z0-9_-]{1,100}")) {
            throw new IllegalArgumentException(
                    "a pipeline name is 1-100 letters, digits, '-' or '_', got \"" + name + "\"");
        }
        return new PipelineDefinition(name, "", "", Map.of(), Map.of());
    }

    public PipelineDefinition description(String text) {
        return new PipelineDefinition(name, text, programCode, programConfig, runtimeConfig);
    }

    public PipelineDefinition sql(String code) {
        return new PipelineDefinition(name, description, code, programConfig, runtimeConfig);
    }

    /** {@code dev}, {@code unoptimized} or {@code optimized}. */
    public PipelineDefinition profile(String profile) {
        Map<String, Object> p = new LinkedHashMap<>(programConfig);
        p.put("profile", profile);
        return new PipelineDefinition(name, description, programCode, p, runtimeConfig);
    }

    public PipelineDefinition runtime(String key, Object value) {
        Map<String, Object> r = new LinkedHashMap<>(runtimeConfig);
        r.put(key, value);
        return new PipelineDefinition(name, description, programCode, programConfig, r);
    }

    Map<String, Object> body() {
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("name", name);
        b.put("description", description);
        b.put("program_code", programCode);
        b.put("program_config", programConfig);
        b.put("runtime_config", runtimeConfig);
        return b;
    }
}
