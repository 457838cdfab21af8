package streambench.common;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads every tuning value and setting from the environment. A knob is declared once as a {@link KnobDef} and
 * read with {@link KnobDef#from}; the defaults stand in the {@code x-*-tuning} anchors of docker-compose.yml too,
 * and a test asks every jar's {@code --knobs} for them. An empty variable counts as unset, as docker-compose
 * writes {@code NAME=} for "no value".
 * Everything read is remembered so a main can print its effective configuration, secrets redacted; the
 * value of every secret-named variable given becomes a known secret ({@link Secrets#remember}).
 */
public final class Knobs {
    private final Map<String, String> source;
    private final Map<String, String> effective = Collections.synchronizedMap(new TreeMap<>());

    private Knobs(Map<String, String> source) {
        this.source = Map.copyOf(source);
        // every secret-named variable, read or not, is masked in all free text this process prints: a child
        // process gets this environment too and may quote a value back in an error we print
        Secrets.rememberSecretsIn(this.source);
    }

    public static Knobs fromEnvironment() {
        return new Knobs(System.getenv());
    }

    public static Knobs of(Map<String, String> values) {
        return new Knobs(values);
    }

    /** The variable's value, or {@code defaultValue} when it is unset or blank. */
    public Knob env(String name, String defaultValue) {
        String value = raw(name).orElse(defaultValue);
        effective.put(name, value);
        return new Knob(name, value);
    }

    /** A setting without a default; the message says what the variable is for. */
    public Knob required(String name, String purpose) {
        String value = raw(name).orElseThrow(() -> new ConfigException(name + " is not set: " + purpose));
        effective.put(name, value);
        return new Knob(name, value);
    }

    public Optional<Knob> optional(String name) {
        Optional<String> value = raw(name);
        value.ifPresent(v -> effective.put(name, v));
        return value.map(v -> new Knob(name, v));
    }

    /** A new reader over this one's variables with {@code overrides} on top (e.g. {@code --set KEY=VALUE}). */
    public Knobs withOverrides(Map<String, String> overrides) {
        Map<String, String> merged = new java.util.HashMap<>(source);
        merged.putAll(overrides);
        return new Knobs(merged);
    }

    public boolean isSet(String name) {
        return raw(name).isPresent();
    }

    /** All variables starting with {@code prefix}, unrecorded; for pass-through families like KAFKA_CLIENT_*. */
    public Map<String, String> withPrefix(String prefix) {
        Map<String, String> out = new TreeMap<>();
        source.forEach((k, v) -> {
            if (k.startsWith(prefix) && v != null && !v.isBlank()) {
                out.put(k, v);
                effective.put(k, v);
            }
        });
        return out;
    }

    /** Everything read so far, sorted by name, secrets redacted. */
    public Map<String, String> effectiveRedacted() {
        synchronized (effective) {
            return Secrets.redact(new TreeMap<>(effective));
        }
    }

    private Optional<String> raw(String name) {
        String v = source.get(name);
        return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
    }
}
