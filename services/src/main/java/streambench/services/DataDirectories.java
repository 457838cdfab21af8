package streambench.services;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The data directories the embedded services fill (the broker's log, an on-disk Azurite's blobs). */
final class DataDirectories {
    private DataDirectories() {}

    /** Removes {@code dir} and everything in it; what cannot be removed stays, where it is found. */
    static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(p -> p.toFile().delete());
        } catch (IOException | java.io.UncheckedIOException ignored) {
            // a data directory left behind is not worth failing a run for
        }
    }

    /** Bytes of the files under {@code dir}; 0 when it is not there. */
    static long bytes(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (var files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .mapToLong(f -> f.toFile().length())
                    .sum();
        } catch (IOException | java.io.UncheckedIOException e) {
            return 0; // files come and go while a service runs
        }
    }
}
