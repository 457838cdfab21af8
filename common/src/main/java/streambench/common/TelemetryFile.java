package streambench.common;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The JSON-lines file a consumer appends its telemetry to ({@code TELEMETRY_FILE}): opened once, in
 * append mode so a restarted consumer continues the same file, with its folder created. A path that
 * cannot be written is a {@link ConfigException}.
 */
public final class TelemetryFile {
    private TelemetryFile() {}

    /**
     * Opens and closes the file (creating it and its folder): for a consumer whose writer opens it later,
     * where the failure would no longer be a configuration error, e.g. inside a Flink job.
     */
    public static void checkWritable(String path) {
        try {
            openAppend(path).close();
        } catch (IOException e) {
            throw unwritable(path, e);
        }
    }

    public static Writer openAppend(String path) {
        try {
            Path p = Path.of(path).toAbsolutePath();
            if (p.getParent() != null) {
                Files.createDirectories(p.getParent());
            }
            return Files.newBufferedWriter(
                    p, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw unwritable(path, e);
        }
    }

    /** A path the consumer cannot write is the operator's to fix: exit 2 naming the variable, not 1. */
    private static ConfigException unwritable(String path, IOException e) {
        return new ConfigException(
                ConsumerContract.TELEMETRY_FILE + " " + path + " cannot be written: " + e.getMessage() + " ("
                        + e.getClass().getSimpleName() + "); expected a writable file path",
                e);
    }
}
