package streambench.feldera;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import streambench.common.ConfigException;
import streambench.common.ConsumerContract;
import streambench.common.KafkaConnection;
import streambench.common.Knob;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.common.StartingOffsets;

/**
 * Every setting and tuning knob of the Feldera consumer, read once from the environment. The knobs are declared
 * in {@link FelderaKnobs}; their defaults stand under {@code x-feldera-tuning} in docker-compose.yml too.
 */
record FelderaSettings(
        String felderaUrl,
        Optional<String> apiKey,
        String pipelineName,
        ConsumerContract.Settings consumer,
        Optional<String> pipelineKafkaBootstrap,
        Optional<String> pipelineAzuriteEndpoint,
        int workers,
        long minBatchSizeRecords,
        long maxBufferingDelayUsecs,
        boolean storage,
        CompilationProfile compilationProfile,
        int pollerThreads,
        StartingOffsets startFrom,
        boolean outputBuffer,
        long maxOutputBufferTimeMillis,
        long maxOutputBufferSizeRecords,
        DeltaMode deltaMode,
        int deltaThreads,
        Duration compileTimeout,
        Duration startTimeout,
        Duration statsInterval) {

    /** Feldera's compilation profiles; {@link #value()} is how its API spells them. */
    enum CompilationProfile {
        DEV,
        UNOPTIMIZED,
        OPTIMIZED;

        String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What the Delta output connector does with a table that exists; {@link #value()} is its {@code mode}. */
    enum DeltaMode {
        APPEND,
        TRUNCATE,
        ERROR_IF_EXISTS;

        String value() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Reads the knobs in the record's order; each that needs more than a conversion has a step of its own. */
    static FelderaSettings fromKnobs(Knobs knobs) {
        String url = felderaUrl(knobs);
        Optional<String> apiKey = apiKey(knobs);
        ConsumerContract.Settings consumer =
                lakeFelderaCanWrite(ConsumerContract.Settings.fromKnobs(knobs, "run-1/feldera/benchmark"));
        return new FelderaSettings(
                url,
                apiKey,
                pipelineName(knobs, consumer.topic()),
                consumer,
                knobs.optional("FELDERA_KAFKA_BOOTSTRAP_SERVERS").map(Knob::asString),
                knobs.optional("FELDERA_AZURITE_ENDPOINT").map(Knob::asString),
                FelderaKnobs.FELDERA_WORKERS.from(knobs),
                FelderaKnobs.FELDERA_MIN_BATCH_SIZE_RECORDS.from(knobs),
                FelderaKnobs.FELDERA_MAX_BUFFERING_DELAY_USECS.from(knobs),
                FelderaKnobs.FELDERA_STORAGE.from(knobs),
                FelderaKnobs.FELDERA_COMPILATION_PROFILE.from(knobs),
                FelderaKnobs.FELDERA_POLLER_THREADS.from(knobs),
                FelderaKnobs.FELDERA_KAFKA_START_FROM.from(knobs),
                FelderaKnobs.FELDERA_ENABLE_OUTPUT_BUFFER.from(knobs),
                FelderaKnobs.FELDERA_MAX_OUTPUT_BUFFER_TIME_MILLIS.from(knobs),
                FelderaKnobs.FELDERA_MAX_OUTPUT_BUFFER_SIZE_RECORDS.from(knobs),
                FelderaKnobs.FELDERA_DELTA_MODE.from(knobs),
                FelderaKnobs.FELDERA_DELTA_THREADS.from(knobs),
                FelderaKnobs.FELDERA_COMPILE_TIMEOUT.from(knobs),
                FelderaKnobs.FELDERA_START_TIMEOUT.from(knobs),
                FelderaKnobs.FELDERA_STATS_INTERVAL.from(knobs));
    }

    private static String felderaUrl(Knobs knobs) {
        String url = FelderaKnobs.FELDERA_URL.from(knobs);
        java.net.URI uri = checkUrl(url);
        boolean allowPlainHttp = FelderaKnobs.FELDERA_ALLOW_PLAIN_HTTP.from(knobs);
        if ("http".equals(uri.getScheme()) && !isLoopback(uri.getHost()) && !allowPlainHttp) {
            throw new ConfigException("FELDERA_URL " + url + " is plain http to a host other than loopback: "
                    + "FELDERA_API_KEY and the program's storage and Kafka credentials would cross the network "
                    + "in clear text; use https://, or set FELDERA_ALLOW_PLAIN_HTTP=true for a network only "
                    + "you can see (e.g. a compose network)");
        }
        return url;
    }

    /**
     * Loopback by its name or address as written: 127.0.0.0/8, ::1, localhost. No lookup: a name resolved
     * here may resolve elsewhere for the HTTP client, and any other name may leave the machine.
     */
    static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.equals("localhost")) {
            return true;
        }
        if (h.matches("127\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){2}")) {
            return true;
        }
        if (h.startsWith("[") && h.endsWith("]")) {
            try {
                // an IPv6 literal: parsed, never looked up
                return java.net.InetAddress.getByName(h.substring(1, h.length() - 1))
                        .isLoopbackAddress();
            } catch (java.net.UnknownHostException e) {
                return false;
            }
        }
        return false;
    }

    /** Empty: no Authorization header, as Feldera without authentication expects. */
    private static Optional<String> apiKey(Knobs knobs) {
        String key = FelderaKnobs.FELDERA_API_KEY.from(knobs);
        return key.isEmpty() ? Optional.empty() : Optional.of(key);
    }

    private static ConsumerContract.Settings lakeFelderaCanWrite(ConsumerContract.Settings consumer) {
        if (consumer.lake().mode() == LakeSettings.Mode.FILE) {
            throw new ConfigException("LAKE_ROOT: Feldera writes Delta through its own object store client; give it "
                    + "Azurite (AZURITE_BLOB_ENDPOINT) or ADLS (ADLS_*), not a local directory");
        }
        return consumer;
    }

    /** One pipeline per topic unless named: two runs on one Feldera must not replace each other's. */
    private static String pipelineName(Knobs knobs, String topic) {
        String name = FelderaKnobs.FELDERA_PIPELINE_NAME.from(knobs);
        if (name.isEmpty()) {
            name = "streambench-" + topic.replaceAll("[^A-Za-z0-9_-]", "-");
        }
        if (!name.matches("[A-Za-z0-9_-]{1,100}")) {
            throw new ConfigException(
                    "FELDERA_PIPELINE_NAME must be 1-100 letters, digits, '-' or '_', got \"" + name + "\"");
        }
        return name;
    }

    String topic() {
        return consumer.topic();
    }

    String tablePath() {
        return consumer.tablePath();
    }

    LakeSettings lake() {
        return consumer.lake();
    }

    KafkaConnection kafka() {
        return consumer.kafka();
    }

    Optional<String> telemetryFile() {
        return consumer.telemetryFile();
    }

    int healthPort() {
        return consumer.healthPort();
    }

    /** Here, not in the client: its IllegalArgumentException would exit 1 without naming the variable. */
    private static java.net.URI checkUrl(String url) {
        java.net.URI uri;
        try {
            uri = new java.net.URI(url);
        } catch (java.net.URISyntaxException e) {
            uri = null;
        }
        if (uri == null
                || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                || uri.getHost() == null) {
            throw new ConfigException(
                    "FELDERA_URL must be http(s)://host:port of the pipeline manager, got \"" + url + "\"");
        }
        return uri;
    }
}
