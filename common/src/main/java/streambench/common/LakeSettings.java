package streambench.common;

import static streambench.common.ConsumerContract.ADLS_ACCOUNT_KEY;
import static streambench.common.ConsumerContract.ADLS_ACCOUNT_NAME;
import static streambench.common.ConsumerContract.ADLS_CLIENT_ID;
import static streambench.common.ConsumerContract.ADLS_CLIENT_SECRET;
import static streambench.common.ConsumerContract.ADLS_CONTAINER;
import static streambench.common.ConsumerContract.ADLS_TENANT_ID;
import static streambench.common.ConsumerContract.AZURITE_BLOB_ENDPOINT;
import static streambench.common.ConsumerContract.LAKE_PATH;
import static streambench.common.ConsumerContract.LAKE_ROOT;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the Delta tables live and the Hadoop configuration that reaches it, chosen from the environment:
 * <ul>
 *   <li>{@code AZURITE_BLOB_ENDPOINT=host:port}: Azurite through the ABFS driver in FNS/Blob mode, with its
 *       published development account; no {@code ADLS_*} variable may be set beside it;</li>
 *   <li>{@code ADLS_ACCOUNT_NAME} + {@code ADLS_CONTAINER} + ({@code ADLS_ACCOUNT_KEY} or OAuth client
 *       credentials {@code ADLS_TENANT_ID}/{@code ADLS_CLIENT_ID}/{@code ADLS_CLIENT_SECRET}): real ADLS
 *       Gen2 over {@code abfss://};</li>
 *   <li>{@code LAKE_ROOT=file:///…}: a local directory, only when asked for explicitly.</li>
 * </ul>
 * The Hadoop keys for Azurite are the minimal set that worked; why each is needed: docs/verified-facts.md.
 */
public final class LakeSettings {
    public enum Mode {
        AZURITE,
        ADLS,
        FILE
    }

    public static final String AZURITE_ACCOUNT = "devstoreaccount1";
    /** Azurite's published, well-known development key: not a secret, but still printed redacted. */
    public static final String AZURITE_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    public static final String DEFAULT_CONTAINER = "streambench";

    /** The variables of real ADLS Gen2: none of them may stand beside AZURITE_BLOB_ENDPOINT. */
    static final List<String> ADLS_VARIABLES = List.of(
            ADLS_ACCOUNT_NAME, ADLS_CONTAINER, ADLS_ACCOUNT_KEY, ADLS_TENANT_ID, ADLS_CLIENT_ID, ADLS_CLIENT_SECRET);

    private final Mode mode;
    private final String rootUri;
    private final Map<String, String> hadoopConf;
    private final List<String> secretValues;
    private final Map<String, String> objectStore;

    private LakeSettings(
            Mode mode,
            String rootUri,
            Map<String, String> hadoopConf,
            List<String> secretValues,
            Map<String, String> objectStore) {
        this.mode = mode;
        this.objectStore = Map.copyOf(objectStore);
        this.rootUri = rootUri.endsWith("/") ? rootUri.substring(0, rootUri.length() - 1) : rootUri;
        this.hadoopConf = Map.copyOf(hadoopConf);
        this.secretValues = List.copyOf(secretValues);
    }

    public static LakeSettings fromKnobs(Knobs knobs) {
        boolean azurite = knobs.isSet(AZURITE_BLOB_ENDPOINT);
        boolean adls = knobs.isSet(ADLS_ACCOUNT_NAME);
        boolean file = knobs.isSet(LAKE_ROOT);
        if (file && (azurite || adls)) {
            throw new ConfigException("LAKE_ROOT selects a local lake and cannot be combined with "
                    + (azurite ? AZURITE_BLOB_ENDPOINT : ADLS_ACCOUNT_NAME) + "; unset one of them");
        }
        if (azurite) {
            refuseAdlsBesideAzurite(knobs);
        }
        String path = knobs.env(LAKE_PATH, "streambench").asLakePath();
        if (azurite) {
            return azurite(
                    knobs.env(AZURITE_BLOB_ENDPOINT, "").asString(),
                    AZURITE_ACCOUNT,
                    AZURITE_KEY,
                    DEFAULT_CONTAINER,
                    path);
        }
        if (adls) {
            String account =
                    knobs.required(ADLS_ACCOUNT_NAME, "the storage account").asString();
            String container = knobs.required(
                            ADLS_CONTAINER, "the ADLS Gen2 container (file system) that holds the tables")
                    .asString();
            if (knobs.isSet(ADLS_ACCOUNT_KEY)) {
                return adlsWithKey(account, knobs.env(ADLS_ACCOUNT_KEY, "").asString(), container, path);
            }
            if (knobs.isSet(ADLS_CLIENT_ID)) {
                return adlsWithOAuth(
                        account,
                        knobs.required(ADLS_TENANT_ID, "the Entra ID tenant of the service principal")
                                .asString(),
                        knobs.required(ADLS_CLIENT_ID, "the service principal's application id")
                                .asString(),
                        knobs.required(ADLS_CLIENT_SECRET, "the service principal's secret")
                                .asString(),
                        container,
                        path);
            }
            throw new ConfigException("ADLS_ACCOUNT_NAME is set but neither ADLS_ACCOUNT_KEY nor "
                    + "ADLS_CLIENT_ID/ADLS_CLIENT_SECRET/ADLS_TENANT_ID is: give one way to authenticate");
        }
        if (file) {
            return file(knobs.env(LAKE_ROOT, "").asString());
        }
        throw new ConfigException("no lake configured: set AZURITE_BLOB_ENDPOINT (Azurite), ADLS_ACCOUNT_NAME + "
                + "ADLS_CONTAINER + ADLS_ACCOUNT_KEY (real ADLS Gen2), or LAKE_ROOT=file:///dir (local disk)");
    }

    /**
     * Azurite used to win over ADLS_*, which then described its account: a real account's key (forgotten
     * AZURITE_BLOB_ENDPOINT=azurite:10000 in .env, say) then signed requests sent over plain HTTP to the
     * emulator's address. Azurite is its development account only; real ADLS is ADLS_* without it.
     */
    private static void refuseAdlsBesideAzurite(Knobs knobs) {
        List<String> given = ADLS_VARIABLES.stream().filter(knobs::isSet).toList();
        if (!given.isEmpty()) {
            // no colon after the names: printed text is redacted, and ADLS_ACCOUNT_KEY: word reads as a secret pair
            throw new ConfigException("AZURITE_BLOB_ENDPOINT cannot be combined with " + String.join(", ", given)
                    + ", since AZURITE_BLOB_ENDPOINT is the Azurite emulator (plain HTTP, its development "
                    + "account "
                    + AZURITE_ACCOUNT + ", container " + DEFAULT_CONTAINER + ") and ADLS_* are real ADLS Gen2, "
                    + "whose key or secret would sign requests sent to the emulator's address over plain HTTP; "
                    + "for ADLS Gen2 leave AZURITE_BLOB_ENDPOINT unset or empty, for Azurite unset the ADLS_* "
                    + "variables");
        }
    }

    public static LakeSettings azurite(String endpoint, String account, String key, String container, String path) {
        if (!endpoint.matches("[A-Za-z0-9.\\-]+:\\d{1,5}")) {
            throw new ConfigException(
                    "AZURITE_BLOB_ENDPOINT must be host:port, e.g. 127.0.0.1:10000, got \"" + endpoint + "\"");
        }
        validContainer(container);
        Map<String, String> conf = new LinkedHashMap<>();
        // The driver puts the account in the path when an endpoint is set, which is what Azurite expects.
        conf.put("fs.azure.abfs.endpoint", endpoint);
        conf.put("fs.azure.always.use.https", "false");
        conf.put("fs.azure.account.key." + account + ".dfs.core.windows.net", key);
        conf.put("fs.azure.account.hns.enabled", "false");
        conf.put("fs.azure.fns.account.service.type", "BLOB");
        conf.put("fs.azure.networking.library", "JDK_HTTP_URL_CONNECTION");
        conf.put("fs.azure.metrics.collection.enabled", "false");
        conf.put("fs.azure.createRemoteFileSystemDuringInitialization", "true");
        String root = "abfs://" + container + "@" + account + ".dfs.core.windows.net/" + trimSlashes(path);
        return new LakeSettings(
                Mode.AZURITE,
                root,
                conf,
                List.of(key),
                Map.of(
                        "azure_storage_account_name",
                        account,
                        "azure_storage_account_key",
                        key,
                        "azure_storage_endpoint",
                        "http://" + endpoint + "/" + account,
                        "azure_allow_http",
                        "true"));
    }

    public static LakeSettings adlsWithKey(String account, String key, String container, String path) {
        validContainer(container);
        Map<String, String> conf = commonAdls();
        conf.put("fs.azure.account.auth.type." + account + ".dfs.core.windows.net", "SharedKey");
        conf.put("fs.azure.account.key." + account + ".dfs.core.windows.net", key);
        return new LakeSettings(
                Mode.ADLS,
                adlsRoot(account, container, path),
                conf,
                List.of(key),
                Map.of("azure_storage_account_name", account, "azure_storage_account_key", key));
    }

    public static LakeSettings adlsWithOAuth(
            String account, String tenant, String clientId, String secret, String container, String path) {
        validContainer(container);
        String suffix = "." + account + ".dfs.core.windows.net";
        Map<String, String> conf = commonAdls();
        conf.put("fs.azure.account.auth.type" + suffix, "OAuth");
        conf.put(
                "fs.azure.account.oauth.provider.type" + suffix,
                "org.apache.hadoop.fs.azurebfs.oauth2.ClientCredsTokenProvider");
        conf.put(
                "fs.azure.account.oauth2.client.endpoint" + suffix,
                "https://login.microsoftonline.com/" + tenant + "/oauth2/token");
        conf.put("fs.azure.account.oauth2.client.id" + suffix, clientId);
        conf.put("fs.azure.account.oauth2.client.secret" + suffix, secret);
        return new LakeSettings(
                Mode.ADLS,
                adlsRoot(account, container, path),
                conf,
                List.of(secret),
                Map.of(
                        "azure_storage_account_name",
                        account,
                        "azure_tenant_id",
                        tenant,
                        "azure_client_id",
                        clientId,
                        "azure_client_secret",
                        secret));
    }

    public static LakeSettings file(String root) {
        if (!root.startsWith("file:/")) {
            throw new ConfigException("LAKE_ROOT must be a file: URI such as file:///tmp/lake, got \"" + root + "\"");
        }
        return new LakeSettings(Mode.FILE, root, Map.of(), List.of(), Map.of());
    }

    private static Map<String, String> commonAdls() {
        Map<String, String> conf = new LinkedHashMap<>();
        // Without this a non-daemon metrics thread in hadoop-azure 3.5 keeps the JVM alive after main ends.
        conf.put("fs.azure.metrics.collection.enabled", "false");
        return conf;
    }

    private static String adlsRoot(String account, String container, String path) {
        return "abfss://" + container + "@" + account + ".dfs.core.windows.net/" + trimSlashes(path);
    }

    private static void validContainer(String container) {
        // Azure's rule: 3-63 chars, lowercase letters, digits and single hyphens, starting with a letter or digit.
        if (!container.matches("[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]")) {
            throw new ConfigException("ADLS_CONTAINER must be 3-63 lowercase letters, digits or single hyphens, got \""
                    + container + "\"");
        }
    }

    private static String trimSlashes(String p) {
        String s = p;
        while (s.startsWith("/")) {
            s = s.substring(1);
        }
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        return s;
    }

    public Mode mode() {
        return mode;
    }

    /** Root under which each run and engine gets its table, without a trailing slash. */
    public String rootUri() {
        return rootUri;
    }

    /** {@code rootUri()/relative}, e.g. {@code tableUri("run-1/spark-4.2/benchmark")}. */
    public String tableUri(String relative) {
        return rootUri + "/" + trimSlashes(relative);
    }

    /** Keys for a Hadoop {@code Configuration}; contains secrets, never print it (use {@link #describe()}). */
    public Map<String, String> hadoopConf() {
        return hadoopConf;
    }

    /** The same keys prefixed for Spark ({@code spark.hadoop.*}). */
    public Map<String, String> sparkConf() {
        Map<String, String> out = new LinkedHashMap<>();
        hadoopConf.forEach((k, v) -> out.put("spark.hadoop." + k, v));
        return out;
    }

    /**
     * The same storage for Rust's {@code object_store} crate, as delta-rs writers (Feldera) take it: account
     * name plus key or client credentials, and for Azurite its endpoint with plain HTTP allowed. Empty for a
     * local lake. Contains secrets, never print it.
     */
    public Map<String, String> objectStoreOptions() {
        return objectStore;
    }

    /** Secret values to mask in any text that might quote them, e.g. exception messages. */
    public List<String> secretValues() {
        return secretValues;
    }

    /** A printable view: mode, root and every Hadoop key with secrets redacted. */
    public String describe() {
        List<String> lines = new ArrayList<>();
        lines.add("lake: " + mode.name().toLowerCase() + " " + rootUri);
        Secrets.redact(new java.util.TreeMap<>(hadoopConf)).forEach((k, v) -> lines.add("  " + k + "=" + v));
        return String.join(System.lineSeparator(), lines);
    }

    @Override
    public String toString() {
        return describe();
    }
}
