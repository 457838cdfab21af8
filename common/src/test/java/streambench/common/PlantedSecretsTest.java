package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Secrets of every kind a user gives us, planted where they would put them, go through every printer in
 * common: the config banner, the kafka: and lake: lines, failure messages, and free text quoting the raw or
 * escaped value. Each planted value holds {@link #MARK} at both ends, and so does each escaped form of it:
 * no printed text may contain the mark.
 */
class PlantedSecretsTest {
    static final String MARK = "Pl4nted";
    static final String ACCOUNT_KEY = MARK + "AdlsAccountKey+/0123456789abcdef" + MARK + "==";
    static final String CLIENT_SECRET = MARK + "~oauth.Client_Secret-" + MARK;
    static final String SASL_PASSWORD = MARK + "-sasl-password-" + MARK;
    static final String CONNECTION_STRING = "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=send;"
            + "SharedAccessKey=" + MARK + "EventHubsKey" + MARK + "=";
    static final String KEYSTORE_KEY = "-----BEGIN PRIVATE KEY-----\nMIIEv" + MARK + "QIBADANBgkqhkiG9w0BAQEFAASC\n"
            + "BKcwggSjAgEAAoIBAQC7" + MARK + "\n-----END PRIVATE KEY-----";
    static final String API_KEY = "apikey-" + MARK + "-feldera-" + MARK;
    static final String QUOTED_PASSWORD = MARK + "'q\"uo\\te" + MARK;

    private static Map<String, String> env(String... kv) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            out.put(kv[i], kv[i + 1]);
        }
        return out;
    }

    /** Everything the printers of common say about these settings, including failures quoting each secret. */
    private static List<String> printed(Map<String, String> settings, List<String> secrets) {
        Knobs knobs = Knobs.of(settings);
        List<String> out = new ArrayList<>();
        if (Services.hasLake(settings)) {
            out.add(LakeSettings.fromKnobs(knobs).describe());
        }
        if (Services.hasKafka(settings)) {
            KafkaConnection kafka = KafkaConnection.fromKnobs(knobs);
            out.add(kafka.describe());
            secrets.forEach(s -> out.add(kafka.redact("send failed: " + s)));
        }
        knobs.env("FELDERA_API_KEY", "");
        settings.keySet().forEach(name -> {
            try {
                knobs.env(name, "").asPositiveInt();
            } catch (ConfigException e) {
                out.add(e.getMessage());
            }
        });
        out.add("config: " + knobs.effectiveRedacted());
        out.add(Secrets.redact(settings).toString());
        for (String s : secrets) {
            out.add(Secrets.redactText("raw " + s + " json " + json(s) + " sql " + sql(json(s))));
            out.add(MainRunner.describe(
                    new IllegalStateException(
                            "could not connect with " + s, new RuntimeException("{\"value\": \"" + json(s) + "\"}")),
                    List.of()));
            out.add(stderrOf(() -> {
                throw new ConfigException("bad value " + s);
            }));
        }
        return out;
    }

    /** As Jackson writes a string's content, and as a SQL literal holds text: written out here, independent of Secrets. */
    static String json(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    static String sql(String s) {
        return s.replace("'", "''");
    }

    private static String stderrOf(MainRunner.Body body) {
        PrintStream original = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            MainRunner.run("prog", body);
        } finally {
            System.setErr(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void adlsAccountKeyAndKafkaPrivateKeyWithAQuotedPassword() {
        List<String> out = printed(
                env(
                        "ADLS_ACCOUNT_NAME",
                        "myacct",
                        "ADLS_CONTAINER",
                        "lake",
                        "ADLS_ACCOUNT_KEY",
                        ACCOUNT_KEY,
                        "KAFKA_BOOTSTRAP_SERVERS",
                        "b1:9093",
                        "KAFKA_CLIENT_SECURITY_PROTOCOL",
                        "SSL",
                        "KAFKA_CLIENT_SSL_KEYSTORE_TYPE",
                        "PEM",
                        "KAFKA_CLIENT_SSL_KEYSTORE_KEY",
                        KEYSTORE_KEY,
                        "KAFKA_CLIENT_SSL_KEY_PASSWORD",
                        QUOTED_PASSWORD,
                        "FELDERA_API_KEY",
                        API_KEY),
                List.of(ACCOUNT_KEY, KEYSTORE_KEY, QUOTED_PASSWORD, API_KEY));
        assertThat(out).noneMatch(line -> line.contains(MARK));
        assertThat(String.join("\n", out))
                .contains("ssl.keystore.key=<redacted>")
                .contains("ssl.keystore.type=PEM");
    }

    @Test
    void oauthClientSecretAndSaslPassword() {
        String jaas = "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"bench\" password=\""
                + SASL_PASSWORD + "\";";
        List<String> out = printed(
                env(
                        "ADLS_ACCOUNT_NAME",
                        "myacct",
                        "ADLS_CONTAINER",
                        "lake",
                        "ADLS_TENANT_ID",
                        "tenant-1",
                        "ADLS_CLIENT_ID",
                        "client-1",
                        "ADLS_CLIENT_SECRET",
                        CLIENT_SECRET,
                        "KAFKA_BOOTSTRAP_SERVERS",
                        "b1:9093",
                        "KAFKA_CLIENT_SASL_JAAS_CONFIG",
                        jaas,
                        "KAFKA_CLIENT_SASL_PASSWORD",
                        SASL_PASSWORD),
                List.of(CLIENT_SECRET, SASL_PASSWORD, jaas));
        assertThat(out).noneMatch(line -> line.contains(MARK));
        assertThat(String.join("\n", out)).contains("client-1").contains("tenant-1");
    }

    @Test
    void eventHubsConnectionString() {
        List<String> out = printed(
                env("EVENTHUB_CONNECTION_STRING", CONNECTION_STRING, "AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000"),
                List.of(CONNECTION_STRING));
        assertThat(out).noneMatch(line -> line.contains(MARK));
        assertThat(String.join("\n", out)).contains("bootstrap.servers=ns.servicebus.windows.net:9093");
    }

    /** Which parts of common a set of variables configures. */
    private static final class Services {
        static boolean hasLake(Map<String, String> env) {
            return env.containsKey("ADLS_ACCOUNT_NAME") || env.containsKey("AZURITE_BLOB_ENDPOINT");
        }

        static boolean hasKafka(Map<String, String> env) {
            return env.containsKey("KAFKA_BOOTSTRAP_SERVERS") || env.containsKey("EVENTHUB_CONNECTION_STRING");
        }
    }
}
