package streambench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class BlobAddressTest {
    private static final String KEY = Base64.getEncoder().encodeToString("not-a-real-key".getBytes());

    @Test
    void anAdlsPathWithASharedKeyIsTheSameBlobOnTheAccountsBlobEndpoint() {
        Configuration hadoop = new Configuration(false);
        hadoop.set("fs.azure.account.auth.type.acct.dfs.core.windows.net", "SharedKey");
        hadoop.set("fs.azure.account.key.acct.dfs.core.windows.net", KEY);

        BlobAddress blob = BlobAddress.of(
                        new Path("abfss://lake@acct.dfs.core.windows.net/t/_delta_log/00000000000000000007.json"),
                        hadoop)
                .orElseThrow();

        assertThat(blob.uri())
                .isEqualTo(
                        URI.create("https://acct.blob.core.windows.net/lake/t/_delta_log/00000000000000000007.json"));
        assertThat(blob.account()).isEqualTo("acct");
        assertThat(blob.toString()).doesNotContain(KEY);
    }

    @Test
    void anEmulatorEndpointPutsTheAccountFirstInThePathAndEncodesIt() {
        Configuration hadoop = new Configuration(false);
        hadoop.set("fs.azure.abfs.endpoint", "127.0.0.1:10000");
        hadoop.set("fs.azure.always.use.https", "false");
        hadoop.set("fs.azure.account.key.devstoreaccount1.dfs.core.windows.net", KEY);

        BlobAddress blob = BlobAddress.of(
                        new Path("abfs://c@devstoreaccount1.dfs.core.windows.net/a b/offsets/3"), hadoop)
                .orElseThrow();

        assertThat(blob.uri().toString()).isEqualTo("http://127.0.0.1:10000/devstoreaccount1/c/a%20b/offsets/3");
    }

    @Test
    void oauthAccountsOtherSchemesAndMissingKeysKeepTheFileSystemsPath() {
        Configuration oauth = new Configuration(false);
        oauth.set("fs.azure.account.auth.type.acct.dfs.core.windows.net", "OAuth");
        oauth.set("fs.azure.account.key.acct.dfs.core.windows.net", KEY);
        assertThat(BlobAddress.of(new Path("abfss://lake@acct.dfs.core.windows.net/t"), oauth))
                .isEmpty();
        assertThat(BlobAddress.of(new Path("abfss://lake@acct.dfs.core.windows.net/t"), new Configuration(false)))
                .isEmpty();
        assertThat(BlobAddress.of(new Path("file:///tmp/lake/t"), oauth)).isEmpty();
    }

    @Test
    void theSignatureCoversVerbHeadersInTheirOrderAndTheResource() {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-ms-version", "2021-08-06");
        headers.put("x-ms-date", "Tue, 01 Dec 2026 04:00:00 GMT");
        headers.put("If-None-Match", "*");
        URI uri = URI.create("http://127.0.0.1:10000/devstoreaccount1/c/offsets/3");
        byte[] key = "k".getBytes();

        String a = SharedKeySignature.authorization("devstoreaccount1", key, "PUT", uri, headers, 42);
        assertThat(a).startsWith("SharedKey devstoreaccount1:");
        // any signed part changing changes the signature
        assertThat(SharedKeySignature.authorization("devstoreaccount1", key, "PUT", uri, headers, 43))
                .isNotEqualTo(a);
        Map<String, String> overwrite = new LinkedHashMap<>(headers);
        overwrite.remove("If-None-Match");
        assertThat(SharedKeySignature.authorization("devstoreaccount1", key, "PUT", uri, overwrite, 42))
                .isNotEqualTo(a);
        assertThat(SharedKeySignature.authorization("devstoreaccount1", key, "PUT", URI.create(uri + "x"), headers, 42))
                .isNotEqualTo(a);
    }
}
