package streambench.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** `mvn -pl harness exec:java` in miniature: embedded Kafka + Azurite, producer, status line, nothing left running. */
class HarnessRunIT {
    @Test
    void runStartsEverythingDrivesTheProducerAndLeavesNoProcessBehind(@TempDir Path results) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            exit = HarnessMain.execute(new String[]{"--rate", "2000", "--duration", "3", "--results", results.toString()});
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        original.print(out);

        assertThat(exit).isZero();
        assertThat(out).contains("kafka: embedded KRaft broker").contains("lake: embedded Azurite")
                .contains("write/read/rename/delete round trip")
                .contains("producer: offered 2,000 msg/s, achieved");
        assertThat(out.strip().lines().reduce((a, b) -> b)).hasValue("{ \"status\": \"Succeeded\" }");
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("?")))
                .isEmpty();
        try (var runs = Files.list(results.resolve("runs"))) {
            Path run = runs.findFirst().orElseThrow();
            assertThat(run.resolve("kafka.log")).exists();
            assertThat(run.resolve("producer.log")).exists();
            assertThat(ProducerReport.read(run.resolve("producer-summary.json")).acked()).isEqualTo(6000);
        }
    }

    @Test
    void badOptionsExitWith2() {
        assertThat(HarnessMain.execute(new String[]{"run", "--rate", "0"})).isEqualTo(2);
        assertThat(HarnessMain.execute(new String[]{"--partitions", "-1"})).isEqualTo(2);
        assertThat(HarnessMain.execute(new String[]{"--set", "lower=1"})).isEqualTo(2);
    }
}
