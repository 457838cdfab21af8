package streambench.services;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import streambench.common.ConfigException;
import streambench.common.LakeSettings;
import streambench.common.Secrets;

/**
 * Proves the lake is reachable and writable before a run spends minutes on it: mkdirs, write, read,
 * rename, list and recursive delete under {@code <root>/_probe/<uuid>}, with few retries so a wrong
 * endpoint fails in seconds rather than after the driver's long backoff.
 */
final class LakeProbe {
    private LakeProbe() {}

    /** @return milliseconds the round trip took */
    static long roundTrip(LakeSettings lake) {
        long start = System.nanoTime();
        Path dir = new Path(lake.rootUri() + "/_probe/" + UUID.randomUUID());
        try (FileSystem fs = LakeFileSystem.open(lake, Map.of("fs.azure.io.retry.max.retries", "2"))) {
            if (!fs.mkdirs(dir)) {
                throw new IllegalStateException("mkdirs returned false for " + dir);
            }
            Path file = new Path(dir, "hello.txt");
            byte[] body = "streambench lake probe".getBytes(StandardCharsets.UTF_8);
            try (FSDataOutputStream out = fs.create(file, false)) {
                out.write(body);
            }
            Path renamed = new Path(dir, "renamed.txt");
            if (!fs.rename(file, renamed)) {
                throw new IllegalStateException("rename returned false for " + file);
            }
            byte[] read = new byte[body.length];
            try (FSDataInputStream in = fs.open(renamed)) {
                in.readFully(read);
            }
            if (!java.util.Arrays.equals(body, read)) {
                throw new IllegalStateException("read back different bytes from " + renamed);
            }
            if (fs.listStatus(dir).length != 1) {
                throw new IllegalStateException("listing " + dir + " did not show exactly the one file written");
            }
            fs.delete(dir, true);
        } catch (Exception e) {
            throw new ConfigException(
                    "the lake at " + lake.rootUri() + " is not usable (write/read/rename/delete failed): "
                            + Secrets.redactText(rootMessage(e), lake.secretValues()));
        }
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String first = String.valueOf(t.getMessage()).lines().findFirst().orElse("");
        return t.getClass().getSimpleName() + ": " + first;
    }
}
