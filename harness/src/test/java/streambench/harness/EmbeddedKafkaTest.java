package streambench.harness;

import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

class EmbeddedKafkaTest {
    @Test
    void serverPropertiesDescribeASingleNodeKraftClusterOnLoopback() throws Exception {
        Properties p = new Properties();
        p.load(new StringReader(EmbeddedKafka.serverProperties(9092, 9093, Path.of("/tmp/data"))));
        assertThat(p).containsEntry("process.roles", "broker,controller")
                .containsEntry("controller.quorum.voters", "1@127.0.0.1:9093")
                .containsEntry("listeners", "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093")
                .containsEntry("advertised.listeners", "PLAINTEXT://127.0.0.1:9092")
                .containsEntry("log.dirs", "/tmp/data")
                .containsEntry("offsets.topic.replication.factor", "1")
                .containsEntry("transaction.state.log.replication.factor", "1")
                // each run creates its topics with the partitions it wants; a typo must not auto-create one
                .containsEntry("auto.create.topics.enable", "false");
    }

    @Test
    void clusterIdsNeverLookLikeAnOption() {
        // one id in 64 would start with '-' and make StorageTool fail with "-t: expected one argument"
        for (int i = 0; i < 20_000; i++) {
            String id = EmbeddedKafka.randomClusterId();
            assertThat(id).hasSize(22).doesNotStartWith("-").matches("[A-Za-z0-9_-]+");
        }
    }
}
