package streambench.feldera;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import streambench.common.LakeSettings;

/**
 * The Feldera SQL program of a run: a table fed by a {@code kafka_input} connector (JSON, raw inserts) and
 * a view written by a {@code delta_table_output} connector to the lake. Storage credentials travel inside
 * it, so it must only ever be shown through {@link #redacted}.
 */
final class PipelineProgram {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final Pattern JAAS_PLAIN = Pattern.compile(
            "PlainLoginModule\\s+required\\s+username=\"((?:[^\"\\\\]|\\\\.)*)\"\\s+password=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private PipelineProgram() {}

    static String sql(FelderaSettings s) {
        return "-- streambench: Kafka topic " + s.topic() + " -> Delta table "
                + s.lake().tableUri(s.tablePath()) + "\n"
                + "CREATE TABLE events (\n"
                + "    ts TIMESTAMP NOT NULL,\n"
                + "    producer_id INT NOT NULL,\n"
                + "    seq BIGINT NOT NULL\n"
                + ") WITH (\n"
                + "    'connectors' = '" + quote(json(List.of(kafkaInput(s)))) + "'\n"
                + ");\n"
                + "\n"
                + "CREATE VIEW benchmark\n"
                + "WITH (\n"
                + "    'connectors' = '" + quote(json(List.of(deltaOutput(s)))) + "'\n"
                + ")\n"
                + "AS SELECT ts, producer_id, seq FROM events\n"
                // what the Spark and Flink consumers (common's EventCodec) accept; Feldera's parser takes any
                // year 1..9999 and negative numbers. Rows dropped here are not counted as parse errors.
                + "WHERE ts >= TIMESTAMP '2000-01-01 00:00:00' AND ts < TIMESTAMP '2100-01-01 00:00:00'\n"
                + "    AND producer_id >= 0 AND seq >= 0;\n";
    }

    /** The program with every secret it may hold replaced by {@code <redacted>}. */
    static String redacted(String program, List<String> secrets) {
        return streambench.common.Secrets.redactText(program, secrets);
    }

    /** Secrets that can appear in the program: storage keys, client secrets, Kafka passwords. */
    static List<String> secrets(FelderaSettings s) {
        List<String> out = new java.util.ArrayList<>(s.lake().secretValues());
        librdkafka(s.kafka().properties()).forEach((k, v) -> {
            if (streambench.common.Secrets.isSecretName(k)) {
                out.add(v);
            }
        });
        s.apiKey().ifPresent(out::add);
        return out;
    }

    private static Map<String, Object> kafkaInput(FelderaSettings s) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("topic", s.topic());
        config.put(
                "bootstrap.servers", s.pipelineKafkaBootstrap().orElse(s.kafka().bootstrapServers()));
        config.put("start_from", s.startFrom().value());
        config.put("poller_threads", s.pollerThreads());
        config.putAll(librdkafka(s.kafka().properties()));
        Map<String, Object> connector = new LinkedHashMap<>();
        connector.put("transport", object("name", "kafka_input", "config", config));
        connector.put("format", object("name", "json", "config", object("update_format", "raw")));
        return connector;
    }

    private static Map<String, Object> deltaOutput(FelderaSettings s) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("uri", s.lake().tableUri(s.tablePath()));
        config.put("mode", s.deltaMode().value());
        if (s.deltaThreads() > 0) {
            config.put("threads", s.deltaThreads());
        }
        Map<String, String> store = new java.util.TreeMap<>(s.lake().objectStoreOptions());
        if (s.lake().mode() == LakeSettings.Mode.AZURITE
                && s.pipelineAzuriteEndpoint().isPresent()) {
            // Feldera (in a container) may reach Azurite under another name than we do
            store.put(
                    "azure_storage_endpoint",
                    "http://" + s.pipelineAzuriteEndpoint().get() + "/" + store.get("azure_storage_account_name"));
        }
        config.putAll(store); // object_store options are strings, even "true"
        Map<String, Object> connector = new LinkedHashMap<>();
        connector.put("transport", object("name", "delta_table_output", "config", config));
        connector.put("enable_output_buffer", s.outputBuffer());
        if (s.outputBuffer()) {
            connector.put("max_output_buffer_time_millis", s.maxOutputBufferTimeMillis());
            connector.put("max_output_buffer_size_records", s.maxOutputBufferSizeRecords());
        }
        return connector;
    }

    /**
     * Java client properties as librdkafka wants them: everything but the bootstrap servers passes
     * through; a JAAS PLAIN login (how Event Hubs' connection string arrives) becomes sasl.username and
     * sasl.password, which is all librdkafka understands.
     */
    static Map<String, String> librdkafka(Map<String, String> javaProps) {
        // sorted: the same settings must give the same program text, or Feldera compiles it again
        Map<String, String> out = new java.util.TreeMap<>();
        javaProps.forEach((k, v) -> {
            if (k.equals("bootstrap.servers")) {
                return;
            }
            if (k.equals("sasl.jaas.config")) {
                Matcher m = JAAS_PLAIN.matcher(v);
                if (!m.find()) {
                    throw new streambench.common.ConfigException(
                            "KAFKA_CLIENT_SASL_JAAS_CONFIG: Feldera's librdkafka takes "
                                    + "only PLAIN logins (username/password) from a JAAS line; set KAFKA_CLIENT_SASL_USERNAME "
                                    + "and KAFKA_CLIENT_SASL_PASSWORD instead");
                }
                out.put("sasl.username", m.group(1).replace("\\\"", "\""));
                out.put("sasl.password", m.group(2).replace("\\\"", "\""));
                return;
            }
            out.put(k, v);
        });
        return out;
    }

    /** A JSON object with its keys in the order given: the program text must not change between runs. */
    private static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Inside a SQL string literal a single quote is written twice. */
    private static String quote(String text) {
        return text.replace("'", "''");
    }
}
