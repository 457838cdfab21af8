package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
