package streambench.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/** A command run in this JVM, with what it wrote to one of its streams. */
final class CommandStreams {
    private CommandStreams() {}

    /** What a command wrote to stdout. */
    static String stdout(String... args) {
        return captured(System.out, System::setOut, args).text();
    }

    /** What a command wrote to stderr, after checking it exited 2 (a configuration error) before starting anything. */
    static String exit2(String... args) {
        Captured c = captured(System.err, System::setErr, args);
        assertThat(c.exit()).isEqualTo(2);
        return c.text();
    }

    private record Captured(int exit, String text) {}

    private static Captured captured(PrintStream original, Consumer<PrintStream> set, String... args) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit;
        try {
            set.accept(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            exit = HarnessMain.execute(args);
        } finally {
            set.accept(original);
        }
        return new Captured(exit, bytes.toString(StandardCharsets.UTF_8));
    }
}
