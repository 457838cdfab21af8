package streambench.common;

import static streambench.common.ConsumerContract.EVENTHUB_CONNECTION_STRING;
import static streambench.common.ConsumerContract.KAFKA_BOOTSTRAP_SERVERS;
import static streambench.common.ConsumerContract.KAFKA_CLIENT_PREFIX;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Client properties that reach a Kafka cluster, shared by the producer and every consumer:
 * <ul>
 *   <li>{@code KAFKA_BOOTSTRAP_SERVERS}: any Kafka;</li>
 *   <li>{@code EVENTHUB_CONNECTION_STRING}: Azure Event Hubs' Kafka endpoint, turned into the
 *       namespace's {@code :9093} bootstrap plus SASL_SSL/PLAIN with {@code $ConnectionString} as user;</li>
 *   <li>{@code KAFKA_CLIENT_<PROPERTY>}: passed through as a client property, {@code _} becoming {@code .}
 *       and lower-cased, e.g. {@code KAFKA_CLIENT_SECURITY_PROTOCOL=SASL_SSL} → {@code security.protocol}.</li>
 * </ul>
 */
public final class KafkaConnection {
    private final Map<String, String> properties;
    private final String secret;

    private KafkaConnection(Map<String, String> properties, String secret) {
        this.properties = Map.copyOf(properties);
        this.secret = secret;
    }

    public static KafkaConnection fromKnobs(Knobs knobs) {
        Map<String, String> props = new LinkedHashMap<>();
        String secret = null;
        var eventHub = knobs.optional(EVENTHUB_CONNECTION_STRING);
        if (eventHub.isPresent()) {
            String conn = eventHub.get().asString();
            props.put("bootstrap.servers", eventHubBootstrap(conn));
            props.put("security.protocol", "SASL_SSL");
            props.put("sasl.mechanism", "PLAIN");
            props.put(
                    "sasl.jaas.config",
                    "org.apache.kafka.common.security.plain.PlainLoginModule required "
                            + "username=\"$ConnectionString\" password=\"" + conn.replace("\"", "\\\"") + "\";");
            secret = conn;
            if (knobs.isSet(KAFKA_BOOTSTRAP_SERVERS)) {
                throw new ConfigException("set either KAFKA_BOOTSTRAP_SERVERS or EVENTHUB_CONNECTION_STRING, not both");
            }
        } else {
            props.put(
                    "bootstrap.servers",
                    knobs.required(
                                    KAFKA_BOOTSTRAP_SERVERS,
                                    "the Kafka brokers as host:port[,host:port] (or set EVENTHUB_CONNECTION_STRING)")
                            .asString());
        }
        knobs.withPrefix(KAFKA_CLIENT_PREFIX).forEach((name, value) -> {
            String key = name.substring(KAFKA_CLIENT_PREFIX.length())
                    .toLowerCase(Locale.ROOT)
                    .replace('_', '.');
            if (key.isEmpty()) {
                throw new ConfigException(name + " names no client property");
            }
            props.put(key, value);
        });
        return new KafkaConnection(props, secret);
    }

    public static KafkaConnection ofBootstrap(String bootstrapServers) {
        return new KafkaConnection(Map.of("bootstrap.servers", bootstrapServers), null);
    }

    static String eventHubBootstrap(String conn) {
        for (String part : conn.split(";")) {
            String p = part.trim();
            if (p.regionMatches(true, 0, "Endpoint=", 0, 9)) {
                String host = p.substring(9).replaceFirst("^sb://", "").replaceAll("/+$", "");
                if (host.isEmpty()) {
                    break;
                }
                return host + ":9093";
            }
        }
        throw new ConfigException(
                "EVENTHUB_CONNECTION_STRING has no Endpoint=sb://<namespace>.servicebus.windows.net/ part");
    }

    /** Client properties; may contain a password, never print them (use {@link #describe()}). */
    public Map<String, String> properties() {
        return properties;
    }

    public String bootstrapServers() {
        return properties.get("bootstrap.servers");
    }

    /** Masks this connection's secrets in free text such as a Kafka exception message. */
    public String redact(String text) {
        return Secrets.redactText(text, secret == null ? java.util.List.of() : java.util.List.of(secret));
    }

    public String describe() {
        return "kafka: " + Secrets.redact(new java.util.TreeMap<>(properties));
    }
}
