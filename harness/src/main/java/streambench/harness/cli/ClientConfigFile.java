package streambench.harness.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Properties;

/**
 * A Kafka client configuration for one of Kafka's own tools ({@code --producer.config}): a temporary file
 * that only its owner can read (it may hold a SASL password or a PEM key), deleted on {@link #close()}.
 *
 * <p>Written by {@link Properties#store(OutputStream, String)}, the counterpart of the
 * {@link Properties#load(java.io.InputStream)} the tools read it with, so every value comes back exactly:
 * a PEM key's newlines, backslashes, '=', ':', '#', leading spaces and characters beyond Latin-1 included.
 */
final class ClientConfigFile implements AutoCloseable {
    private final Path path;

    private ClientConfigFile(Path path) {
        this.path = path;
    }

    /** A new file in {@code dir} holding {@code properties}. */
    static ClientConfigFile write(Path dir, String prefix, Map<String, String> properties) throws IOException {
        Path file = dir.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? Files.createTempFile(
                        dir,
                        prefix,
                        ".properties",
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")))
                : Files.createTempFile(dir, prefix, ".properties");
        // a harness stopped by a signal runs no finally block, but it does run the exit hooks
        file.toFile().deleteOnExit();
        Properties p = new Properties();
        p.putAll(properties);
        try (OutputStream out = Files.newOutputStream(file)) {
            p.store(out, null);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        return new ClientConfigFile(file);
    }

    Path path() {
        return path;
    }

    @Override
    public void close() throws IOException {
        Files.deleteIfExists(path);
    }
}
