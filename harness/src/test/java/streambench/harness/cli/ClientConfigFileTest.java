package streambench.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientConfigFileTest {
    /** Not a real key: its shape is what matters, several lines between BEGIN and END. */
    private static final String PEM = "-----BEGIN PRIVATE KEY-----\n"
            + "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n"
            + "MzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu\n"
            + "-----END PRIVATE KEY-----\n";

    @TempDir
    Path tmp;

    @Test
    void everyValueComesBackExactlyAsKafkasToolsLoadIt() throws Exception {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("bootstrap.servers", "broker-1:9093,broker-2:9093");
        config.put("ssl.keystore.type", "PEM");
        config.put("ssl.keystore.key", PEM);
        config.put("ssl.keystore.certificate.chain", PEM.replace("PRIVATE KEY", "CERTIFICATE") + PEM);
        config.put(
                "sasl.jaas.config",
                "org.apache.kafka.common.security.plain.PlainLoginModule required"
                        + " username=\"u\" password=\"p\\w=:#!\";");
        config.put("ssl.truststore.location", "C:\\certs\\trust store.jks");
        config.put("odd.value", "  leading spaces, a tab\t, a CR\r, é and 鍵, trailing space ");
        config.put("odd key = with : separators", "#not a comment");

        Properties loaded = new Properties();
        try (ClientConfigFile file = ClientConfigFile.write(tmp, "client", config);
                InputStream in = Files.newInputStream(file.path())) {
            loaded.load(in); // what org.apache.kafka.common.utils.Utils.loadProps does
        }

        assertThat(loaded).containsExactlyInAnyOrderEntriesOf(config);
    }

    @Test
    void onlyTheOwnerCanReadItAndCloseDeletesIt() throws Exception {
        assumeThat(tmp.getFileSystem().supportedFileAttributeViews()).contains("posix");
        Path path;
        try (ClientConfigFile file = ClientConfigFile.write(tmp, "client", Map.of("ssl.keystore.key", PEM))) {
            path = file.path();
            assertThat(path.getParent()).isEqualTo(tmp);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path)))
                    .isEqualTo("rw-------");
        }
        assertThat(path).doesNotExist();
        assertThat(tmp).isEmptyDirectory();
    }
}
