package streambench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.azurebfs.services.HadoopSharedKey;
import org.junit.jupiter.api.Test;
import streambench.common.SharedKeySignature;

/**
 * Our Shared Key signature for the requests the Spark consumer sends, against hadoop-azure's signer (the one the
 * ABFS driver uses against real accounts) for the same request: same verb, URL, headers and date.
 */
class SharedKeyAgainstHadoopTest {
    private static final String KEY = Base64.getEncoder().encodeToString("a key for the comparison".getBytes());

    @Test
    void putBlobOfEveryKindOfTablePathIsSignedAsHadoopAzureSignsIt() throws Exception {
        for (String table : new String[] {"t", "été", "中文/表", "a b", "100%", "x+y=z&q", "été中 a%b"}) {
            BlobAddress blob =
                    blob("abfss://lake@acct.dfs.core.windows.net/" + table + "/_delta_log/00000000000000000007.json");
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("x-ms-version", "2021-08-06");
            headers.put("x-ms-blob-type", "BlockBlob");
            headers.put("Content-Type", "application/octet-stream");
            headers.put("If-None-Match", "*");

            assertSameAsHadoop(blob, "PUT", blob.uri(), headers, 1234);
        }
    }

    @Test
    void theProbeOfTheContainerWithItsQueryIsSignedAsHadoopAzureSignsIt() throws Exception {
        BlobAddress blob = blob("abfss://lake@acct.dfs.core.windows.net/été/x");
        assertThat(blob.container().getRawQuery()).isEqualTo("restype=container");

        assertSameAsHadoop(blob, "HEAD", blob.container(), Map.of("x-ms-version", "2021-08-06"), 0);
    }

    @Test
    void aReadBackGetOnTheEmulatorsPathIsSignedAsHadoopAzureSignsIt() throws Exception {
        Configuration hadoop = new Configuration(false);
        hadoop.set("fs.azure.abfs.endpoint", "127.0.0.1:10000");
        hadoop.set("fs.azure.always.use.https", "false");
        hadoop.set("fs.azure.account.key.devstoreaccount1.dfs.core.windows.net", KEY);
        BlobAddress blob = BlobAddress.of(
                        new Path("abfs://c@devstoreaccount1.dfs.core.windows.net/中/offsets/3"), hadoop)
                .orElseThrow();

        assertSameAsHadoop(blob, "GET", blob.uri(), Map.of("x-ms-version", "2021-08-06"), 0);
    }

    private static BlobAddress blob(String path) {
        Configuration hadoop = new Configuration(false);
        hadoop.set("fs.azure.account.key.acct.dfs.core.windows.net", KEY);
        return BlobAddress.of(new Path(path), hadoop).orElseThrow();
    }

    private static void assertSameAsHadoop(
            BlobAddress blob, String verb, URI uri, Map<String, String> headers, long contentLength) throws Exception {
        HadoopSharedKey.Signed hadoop =
                HadoopSharedKey.sign(blob.account(), KEY, verb, uri.toURL(), headers, contentLength);
        Map<String, String> ours = new LinkedHashMap<>(headers);
        ours.put("x-ms-date", hadoop.xMsDate()); // hadoop-azure dates the request itself
        ours.put("Content-Length", Long.toString(contentLength));
        String stringToSign =
                SharedKeySignature.stringToSign(blob.account(), verb, uri.getRawPath(), uri.getRawQuery(), ours);

        assertThat(stringToSign).as("%s %s", verb, uri).isEqualTo(hadoop.stringToSign());
        assertThat(SharedKeySignature.authorization(blob.account(), blob.key(), stringToSign))
                .as("%s %s", verb, uri)
                .isEqualTo(hadoop.authorization());
        assertThat(hadoop.xMsDate()).matches("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT");
    }
}
