package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EmbeddedKafkaTest {
    @Test
    void serverPropertiesDescribeASingleNodeKraftClusterOnLoopback() throws Exception {
        Properties p = new Properties();
        p.load(new StringReader(EmbeddedKafka.serverProperties(9092, 9093, Path.of("/tmp/data"))));
        assertThat(p)
                .containsEntry("process.roles", "broker,controller")
                .containsEntry("controller.quorum.voters", "1@127.0.0.1:9093")
                .containsEntry("listeners", "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093")
                .containsEntry("advertised.listeners", "PLAINTEXT://127.0.0.1:9092")
                .containsEntry("log.dirs", "/tmp/data")
                .containsEntry("offsets.topic.replication.factor", "1")
                .containsEntry("transaction.state.log.replication.factor", "1")
                // each run creates its topics with the partitions it wants; a typo must not auto-create one
                .containsEntry("auto.create.topics.enable", "false");
    }

    /**
     * A harness killed with SIGKILL leaves its broker's data directory behind; the next start removes the
     * directories whose harness is dead (or whose pid now belongs to a later process) and no other.
     */
    @Test
    void dataDirectoriesOfDeadHarnessesAreRemovedAndNoOthers(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        Process finished = new ProcessBuilder(ChildProcess.javaExecutable(), "-version").start();
        ProcessHandle dead = finished.toHandle();
        String deadOwner = EmbeddedKafka.ownerLine(dead); // taken while it runs: pid and start time
        finished.waitFor();
        ProcessHandle me = ProcessHandle.current();
        String startedAt = me.info().startInstant().orElseThrow().toString();
        Path killed = dataDir(tmp, "killed", deadOwner);
        Path reused = dataDir(
                tmp,
                "reused",
                me.pid() + " " + java.time.Instant.parse(startedAt).minusSeconds(3600));
        Path live = dataDir(tmp, "live", EmbeddedKafka.ownerLine(me));
        Path unmarked = dataDir(tmp, "unmarked", null); // an older harness's, or one being made right now
        Path otherTool = java.nio.file.Files.createDirectory(tmp.resolve("other-tool-1"));

        assertThat(EmbeddedKafka.removeStaleDataDirs(tmp)).containsExactlyInAnyOrder(killed, reused);
        assertThat(killed).doesNotExist();
        assertThat(reused).doesNotExist();
        assertThat(live).isDirectory();
        assertThat(unmarked).isDirectory();
        assertThat(otherTool).isDirectory();
    }

    private static Path dataDir(Path tmp, String name, String owner) throws java.io.IOException {
        Path dir = java.nio.file.Files.createDirectories(
                        tmp.resolve(EmbeddedKafka.DIR_PREFIX + name).resolve("data"))
                .getParent();
        java.nio.file.Files.writeString(dir.resolve("data/00000000000000000000.log"), "events");
        if (owner != null) {
            java.nio.file.Files.writeString(dir.resolve(EmbeddedKafka.OWNER_FILE), owner);
        }
        return dir;
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
