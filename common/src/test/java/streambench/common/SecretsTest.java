package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretsTest {
    @Test
    void recognisesSecretNames() {
        assertThat(List.of(
                        "ADLS_ACCOUNT_KEY",
                        "fs.azure.account.key.a.dfs.core.windows.net",
                        "sasl.jaas.config",
                        "EVENTHUB_CONNECTION_STRING",
                        "FELDERA_API_KEY",
                        "ADLS_CLIENT_SECRET",
                        "ssl.keystore.password",
                        "KAFKA_CLIENT_SASL_JAAS_CONFIG",
                        "azure_storage_account_key",
                        // a private key, and the variable that carries it
                        "ssl.keystore.key",
                        "KAFKA_CLIENT_SSL_KEYSTORE_KEY",
                        "ssl.key.password",
                        "KAFKA_CLIENT_SSL_KEY_PASSWORD",
                        "sasl.password",
                        "fs.azure.account.oauth2.client.secret.a.dfs.core.windows.net",
                        "azure_client_secret",
                        "SharedAccessKey",
                        "AccountKey",
                        "API_KEY",
                        "apiKey",
                        "CLIENT_SECRET",
                        "GOOGLE_APPLICATION_CREDENTIALS",
                        "aws_secret_access_key",
                        "delegation.token.secret.key",
                        "AZURE_STORAGE_CONNECTION_STRING",
                        "SAS_TOKEN",
                        "fs.azure.sas.mycontainer.acct.blob.core.windows.net",
                        "sig",
                        "Authorization",
                        "PRIVATE_KEY",
                        "PASSWORD"))
                .allMatch(Secrets::isSecretName);
        assertThat(List.of(
                        "RATE",
                        "fs.azure.account.auth.type",
                        "KAFKA_BOOTSTRAP_SERVERS",
                        "ADLS_ACCOUNT_NAME",
                        "fs.azure.account.oauth.provider.type",
                        // class names, identifiers, locations and kinds of a secret are not the secret
                        "key.serializer",
                        "KEY_SERIALIZER",
                        "value.deserializer",
                        "KAFKA_CLIENT_KEY_DESERIALIZER",
                        "key.converter",
                        "SharedAccessKeyName",
                        "ADLS_CLIENT_ID",
                        "ADLS_TENANT_ID",
                        "aws_access_key_id",
                        "sasl.oauthbearer.token.endpoint.url",
                        "fs.azure.sas.token.provider.type",
                        "ssl.keystore.location",
                        "ssl.keystore.type",
                        "ssl.keymanager.algorithm",
                        "ssl.keystore.certificate.chain",
                        "sasl.mechanism",
                        "connections.max.idle.ms",
                        "azure_storage_account_name"))
                .noneMatch(Secrets::isSecretName);
    }

    @Test
    void redactsSecretsQuotedInText() {
        String conn = "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=abc123XYZ=";
        String text = Secrets.redactText("failed with " + conn + " and password=\"pw-1\"");
        assertThat(text).doesNotContain("abc123XYZ").doesNotContain("pw-1").contains("SharedAccessKeyName=send");
    }

    @Test
    void redactsSecretNamedPairsInJsonSqlAndUrlsButNotOtherPairs() {
        String text = String.join(
                "\n",
                "\"azure_storage_account_key\" : \"k3y-json\",",
                "{\\\"sasl.password\\\" : \\\"pw-nested\\\"}",
                "ssl.key.password = 'it''s-sql'",
                "https://acct.blob.core.windows.net/c?sv=2022&sig=s1g%2Fvalue&se=2030",
                "url=https://acct.blob.core.windows.net/c?sig=in-a-v4lue",
                "key.serializer=org.apache.kafka.common.serialization.ByteArraySerializer",
                "ssl.keystore.key=-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0\n-----END PRIVATE KEY-----");
        String out = Secrets.redactText(text);
        assertThat(out)
                .doesNotContain("k3y-json")
                .doesNotContain("pw-nested")
                .doesNotContain("s-sql")
                .doesNotContain("s1g")
                .doesNotContain("in-a-v4lue")
                .doesNotContain("MIIEvQ")
                .contains("\"azure_storage_account_key\" : \"<redacted>\"")
                .contains("\\\"sasl.password\\\" : \\\"<redacted>\\\"")
                .contains("sv=2022")
                .contains("se=2030")
                .contains("key.serializer=org.apache.kafka.common.serialization.ByteArraySerializer");
    }

    @Test
    void redactsKnownValuesAnywhere() {
        assertThat(Secrets.redactText("key is c2VjcmV0a2V5 ok", List.of("c2VjcmV0a2V5")))
                .isEqualTo("key is <redacted> ok");
    }

    @Test
    void redactsKnownValuesInTheirJsonSqlAndJaasEscapedForms() {
        String secret = "q'u\"o\\te";
        String json = Secrets.jsonEscaped(secret); // q'u\"o\\te
        String sqlOfJson = Secrets.sqlEscaped(json); // q''u\"o\\te: JSON in a SQL literal, the Feldera program
        String jsonOfSqlOfJson = Secrets.jsonEscaped(sqlOfJson); // that program in a JSON request body
        String jaas = Secrets.jaasEscaped(secret);
        String text = String.join(
                " | ", "raw " + secret, "json " + json, "sql " + sqlOfJson, "body " + jsonOfSqlOfJson, "jaas " + jaas);
        assertThat(Secrets.redactText(text, List.of(secret)))
                .isEqualTo("raw <redacted> | json <redacted> | sql <redacted> | body <redacted> | jaas <redacted>");
    }

    @Test
    void rememberedValuesAreMaskedWithoutBeingPassedAgain() {
        Secrets.remember("r3membered-value");
        assertThat(Secrets.redactText("echo: r3membered-value")).isEqualTo("echo: <redacted>");
        Secrets.remember("abc"); // too short to mask in free text
        assertThat(Secrets.redactText("abcdef")).isEqualTo("abcdef");
    }

    @Test
    void redactMapKeepsOrderAndEmptyValues() {
        assertThat(Secrets.redact(Map.of("PASSWORD", ""))).containsEntry("PASSWORD", "");
    }

    @Test
    void redactMapMasksKnownSecretsInsideOtherValues() {
        Map<String, String> in = new java.util.LinkedHashMap<>();
        in.put("ADLS_CLIENT_SECRET", "0ther-v4lue-secret");
        in.put("EXTRA_OPTIONS", "--conf x=0ther-v4lue-secret --conf password=inl1ne-pw");
        assertThat(Secrets.redact(in))
                .containsExactly(
                        Map.entry("ADLS_CLIENT_SECRET", Secrets.REDACTED),
                        Map.entry("EXTRA_OPTIONS", "--conf x=<redacted> --conf password=<redacted>"));
    }
}
