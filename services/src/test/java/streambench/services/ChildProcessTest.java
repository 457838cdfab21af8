package streambench.services;

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

    @Test
    void howAProcessEndedIsItsExitCodeAndTheEndOfItsLogWithSecretsMasked(@TempDir Path dir) throws Exception {
        ChildProcess failed = ChildProcess.start(
                "failed",
                List.of(
                        "sh",
                        "-c",
                        "echo 'spark: started'; echo 'fs.azure.account.key.acct.dfs.core.windows.net=c2VjcmV0'; "
                                + "echo 'spark-consumer: query failed: the lake said no'; exit 3"),
                Map.of(),
                null,
                dir.resolve("failed.log"),
                null);
        assertThat(failed.waitFor(Duration.ofSeconds(60))).hasValue(3);
        String ended = failed.howItEnded();
        failed.stop(Duration.ofSeconds(5));
        assertThat(ended)
                .startsWith("(exit 3); the end of " + dir.resolve("failed.log") + ":")
                .contains("    | spark-consumer: query failed: the lake said no")
                .doesNotContain("c2VjcmV0");
    }

    @Test
    void aLogStopsGrowingAtItsCapWhileTheTailAndListenerGoOn(@TempDir Path dir) throws Exception {
        long before = ChildProcess.logCapBytes;
        ChildProcess.logCapBytes = 10_000;
        try {
            java.util.concurrent.atomic.AtomicLong heard = new java.util.concurrent.atomic.AtomicLong();
            ChildProcess chatty = ChildProcess.start(
                    "chatty",
                    List.of(
                            "sh",
                            "-c",
                            "i=0; while [ $i -lt 5000 ]; do echo \"line $i of a chatty child\"; i=$((i+1)); done"),
                    Map.of(),
                    null,
                    dir.resolve("chatty.log"),
                    line -> heard.incrementAndGet());
            assertThat(chatty.waitFor(Duration.ofSeconds(60))).hasValue(0);
            chatty.stop(Duration.ofSeconds(5));

            assertThat(java.nio.file.Files.size(dir.resolve("chatty.log"))).isLessThan(11_000);
            assertThat(java.nio.file.Files.readString(dir.resolve("chatty.log")))
                    .contains("[streambench: this log reached");
            assertThat(heard.get()).isEqualTo(5000);
            assertThat(chatty.logTail()).contains("line 4999 of a chatty child");
        } finally {
            ChildProcess.logCapBytes = before;
        }
    }
}
