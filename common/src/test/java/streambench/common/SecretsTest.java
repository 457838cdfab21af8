package streambench.common;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SecretsTest {
    @Test
    void recognisesSecretNames() {
        assertThat(List.of("ADLS_ACCOUNT_KEY", "fs.azure.account.key.a.dfs.core.windows.net", "sasl.jaas.config",
                "EVENTHUB_CONNECTION_STRING", "FELDERA_API_KEY", "ADLS_CLIENT_SECRET", "ssl.keystore.password",
                "KAFKA_CLIENT_SASL_JAAS_CONFIG", "azure_storage_account_key"))
                .allMatch(Secrets::isSecretName);
        assertThat(List.of("RATE", "fs.azure.account.auth.type", "KAFKA_BOOTSTRAP_SERVERS", "ADLS_ACCOUNT_NAME",
                "fs.azure.account.oauth.provider.type"))
                .noneMatch(Secrets::isSecretName);
    }

    @Test
    void redactsSecretsQuotedInText() {
        String conn = "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=abc123XYZ=";
        String text = Secrets.redactText("failed with " + conn + " and password=\"pw-1\"");
        assertThat(text).doesNotContain("abc123XYZ").doesNotContain("pw-1").contains("SharedAccessKeyName=send");
    }

    @Test
    void redactsKnownValuesAnywhere() {
        assertThat(Secrets.redactText("key is c2VjcmV0a2V5 ok", List.of("c2VjcmV0a2V5")))
                .isEqualTo("key is <redacted> ok");
    }

    @Test
    void redactMapKeepsOrderAndEmptyValues() {
        assertThat(Secrets.redact(Map.of("PASSWORD", ""))).containsEntry("PASSWORD", "");
    }
}
