package streambench.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** {@code <results>/runs/<run-id>/}: logs, telemetry and raw data of one harness invocation. */
record RunDirectory(Path results, String runId, Path dir) {
    private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("uuuuMMdd-HHmmss");

    static RunDirectory create(Path results) {
        String id = ZonedDateTime.now(ZoneOffset.UTC).format(ID);
        Path dir = results.resolve("runs").resolve(id);
        try {
            for (int n = 2; Files.exists(dir); n++) {
                dir = results.resolve("runs").resolve(id + "-" + n);
            }
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the run directory under " + results + ": " + e.getMessage(), e);
        }
        return new RunDirectory(results, dir.getFileName().toString(), dir);
    }

    Path file(String name) {
        return dir.resolve(name);
    }
}
