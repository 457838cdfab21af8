package streambench.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Base64;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import streambench.common.SharedKeySignature;

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
    void pathsWithSpacesPercentSignsAndNonAsciiCharactersGoOnTheWireEncodedAsUtf8() {
        Configuration hadoop = new Configuration(false);
        hadoop.set("fs.azure.account.key.acct.dfs.core.windows.net", KEY);

        for (String name : new String[] {"a b", "100%", "été", "中文/表", "x+y=z&q#f"}) {
            BlobAddress blob = BlobAddress.of(new Path("abfss://lake@acct.dfs.core.windows.net/" + name + "/f"), hadoop)
                    .orElseThrow();

            assertThat(blob.uri().toString()).as(name).isEqualTo(blob.uri().toASCIIString());
            assertThat(SharedKeySignature.isPercentEncoded(blob.uri().getRawPath()))
                    .as(name)
                    .isTrue();
            assertThat(blob.uri().getPath()).as("the blob named").isEqualTo("/lake/" + name + "/f");
        }
        BlobAddress accented = BlobAddress.of(new Path("abfss://lake@acct.dfs.core.windows.net/été/中"), hadoop)
                .orElseThrow();
        assertThat(accented.uri().getRawPath()).isEqualTo("/lake/%C3%A9t%C3%A9/%E4%B8%AD");
        assertThat(accented.container())
                .isEqualTo(URI.create("https://acct.blob.core.windows.net/lake?restype=container"));
    }
}
