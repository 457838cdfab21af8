package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MainRunnerTest {
    private static String stderrOf(MainRunner.Body body, int expectedExit) {
        PrintStream original = System.err;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            assertThat(MainRunner.run("prog", body)).isEqualTo(expectedExit);
        } finally {
            System.setErr(original);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void configurationErrorsExitTwoWithTheMessage() {
        assertThat(stderrOf(
                        () -> {
                            throw new ConfigException("RATE must be a positive integer, got \"x\"");
                        },
                        2))
                .isEqualTo("prog: RATE must be a positive integer, got \"x\"" + System.lineSeparator());
    }

    @Test
    void failuresExitOneWithEveryCauseAndNoSecret() {
        String err = stderrOf(
                () -> {
                    throw new IllegalStateException(
                            "Failed to execute job",
                            new RuntimeException(
                                    "Could not start", new IllegalArgumentException("AccountKey=abc123==; bad")));
                },
                1);
        assertThat(err)
                .contains("prog: failed: Failed to execute job (IllegalStateException)")
                .contains("caused by RuntimeException: Could not start")
                .contains("caused by IllegalArgumentException: AccountKey=")
                .doesNotContain("abc123");
    }
}
