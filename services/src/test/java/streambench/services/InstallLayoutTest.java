package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import streambench.common.ConfigException;

/** The build's layout, found in the checkout that built it or, under STREAMBENCH_HOME, in a copy of it. */
class InstallLayoutTest {
    @Test
    void withoutAHomeEveryPathIsInTheCheckoutThatBuiltIt() {
        InstallLayout layout = InstallLayout.load(null);
        Path compose = layout.composeFile();
        assertThat(compose.getFileName()).hasToString("docker-compose.yml");
        Path producerJar = compose.getParent().resolve("producer/target/producer.jar");
        // this module builds before the producer: on a clean clone the jar is not there yet
        if (Files.isRegularFile(producerJar)) {
            assertThat(layout.producerJar()).isEqualTo(producerJar);
        } else {
            assertThatThrownBy(layout::producerJar)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("is missing at " + producerJar);
        }
    }

    @Test
    void aHomeHoldsTheSameLayoutElsewhere(@TempDir Path home) throws Exception {
        Files.writeString(home.resolve("docker-compose.yml"), "services: {}\n");
        Path jar = Files.createDirectories(home.resolve("yardstick/target")).resolve("yardstick.jar");
        Files.write(jar, new byte[] {0});
        InstallLayout layout = InstallLayout.load(home.toString());
        assertThat(layout.composeFile()).isEqualTo(home.resolve("docker-compose.yml"));
        assertThat(layout.jar("yardstick.jar")).isEqualTo(jar);
        assertThatThrownBy(() -> layout.jar("spark-4.2.jar"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(
                        "is missing at " + home.resolve("spark-consumer/spark-4.2/target/spark-consumer-4.2.jar"));
    }
}
