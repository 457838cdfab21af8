package streambench.harness.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * {@code <results>/runs/<run-id>/}: logs, telemetry and raw data of one harness invocation. The run id
 * names the run's topics, tables and checkpoints too, so it carries a random part: two harnesses started
 * in the same second, with the same results directory or not, against the same Kafka and lake, must not
 * share any of them.
 */
public record RunDirectory(Path results, String runId, Path dir) {
    private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("uuuuMMdd-HHmmss");
    private static final SecureRandom RANDOM = new SecureRandom();

    public static RunDirectory create(Path results) {
        String time = ZonedDateTime.now(ZoneOffset.UTC).format(ID);
        try {
            Files.createDirectories(results.resolve("runs"));
            while (true) {
                String id = time + "-" + HexFormat.of().formatHex(bytes(4));
                Path dir = results.resolve("runs").resolve(id);
                try {
                    Files.createDirectory(dir); // atomic: a directory another harness just took is never shared
                    return new RunDirectory(results, id, dir);
                } catch (FileAlreadyExistsException taken) {
                    // drawn again
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot create the run directory under " + results + ": " + e.getMessage(), e);
        }
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        RANDOM.nextBytes(b);
        return b;
    }

    /**
     * {@code <dir>/<name>/} for one trial of a search: its id ({@code <run-id>-<name>}) names the trial's
     * own topic and table, so no trial reads another's events.
     */
    public RunDirectory child(String name) {
        if (!name.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException(
                    "a trial directory name is lower-case letters, digits and dashes: " + name);
        }
        Path child = dir.resolve(name);
        try {
            Files.createDirectories(child);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + child + ": " + e.getMessage(), e);
        }
        return new RunDirectory(results, runId + "-" + name, child);
    }

    public Path file(String name) {
        return dir.resolve(name);
    }
}
