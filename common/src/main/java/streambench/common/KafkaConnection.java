package streambench.common;

import static streambench.common.ConsumerContract.EVENTHUB_CONNECTION_STRING;
import static streambench.common.ConsumerContract.KAFKA_BOOTSTRAP_SERVERS;
import static streambench.common.ConsumerContract.KAFKA_CLIENT_PREFIX;
import static streambench.common.ConsumerContract.KAFKA_OAUTH_ALLOWED_URLS;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Client properties that reach a Kafka cluster, shared by the producer and every consumer:
 * <ul>
 *   <li>{@code KAFKA_BOOTSTRAP_SERVERS}: any Kafka;</li>
 *   <li>{@code EVENTHUB_CONNECTION_STRING}: Azure Event Hubs' Kafka endpoint, turned into the
 *       namespace's {@code :9093} bootstrap plus SASL_SSL/PLAIN with {@code $ConnectionString} as user;</li>
 *   <li>{@code KAFKA_CLIENT_<PROPERTY>}: passed through as a client property, {@code _} becoming {@code .}
 *       and lower-cased, e.g. {@code KAFKA_CLIENT_SECURITY_PROTOCOL=SASL_SSL} → {@code security.protocol};
 *       never one that replaces the bootstrap servers or Event Hubs' login, nor one of the settings newer
 *       Kafka clients refuse as unsafe (see {@code refuseUnsafe}).</li>
 * </ul>
 */
public final class KafkaConnection {
    /** Kafka's own default of {@code org.apache.kafka.disallowed.login.modules} since 3.9.1 and 4.0. */
    static final List<String> DISALLOWED_LOGIN_MODULES =
            List.of("com.sun.security.auth.module.JndiLoginModule", "com.sun.security.auth.module.LdapLoginModule");
    /** What Kafka 4.0's {@code org.apache.kafka.sasl.oauthbearer.allowed.urls} guards; it allows none by default. */
    static final List<String> OAUTH_URL_PROPERTIES =
            List.of("sasl.oauthbearer.token.endpoint.url", "sasl.oauthbearer.jwks.endpoint.url");

    private final Map<String, String> properties;
    private final String secret;

    private KafkaConnection(Map<String, String> properties, String secret) {
        this.properties = Map.copyOf(properties);
        this.secret = secret;
    }

    public static KafkaConnection fromKnobs(Knobs knobs) {
        Map<String, String> props = new LinkedHashMap<>();
        String secret = null;
        Map<String, String> passThrough = passThrough(knobs);
        var eventHub = knobs.optional(EVENTHUB_CONNECTION_STRING);
        if (eventHub.isPresent()) {
            if (knobs.isSet(KAFKA_BOOTSTRAP_SERVERS)) {
                throw new ConfigException("set either KAFKA_BOOTSTRAP_SERVERS or EVENTHUB_CONNECTION_STRING, not both");
            }
            refuseEventHubOverrides(passThrough);
            String conn = eventHub.get().asString();
            props.put("bootstrap.servers", eventHubBootstrap(conn));
            props.put("security.protocol", "SASL_SSL");
            props.put("sasl.mechanism", "PLAIN");
            props.put(
                    "sasl.jaas.config",
                    "org.apache.kafka.common.security.plain.PlainLoginModule required "
                            + "username=\"$ConnectionString\" password=\"" + conn.replace("\"", "\\\"") + "\";");
            secret = conn;
        } else {
            props.put(
                    "bootstrap.servers",
                    knobs.required(
                                    KAFKA_BOOTSTRAP_SERVERS,
                                    "the Kafka brokers as host:port[,host:port] (or set EVENTHUB_CONNECTION_STRING)")
                            .asString());
        }
        Set<String> allowedUrls = allowedOAuthUrls(knobs);
        passThrough.forEach((name, value) -> {
            String key = propertyOf(name);
            refuseUnsafe(name, key, value, allowedUrls);
            props.put(key, value);
        });
        return new KafkaConnection(props, secret);
    }

    /** Every {@code KAFKA_CLIENT_*} variable given, checked to name a property. */
    private static Map<String, String> passThrough(Knobs knobs) {
        Map<String, String> given = knobs.withPrefix(KAFKA_CLIENT_PREFIX);
        given.keySet().forEach(KafkaConnection::propertyOf);
        return given;
    }

