package streambench.common;

import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * What every consumer shares with whoever starts it — the harness, a container, a person — written once so
 * that neither side spells it on its own: the environment it reads, the HTTP endpoints it answers, the
 * counter and telemetry names the harness reads, and what its exit status means. The prose version, with
 * each engine's particulars, is docs/consumer-contract.md. A consumer reads its part of the environment
 * with {@link Settings#fromKnobs}, starts with {@link ConsumerStartup} and writes telemetry with
 * {@link TelemetryLine}; the knobs beyond this contract are its own.
 */
public final class ConsumerContract {
    private ConsumerContract() {}

    /** The Kafka topic to read. Required. */
    public static final String TOPIC = "TOPIC";
    /** The table's path under the lake root, e.g. {@code <run-id>/spark-4.2/benchmark}. Required. */
    public static final String TABLE_PATH = "TABLE_PATH";
    /** A file to append one telemetry line per commit or poll to. Optional. */
    public static final String TELEMETRY_FILE = "TELEMETRY_FILE";
    /** Port of {@link #HEALTH_PATH} and {@link #METRICS_PATH}; 0 picks a free one. */
    public static final String HEALTH_PORT = "HEALTH_PORT";
    /**
     * The address every listener of a consumer binds: {@code /health}, and the engine's own (Spark's driver and
     * block manager under a local master, Flink's local REST endpoint and blob server). Loopback by default: none of
     * them authenticates, and Spark's driver hands out the Hadoop configuration, account key included. A container
     * whose health another container checks sets {@code 0.0.0.0}.
     */
    public static final String LISTEN_ADDRESS = "LISTEN_ADDRESS";

    /** Where the lake is ({@link LakeSettings}): Azurite through ABFS. */
    public static final String AZURITE_BLOB_ENDPOINT = "AZURITE_BLOB_ENDPOINT";

    public static final String ADLS_ACCOUNT_NAME = "ADLS_ACCOUNT_NAME";
    public static final String ADLS_CONTAINER = "ADLS_CONTAINER";
    public static final String ADLS_ACCOUNT_KEY = "ADLS_ACCOUNT_KEY";
    public static final String ADLS_TENANT_ID = "ADLS_TENANT_ID";
    public static final String ADLS_CLIENT_ID = "ADLS_CLIENT_ID";
    public static final String ADLS_CLIENT_SECRET = "ADLS_CLIENT_SECRET";
    /** A local lake, {@code file:///dir}, only when asked for. */
    public static final String LAKE_ROOT = "LAKE_ROOT";
    /** The folder inside the container that holds every table. */
    public static final String LAKE_PATH = "LAKE_PATH";

    /** How to reach Kafka ({@link KafkaConnection}). */
    public static final String KAFKA_BOOTSTRAP_SERVERS = "KAFKA_BOOTSTRAP_SERVERS";

    public static final String EVENTHUB_CONNECTION_STRING = "EVENTHUB_CONNECTION_STRING";
    /** {@code KAFKA_CLIENT_SECURITY_PROTOCOL} → client property {@code security.protocol}. */
    public static final String KAFKA_CLIENT_PREFIX = "KAFKA_CLIENT_";
    /**
     * The OAuth token and JWKS endpoint URLs a {@code KAFKA_CLIENT_SASL_OAUTHBEARER_*_URL} setting may name,
     * comma-separated, each exactly as given there; none by default ({@link KafkaConnection}).
     */
    public static final String KAFKA_OAUTH_ALLOWED_URLS = "KAFKA_OAUTH_ALLOWED_URLS";
    /** How long the JVM consumers and the producer wait at start for Kafka and the topic; 0s: no check. */
    public static final String KAFKA_CONNECT_TIMEOUT = "KAFKA_CONNECT_TIMEOUT";

    /**
     * The variables above that say where Kafka and the lake are and how to reach them: the user's own, from
     * the environment or .env, never a knob a tuning result may advise or override.
     */
    public static final Set<String> ENDPOINTS = Set.of(
            AZURITE_BLOB_ENDPOINT,
            ADLS_ACCOUNT_NAME,
            ADLS_CONTAINER,
            ADLS_ACCOUNT_KEY,
            ADLS_TENANT_ID,
            ADLS_CLIENT_ID,
            ADLS_CLIENT_SECRET,
            LAKE_ROOT,
            LAKE_PATH,
            KAFKA_BOOTSTRAP_SERVERS,
            EVENTHUB_CONNECTION_STRING,
            KAFKA_OAUTH_ALLOWED_URLS);

    /** The connection variables, as {@code --knobs} lists them after the knobs (docs/consumer-contract.md). */
    public static final String CONNECTION = TOPIC + ", " + TABLE_PATH + "; Kafka: " + KAFKA_BOOTSTRAP_SERVERS
            + " or " + EVENTHUB_CONNECTION_STRING + ", " + KAFKA_CLIENT_PREFIX + "*, " + KAFKA_OAUTH_ALLOWED_URLS
            + "; the lake: " + AZURITE_BLOB_ENDPOINT + ", or " + ADLS_ACCOUNT_NAME + " + " + ADLS_CONTAINER + " + "
            + ADLS_ACCOUNT_KEY + " (or " + ADLS_TENANT_ID + " + " + ADLS_CLIENT_ID + " + " + ADLS_CLIENT_SECRET
            + "), or " + LAKE_ROOT + "; " + LAKE_PATH + "; " + TELEMETRY_FILE;

    /** The knobs with a default that every consumer reads, whatever its engine. */
    public static final KnobDef<Integer> HEALTH_PORT_KNOB = KnobDef.port(
            HEALTH_PORT,
            "8080",
            "the port of /health (503 until the first commit, then 200) and /metrics; 0: any free one");

    public static final KnobDef<String> LISTEN_ADDRESS_KNOB = KnobDef.ipAddress(
            LISTEN_ADDRESS,
            "127.0.0.1",
            "the address every listener of the consumer binds (health, the engine's own): loopback unless a container's"
                    + " health is checked from outside it (0.0.0.0)");

    /** How long the JVM consumers and the producer wait at start for Kafka and the topic. */
    public static final KnobDef<Duration> KAFKA_CONNECT_TIMEOUT_KNOB = KnobDef.duration(
            KAFKA_CONNECT_TIMEOUT,
            "30s",
            "the start-up check that Kafka answers and the topic exists (exit 2 if not); 0s: none");

    /** {@link #HEALTH_PORT_KNOB} and {@link #LISTEN_ADDRESS_KNOB}, for {@code --knobs}. */
    public static KnobSheet.Group knobs() {
        return new KnobSheet.Group("every consumer", java.util.List.of(HEALTH_PORT_KNOB, LISTEN_ADDRESS_KNOB));
    }

    /** One of {@link #ENDPOINTS}, or a {@code KAFKA_CLIENT_*} client property. */
    public static boolean isEndpoint(String name) {
        return ENDPOINTS.contains(name) || name.startsWith(KAFKA_CLIENT_PREFIX);
    }

    /** 503 with a short reason until the first commit is done, then 200; 503 again once stopping. */
    public static final String HEALTH_PATH = "/health";
    /** One {@code name value} line per counter. */
    public static final String METRICS_PATH = "/metrics";
    /** The counter every consumer has on {@link #METRICS_PATH}: records dropped as not valid events. */
    public static final String MALFORMED_ROWS_TOTAL = "malformed_rows_total";
    /**
     * On every consumer's {@link #METRICS_PATH}: the processors and the heap its JVM sees, which is where a
     * container's {@code cpus} and {@code mem_limit} show (the harness and the Compose flow report them).
     */
    public static final String JVM_AVAILABLE_PROCESSORS = "jvm_available_processors";

    public static final String JVM_MAX_HEAP_BYTES = "jvm_max_heap_bytes";

    /** On every consumer's {@link #METRICS_PATH}: its heap in use after the latest GC, -1 before the first. */
    public static final String JVM_HEAP_AFTER_GC_BYTES = "jvm_heap_after_gc_bytes";
    /** The field every telemetry line starts with: an ISO-8601 instant ({@link TelemetryLine}). */
    public static final String TELEMETRY_TIME = "time";

    /** How long the harness waits after SIGTERM before it kills a consumer: its stop must be done by then. */
    public static final Duration STOP_GRACE = Duration.ofSeconds(30);

    /** Stopped because it was asked to. */
    public static final int EXIT_OK = 0;
    /** The engine failed: its query, job or pipeline; the message carries the chain of causes. */
    public static final int EXIT_FAILED = 1;
    /** Bad configuration, or Kafka, the topic or the engine's server not there: the message names the variable. */
    public static final int EXIT_CONFIG = 2;
    /** The process that started this one is gone ({@link ParentWatch}): what SIGTERM would give. */
    public static final int EXIT_PARENT_GONE = 143;

    /**
     * The part of the environment every consumer reads the same way. {@code HEALTH_PORT}'s default stands
     * under each engine's anchor in docker-compose.yml too (KnobAnchorsTest reads this file with each
     * consumer's sources).
     */
    public record Settings(
            String topic,
            String tablePath,
            LakeSettings lake,
            KafkaConnection kafka,
            Optional<String> telemetryFile,
            int healthPort,
            String listenAddress) {

        /** {@code tableExample}: a TABLE_PATH for this engine, for the message when it is missing. */
        public static Settings fromKnobs(Knobs knobs, String tableExample) {
            String topic = knobs.required(TOPIC, "the Kafka topic to consume").asString();
            String tablePath = knobs.required(TABLE_PATH, "the table's path under the lake root, e.g. " + tableExample)
                    .asLakePath();
            LakeSettings lake = LakeSettings.fromKnobs(knobs);
            KafkaConnection kafka = KafkaConnection.fromKnobs(knobs);
            Optional<String> telemetry = knobs.optional(TELEMETRY_FILE).map(Knob::asString);
            int healthPort = HEALTH_PORT_KNOB.from(knobs);
            String listenAddress = LISTEN_ADDRESS_KNOB.from(knobs);
            return new Settings(topic, tablePath, lake, kafka, telemetry, healthPort, listenAddress);
        }

        /** Where the table is: {@code TABLE_PATH} under the lake's root. */
        public String tableUri() {
            return lake.tableUri(tablePath);
        }
    }
}
