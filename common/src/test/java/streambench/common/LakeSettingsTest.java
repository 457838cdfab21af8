package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LakeSettingsTest {
    private static final String KEY = "bXktcmVhbC1hY2NvdW50LWtleQ==";

    @Test
    void azuriteUsesTheVerifiedFnsBlobSettings() {
        LakeSettings lake = LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000")));
        assertThat(lake.mode()).isEqualTo(LakeSettings.Mode.AZURITE);
        assertThat(lake.rootUri()).isEqualTo("abfs://streambench@devstoreaccount1.dfs.core.windows.net/streambench");
        assertThat(lake.hadoopConf())
                .containsAllEntriesOf(Map.of(
                        "fs.azure.abfs.endpoint", "127.0.0.1:10000",
                        "fs.azure.always.use.https", "false",
                        "fs.azure.account.key.devstoreaccount1.dfs.core.windows.net", LakeSettings.AZURITE_KEY,
                        "fs.azure.account.hns.enabled", "false",
                        "fs.azure.fns.account.service.type", "BLOB",
                        "fs.azure.networking.library", "JDK_HTTP_URL_CONNECTION",
                        "fs.azure.metrics.collection.enabled", "false",
                        "fs.azure.createRemoteFileSystemDuringInitialization", "true"));
        assertThat(lake.tableUri("/run-1/spark-4.2/benchmark/"))
                .isEqualTo(
                        "abfs://streambench@devstoreaccount1.dfs.core.windows.net/streambench/run-1/spark-4.2/benchmark");
    }

    @Test
    void realAdlsUsesAbfssWithoutEmulatorKeys() {
        LakeSettings lake = LakeSettings.fromKnobs(Knobs.of(Map.of(
                "ADLS_ACCOUNT_NAME",
                "myacct",
                "ADLS_ACCOUNT_KEY",
                KEY,
                "ADLS_CONTAINER",
                "lake",
                "LAKE_PATH",
                "bench")));
        assertThat(lake.mode()).isEqualTo(LakeSettings.Mode.ADLS);
        assertThat(lake.rootUri()).isEqualTo("abfss://lake@myacct.dfs.core.windows.net/bench");
        assertThat(lake.hadoopConf())
                .containsEntry("fs.azure.account.key.myacct.dfs.core.windows.net", KEY)
                .doesNotContainKeys(
                        "fs.azure.abfs.endpoint",
                        "fs.azure.always.use.https",
                        "fs.azure.account.hns.enabled",
                        "fs.azure.fns.account.service.type",
                        "fs.azure.networking.library");
    }

    @Test
    void realAdlsWithOAuthClientCredentials() {
        LakeSettings lake = LakeSettings.fromKnobs(Knobs.of(Map.of(
                "ADLS_ACCOUNT_NAME",
                "myacct",
                "ADLS_CONTAINER",
                "lake",
                "ADLS_TENANT_ID",
                "tenant-1",
                "ADLS_CLIENT_ID",
                "app-1",
                "ADLS_CLIENT_SECRET",
                "s3cr3t-value")));
        assertThat(lake.hadoopConf())
                .containsEntry("fs.azure.account.auth.type.myacct.dfs.core.windows.net", "OAuth")
                .containsEntry(
                        "fs.azure.account.oauth2.client.endpoint.myacct.dfs.core.windows.net",
                        "https://login.microsoftonline.com/tenant-1/oauth2/token")
                .containsEntry("fs.azure.account.oauth2.client.secret.myacct.dfs.core.windows.net", "s3cr3t-value");
        assertThat(lake.describe()).doesNotContain("s3cr3t-value").contains("app-1");
    }

    @Test
    void describeRedactsEverySecret() {
        LakeSettings lake = LakeSettings.fromKnobs(
                Knobs.of(Map.of("ADLS_ACCOUNT_NAME", "myacct", "ADLS_ACCOUNT_KEY", KEY, "ADLS_CONTAINER", "lake")));
        assertThat(lake.describe())
                .doesNotContain(KEY)
                .contains(Secrets.REDACTED)
                .contains("abfss://lake@myacct");
        assertThat(lake.toString()).doesNotContain(KEY);
        LakeSettings azurite = LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", "localhost:1")));
        assertThat(azurite.describe()).doesNotContain(LakeSettings.AZURITE_KEY);
    }

    @Test
    void fileLakeOnlyWhenAskedFor() {
        LakeSettings lake = LakeSettings.fromKnobs(Knobs.of(Map.of("LAKE_ROOT", "file:///tmp/lake/")));
        assertThat(lake.mode()).isEqualTo(LakeSettings.Mode.FILE);
        assertThat(lake.tableUri("t")).isEqualTo("file:///tmp/lake/t");
        assertThat(lake.hadoopConf()).isEmpty();
    }

    @Test
    void clearErrors() {
        assertThatThrownBy(() -> LakeSettings.fromKnobs(Knobs.of(Map.of())))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("no lake configured: set AZURITE_BLOB_ENDPOINT");
        assertThatThrownBy(() ->
                        LakeSettings.fromKnobs(Knobs.of(Map.of("ADLS_ACCOUNT_NAME", "a", "ADLS_CONTAINER", "lake"))))
                .hasMessageContaining("neither ADLS_ACCOUNT_KEY nor");
        assertThatThrownBy(() ->
                        LakeSettings.fromKnobs(Knobs.of(Map.of("ADLS_ACCOUNT_NAME", "a", "ADLS_ACCOUNT_KEY", KEY))))
                .hasMessageStartingWith("ADLS_CONTAINER is not set");
        assertThatThrownBy(() -> LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", "http://x"))))
                .hasMessageStartingWith("AZURITE_BLOB_ENDPOINT must be host:port");
        assertThatThrownBy(() -> LakeSettings.fromKnobs(Knobs.of(Map.of("LAKE_ROOT", "/tmp/lake"))))
                .hasMessageStartingWith("LAKE_ROOT must be a file: URI");
        assertThatThrownBy(() -> LakeSettings.fromKnobs(
                        Knobs.of(Map.of("LAKE_ROOT", "file:///x", "AZURITE_BLOB_ENDPOINT", "h:1"))))
                .hasMessageContaining("cannot be combined with AZURITE_BLOB_ENDPOINT");
        assertThatThrownBy(() -> LakeSettings.fromKnobs(Knobs.of(
                        Map.of("ADLS_ACCOUNT_NAME", "a", "ADLS_ACCOUNT_KEY", KEY, "ADLS_CONTAINER", "Bad_Name"))))
                .hasMessageStartingWith("ADLS_CONTAINER must be 3-63 lowercase");
    }

    /** Azurite used to win and sign with the real account's key over plain HTTP. */
    @Test
    void azuriteBesideAnyAdlsVariableIsRefusedNamingThemAll() {
        assertThatThrownBy(() -> LakeSettings.fromKnobs(Knobs.of(Map.of(
                        "AZURITE_BLOB_ENDPOINT",
                        "azurite:10000",
                        "ADLS_ACCOUNT_NAME",
                        "myacct",
                        "ADLS_ACCOUNT_KEY",
                        KEY,
                        "ADLS_CONTAINER",
                        "lake"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith(
                        "AZURITE_BLOB_ENDPOINT cannot be combined with ADLS_ACCOUNT_NAME, ADLS_CONTAINER, "
                                + "ADLS_ACCOUNT_KEY, since")
                .hasMessageNotContaining(KEY);
        for (String adls : LakeSettings.ADLS_VARIABLES) {
            assertThatThrownBy(() -> LakeSettings.fromKnobs(
                            Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000", adls, "s3cr3t-value"))))
                    .as(adls)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageContaining("AZURITE_BLOB_ENDPOINT cannot be combined with " + adls + ", since")
                    .hasMessageNotContaining("s3cr3t-value")
                    .satisfies(e -> assertThat(Secrets.redactText(e.getMessage()))
                            .as("as printed")
                            .isEqualTo(e.getMessage()));
        }
        // compose writes NAME= for an unset variable: empty ADLS_* beside Azurite are no ADLS at all
        assertThat(LakeSettings.fromKnobs(Knobs.of(Map.of(
                                "AZURITE_BLOB_ENDPOINT",
                                "azurite:10000",
                                "ADLS_ACCOUNT_NAME",
                                "",
                                "ADLS_ACCOUNT_KEY",
                                "")))
                        .mode())
                .isEqualTo(LakeSettings.Mode.AZURITE);
    }

    @Test
    void sparkConfPrefixesEveryKey() {
        LakeSettings lake = LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", "127.0.0.1:1")));
        assertThat(lake.sparkConf())
                .hasSameSizeAs(lake.hadoopConf())
                .containsEntry("spark.hadoop.fs.azure.account.hns.enabled", "false");
    }

    @Test
    void aLakePathThatAUriCannotCarryAsItIsIsRefusedAndOneInAnyScriptIsTaken() {
        for (String path : new String[] {"a b", "100%", "x#y", "what?", "c:d", "back\\slash", "tab\tbed"}) {
            assertThatThrownBy(() -> LakeSettings.fromKnobs(
                            Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000", "LAKE_PATH", path))))
                    .as(path)
                    .isInstanceOf(ConfigException.class)
                    .hasMessageStartingWith("LAKE_PATH must be a path of letters");
        }
        assertThat(LakeSettings.fromKnobs(
                                Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", "127.0.0.1:10000", "LAKE_PATH", "été/中文")))
                        .tableUri("t"))
                .endsWith("/été/中文/t");
    }
}