    /** {@code KAFKA_CLIENT_SECURITY_PROTOCOL} → {@code security.protocol}. */
    private static String propertyOf(String name) {
        String key = name.substring(KAFKA_CLIENT_PREFIX.length())
                .toLowerCase(Locale.ROOT)
                .replace('_', '.');
        if (key.isEmpty()) {
            throw new ConfigException(name + " names no client property");
        }
        return key;
    }

    /**
     * The connection string decides where Event Hubs is and how to log in; a pass-through would silently
     * replace that (it used to win): another bootstrap sends the connection string to another host, another
     * protocol may send it in clear text, another SASL setting logs in otherwise.
     */
    private static void refuseEventHubOverrides(Map<String, String> passThrough) {
        List<String> clashing = passThrough.keySet().stream()
                .filter(name -> {
                    String key = propertyOf(name);
                    return key.equals("bootstrap.servers")
                            || key.equals("security.protocol")
                            || key.startsWith("sasl.");
                })
                .toList();
        if (!clashing.isEmpty()) {
            // no colon after the names: printed text is redacted, and NAME: word reads as a secret pair
            throw new ConfigException("EVENTHUB_CONNECTION_STRING cannot be combined with "
                    + String.join(", ", clashing)
                    + ", since the connection string sets the Event Hubs bootstrap server, SASL_SSL and its PLAIN "
                    + "login itself, and these would replace them (sending the connection string elsewhere or in "
                    + "clear text); "
                    + "unset " + (clashing.size() == 1 ? "it" : "them") + ", or use KAFKA_BOOTSTRAP_SERVERS instead");
        }
    }

    /**
     * What newer Kafka clients refuse and the 3.2 client of the Flink consumer (Flink 1.16) still takes: a JAAS
     * login module that looks names up in JNDI or LDAP (CVE-2023-25194, CVE-2025-27818: code loaded from a
     * remote server), config providers (CVE-2024-31141: any file, directory or environment variable of the
     * machine read into a setting) and OAuth endpoint URLs not explicitly allowed (CVE-2025-27817: a file
     * read or a request to any host). Refused for every program alike, producer and consumers.
     */
    private static void refuseUnsafe(String name, String key, String value, Set<String> allowedUrls) {
        if (key.equals("bootstrap.servers")) {
            throw new ConfigException(name + " would replace KAFKA_BOOTSTRAP_SERVERS: give the brokers there only");
        }
        if (key.equals("sasl.jaas.config")) {
            for (String module : DISALLOWED_LOGIN_MODULES) {
                String simpleName = module.substring(module.lastIndexOf('.') + 1);
                if (value.toLowerCase(Locale.ROOT).contains(simpleName.toLowerCase(Locale.ROOT))) {
                    throw new ConfigException(name + " names the login module " + module + ", which newer Kafka "
                            + "clients refuse (it can load code from a remote server); use the login module of your "
                            + "SASL mechanism, e.g. PlainLoginModule, ScramLoginModule or OAuthBearerLoginModule");
                }
            }
        }
        if (key.equals("config.providers") || key.startsWith("config.providers.")) {
            throw new ConfigException(name + ": config providers are refused (they let a setting read any file, "
                    + "directory or environment variable of the machine); give each client property its value as "
                    + KAFKA_CLIENT_PREFIX + "<PROPERTY> instead");
        }
        if (OAUTH_URL_PROPERTIES.contains(key) && !allowedUrls.contains(value.trim())) {
            throw new ConfigException(name + "=" + Secrets.redactText(value.trim()) + " is not in "
                    + KAFKA_OAUTH_ALLOWED_URLS + ": an OAuth endpoint URL can make the client read a local file or "
                    + "call any host, so each must be allowed explicitly; add it, exactly as given, to "
                    + KAFKA_OAUTH_ALLOWED_URLS + " (comma-separated URLs)");
        }
    }

    private static Set<String> allowedOAuthUrls(Knobs knobs) {
        Set<String> urls = new LinkedHashSet<>();
        knobs.optional(KAFKA_OAUTH_ALLOWED_URLS).ifPresent(k -> {
            for (String url : k.asString().split(",")) {
                if (!url.isBlank()) {
                    urls.add(url.trim());
                }
            }
        });
        return urls;
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
