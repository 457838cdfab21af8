package streambench.harness.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildProcessTest {
    @Test
    void aProcessThatDiedBeforeTheHarnessStoppedItExitedOnItsOwn(@TempDir Path dir) throws Exception {
        ChildProcess crashed = ChildProcess.start(
                "crashed",
                List.of(ChildProcess.javaExecutable(), "-version"),
                Map.of(),
                null,
                dir.resolve("crashed.log"),
                null);
        assertThat(crashed.waitFor(Duration.ofSeconds(60))).isPresent();
        crashed.stop(Duration.ofSeconds(5));
        assertThat(crashed.exitedOnItsOwn()).isTrue();

        ChildProcess running =
                ChildProcess.start("running", List.of("sleep", "60"), Map.of(), null, dir.resolve("running.log"), null);
        assertThat(running.exitedOnItsOwn()).isFalse();
        running.stop(Duration.ofSeconds(5));
        assertThat(running.isAlive()).isFalse();
        assertThat(running.exitedOnItsOwn())
                .as("stopped by the harness, not crashed")
                .isFalse();
    }
}
