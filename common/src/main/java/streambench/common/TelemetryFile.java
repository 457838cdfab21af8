package streambench.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The JSON-lines file a consumer appends its telemetry to ({@code TELEMETRY_FILE}): opened once, in
 * append mode so a restarted consumer continues the same file, with its folder created.
 */
public final class TelemetryFile {
    private TelemetryFile() {
    }

    public static Writer openAppend(String path) {
        try {
            Path p = Path.of(path).toAbsolutePath();
            if (p.getParent() != null) {
                Files.createDirectories(p.getParent());
            }
            return Files.newBufferedWriter(p, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("TELEMETRY_FILE " + path + " cannot be written: " + e.getMessage(), e);
        }
    }
}
