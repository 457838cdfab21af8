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
 * Every setting and tuning knob of the Feldera consumer, read once from the environment. Each default
 * equals the one under {@code x-feldera-tuning} in docker-compose.yml (a test keeps them in sync).
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
                knobs.env("FELDERA_WORKERS", "4").asPositiveInt(),
                knobs.env("FELDERA_MIN_BATCH_SIZE_RECORDS", "0").asLong(),
                knobs.env("FELDERA_MAX_BUFFERING_DELAY_USECS", "0").asLong(),
                knobs.env("FELDERA_STORAGE", "false").asBoolean(),
                knobs.env("FELDERA_COMPILATION_PROFILE", "optimized").asEnum(CompilationProfile.class),
                knobs.env("FELDERA_POLLER_THREADS", "3").asPositiveInt(),
                knobs.env("FELDERA_KAFKA_START_FROM", "earliest").asEnum(StartingOffsets.class),
                knobs.env("FELDERA_ENABLE_OUTPUT_BUFFER", "true").asBoolean(),
                knobs.env("FELDERA_MAX_OUTPUT_BUFFER_TIME_MILLIS", "1000").asLong(),
                knobs.env("FELDERA_MAX_OUTPUT_BUFFER_SIZE_RECORDS", "1000000").asLong(),
                knobs.env("FELDERA_DELTA_MODE", "append").asEnum(DeltaMode.class),
                knobs.env("FELDERA_DELTA_THREADS", "0").asNonNegativeInt(),
                knobs.env("FELDERA_COMPILE_TIMEOUT", "20m").asDuration(),
                knobs.env("FELDERA_START_TIMEOUT", "5m").asDuration(),
                knobs.env("FELDERA_STATS_INTERVAL", "1s").asDuration());
    }

    private static String felderaUrl(Knobs knobs) {
        String url = knobs.env("FELDERA_URL", "http://localhost:8080").asString();
        checkUrl(url);
        return url;
    }

    /** Empty: no Authorization header, as Feldera without authentication expects. */
    private static Optional<String> apiKey(Knobs knobs) {
        String key = knobs.env("FELDERA_API_KEY", "").asString();
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
        String name = knobs.env("FELDERA_PIPELINE_NAME", "").asString();
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
    private static void checkUrl(String url) {
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
    }
}
