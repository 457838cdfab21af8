package streambench.feldera;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;
import streambench.common.Knobs;

/**
 * Golden tests of the SQL program, secrets redacted. On a difference the actual text is written to
 * {@code target/golden-actual/} for a diff; update the golden file only after reading that diff.
 */
class PipelineProgramTest {
    private static FelderaSettings settings(Map<String, String> extra) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("FELDERA_URL", "http://feldera:8080");
        env.put("FELDERA_ALLOW_PLAIN_HTTP", "true"); // as in docker-compose.yml: the compose network
        env.put("TOPIC", "sb-run-1-feldera");
        env.put("TABLE_PATH", "run-1/feldera/benchmark");
        env.putAll(extra);
        return FelderaSettings.fromKnobs(Knobs.of(env));
    }

    private static void assertGolden(String name, String actual) throws IOException {
        String expected = new String(
                PipelineProgramTest.class.getResourceAsStream("/golden/" + name).readAllBytes(),
                StandardCharsets.UTF_8);
        if (!expected.equals(actual)) {
            Path out = Path.of("target", "golden-actual", name);
            Files.createDirectories(out.getParent());
            Files.writeString(out, actual);
        }
        assertThat(actual)
                .as("golden/%s (actual in target/golden-actual/)", name)
                .isEqualTo(expected);
    }

    @Test
    void azurite() throws IOException {
        FelderaSettings s = settings(Map.of(
                "AZURITE_BLOB_ENDPOINT",
                "127.0.0.1:10000",
                "KAFKA_BOOTSTRAP_SERVERS",
                "127.0.0.1:9092",
                "FELDERA_KAFKA_BOOTSTRAP_SERVERS",
                "host.docker.internal:9092",
                "FELDERA_AZURITE_ENDPOINT",
                "host.docker.internal:10000"));
        String program = PipelineProgram.sql(s);
        assertThat(program).contains(s.lake().secretValues().get(0));
        assertGolden("azurite.sql", PipelineProgram.redacted(program, PipelineProgram.secrets(s)));
    }

    @Test
    void adlsWithEventHubs() throws IOException {
        String conn = "Endpoint=sb://myns.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey=abcDEF123=";
        FelderaSettings s = settings(Map.of(
                "ADLS_ACCOUNT_NAME",
                "myaccount",
                "ADLS_CONTAINER",
                "lake",
                "ADLS_ACCOUNT_KEY",
                "c2VjcmV0LWFjY291bnQta2V5",
                "EVENTHUB_CONNECTION_STRING",
                conn,
                "FELDERA_WORKERS",
                "8",
                "FELDERA_ENABLE_OUTPUT_BUFFER",
                "false"));
        String program = PipelineProgram.sql(s);
        assertThat(program).contains("c2VjcmV0LWFjY291bnQta2V5").contains(conn);
        String redacted = PipelineProgram.redacted(program, PipelineProgram.secrets(s));
        assertThat(redacted).doesNotContain("c2VjcmV0LWFjY291bnQta2V5").doesNotContain("abcDEF123");
        assertGolden("adls-eventhubs.sql", redacted);
    }

    /**
     * A secret with a quote or a backslash reaches the program escaped twice, as JSON inside a SQL literal
     * ({@code '} doubled, {@code "} and {@code \\} backslashed): masking only the raw value would miss it.
     */
    @Test
    void secretsAreMaskedAsTheProgramEscapesThem() {
        String password = "Pl4nted'q\"uo\\te-Pl4nted";
        String key = "Pl4nted\"acc'ount\\key-Pl4nted";
        String jaasPassword = "Pl4nted-ja\\as'-Pl4nted";
        FelderaSettings plain = settings(Map.of(
                "ADLS_ACCOUNT_NAME",
                "myaccount",
                "ADLS_CONTAINER",
                "lake",
                "ADLS_ACCOUNT_KEY",
                key,
                "KAFKA_BOOTSTRAP_SERVERS",
                "b:9092",
                "KAFKA_CLIENT_SECURITY_PROTOCOL",
                "SASL_SSL",
                "KAFKA_CLIENT_SASL_MECHANISM",
                "PLAIN",
                "KAFKA_CLIENT_SASL_USERNAME",
                "bench",
                "KAFKA_CLIENT_SASL_PASSWORD",
                password));
        String program = PipelineProgram.sql(plain);
        assertThat(program)
                .doesNotContain(password)
                .contains("Pl4nted''q\\\"uo\\\\te-Pl4nted")
                .doesNotContain(key)
                .contains("Pl4nted\\\"acc''ount\\\\key-Pl4nted");
        assertThat(PipelineProgram.redacted(program, PipelineProgram.secrets(plain)))
                .doesNotContain("Pl4nted")
                .contains("\"sasl.password\" : \"<redacted>\"")
                .contains("\"sasl.username\" : \"bench\"");

        FelderaSettings jaas = settings(Map.of(
                "AZURITE_BLOB_ENDPOINT",
                "127.0.0.1:10000",
                "KAFKA_BOOTSTRAP_SERVERS",
                "b:9092",
                "KAFKA_CLIENT_SASL_JAAS_CONFIG",
                "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"bench\" password=\""
                        + jaasPassword + "\";"));
        String fromJaas = PipelineProgram.sql(jaas);
        assertThat(fromJaas).contains("Pl4nted-ja\\\\as''-Pl4nted");
        assertThat(PipelineProgram.redacted(fromJaas, PipelineProgram.secrets(jaas)))
                .doesNotContain("Pl4nted");
    }

    @Test
    void javaOnlyJaasLoginsAreRefusedNamingTheVariable() {
        assertThatThrownBy(() -> PipelineProgram.sql(settings(Map.of(
                        "AZURITE_BLOB_ENDPOINT",
                        "127.0.0.1:10000",
                        "KAFKA_BOOTSTRAP_SERVERS",
                        "b:9092",
                        "KAFKA_CLIENT_SASL_JAAS_CONFIG",
                        "org.apache.kafka.common.security.scram.ScramLoginModule required;"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("KAFKA_CLIENT_SASL_JAAS_CONFIG");
    }

    @Test
    void aLocalLakeIsRefusedBecauseFelderaCannotReachIt() {
        assertThatThrownBy(() -> settings(Map.of("LAKE_ROOT", "file:///tmp/lake", "KAFKA_BOOTSTRAP_SERVERS", "b:9092")))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("LAKE_ROOT");
    }
}
