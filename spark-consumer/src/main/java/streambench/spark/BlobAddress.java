package streambench.spark;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Base64;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Where one file of an {@code abfs://} table lives on the Blob endpoint, and the shared key that signs requests
 * to it, taken from the same Hadoop settings the ABFS driver reads. Empty for any other scheme or for an account
 * that is not reached with a shared key (OAuth): those keep the Hadoop file system's own path.
 */
record BlobAddress(URI uri, String account, byte[] key) {
    /** The blob a Hadoop path names, or empty when it cannot be written with one signed PUT. */
    static Optional<BlobAddress> of(Path path, Configuration hadoop) {
        URI file = path.toUri();
        String scheme = file.getScheme();
        if (!"abfs".equals(scheme) && !"abfss".equals(scheme)) {
            return Optional.empty();
        }
        String authority = file.getAuthority();
        int at = authority == null ? -1 : authority.indexOf('@');
        if (at <= 0) {
            return Optional.empty();
        }
        String container = authority.substring(0, at);
        String host = authority.substring(at + 1);
        int dot = host.indexOf('.');
        if (dot <= 0) {
            return Optional.empty();
        }
        String account = host.substring(0, dot);
        String authType = hadoop.get("fs.azure.account.auth.type." + host, hadoop.get("fs.azure.account.auth.type"));
        String key = hadoop.get("fs.azure.account.key." + host, hadoop.get("fs.azure.account.key"));
        if ((authType != null && !"SharedKey".equalsIgnoreCase(authType)) || key == null || key.isBlank()) {
            return Optional.empty();
        }
        String endpoint = hadoop.get("fs.azure.abfs.endpoint");
        boolean https = "abfss".equals(scheme) || hadoop.getBoolean("fs.azure.always.use.https", true);
        String blobPath = file.getPath().isEmpty() ? "/" : file.getPath();
        try {
            URI uri = endpoint == null || endpoint.isBlank()
                    // the account's Blob endpoint in the same cloud: <account>.blob.<suffix> for <account>.dfs.<suffix>
                    ? new URI(
                            https ? "https" : "http",
                            null,
                            host.replaceFirst("\\.dfs\\.", ".blob."),
                            -1,
                            "/" + container + blobPath,
                            null,
                            null)
                    // an emulator: the account is the first path segment, as the ABFS driver sends it
                    : new URI((https ? "https" : "http") + "://" + endpoint)
                            .resolve(new URI(null, null, "/" + account + "/" + container + blobPath, null));
            return Optional.of(new BlobAddress(uri, account, Base64.getDecoder().decode(key.trim())));
        } catch (URISyntaxException | IllegalArgumentException e) {
            // an unusual path or a key that is not base64: let the file system's own path handle (and report) it
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return "BlobAddress[" + uri + "]"; // never the key
    }
}
