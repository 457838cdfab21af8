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
record BlobAddress(URI uri, URI container, String account, byte[] key) {
    /**
     * Set (true) in the Hadoop configuration when the Blob endpoint did not answer at start: every path then keeps
     * the file system's own way, as for an account without a shared key.
     */
    static final String UNREACHABLE = "streambench.blob-endpoint.unreachable";

    /** The blob a Hadoop path names, or empty when it cannot be written with one signed PUT. */
    static Optional<BlobAddress> of(Path path, Configuration hadoop) {
        if (hadoop.getBoolean(UNREACHABLE, false)) {
            return Optional.empty();
        }
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
            URI service = endpoint == null || endpoint.isBlank()
                    // the account's Blob endpoint in the same cloud: <account>.blob.<suffix> for <account>.dfs.<suffix>
                    ? new URI(https ? "https" : "http", host.replaceFirst("\\.dfs\\.", ".blob."), "/", null)
                    : new URI((https ? "https" : "http") + "://" + endpoint + "/");
            // an emulator: the account is the first path segment, as the ABFS driver sends it
            String containerPath = (endpoint == null || endpoint.isBlank() ? "/" : "/" + account + "/") + container;
            return Optional.of(new BlobAddress(
                    onTheWire(service, containerPath + blobPath, null),
                    onTheWire(service, containerPath, "restype=container"),
                    account,
                    Base64.getDecoder().decode(key.trim())));
        } catch (URISyntaxException | IllegalArgumentException e) {
            // an unusual path or a key that is not base64: let the file system's own path handle (and report) it
            return Optional.empty();
        }
    }

    /**
     * Sent and signed alike: the path quoted where a URI must be (a space, {@code %}) and non-ASCII characters
     * percent-encoded as UTF-8, as every HTTP client sends them. The multi-argument URI constructors leave
     * non-ASCII characters as they are, so a signature over {@code getRawPath()} would cover bytes never sent.
     */
    private static URI onTheWire(URI service, String path, String query) throws URISyntaxException {
        return URI.create(
                service.resolve(new URI(null, null, path, query, null)).toASCIIString());
    }

    @Override
    public String toString() {
        return "BlobAddress[" + uri + "]"; // never the key
    }
}
