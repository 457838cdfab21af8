package streambench.feldera;

import java.time.Duration;
import java.util.List;
import streambench.common.ConsumerContract;
import streambench.common.KnobDef;
import streambench.common.KnobSheet;
import streambench.common.StartingOffsets;

/**
 * The Feldera client's knobs, declared once; {@link #sheet()} is what {@code --knobs} prints. Most of them go into
 * the pipeline's runtime and connector configuration: the pipeline runs inside Feldera, not in this JVM.
 */
final class FelderaKnobs {
    private FelderaKnobs() {}

    // the Feldera server and this client
    static final KnobDef<String> FELDERA_URL = KnobDef.string(
            "FELDERA_URL",
            "http://localhost:8080",
            "the pipeline manager; the harness's own FELDERA_URL wins over this");
    static final KnobDef<Boolean> FELDERA_ALLOW_PLAIN_HTTP = KnobDef.bool(
            "FELDERA_ALLOW_PLAIN_HTTP",
            "false",
            "true: accept http:// to a host other than loopback (the API key and the program's storage and Kafka"
                    + " credentials then travel in clear text)");
    static final KnobDef<String> FELDERA_API_KEY =
            KnobDef.string("FELDERA_API_KEY", "", "Feldera's API key; empty: no Authorization header");
    static final KnobDef<String> FELDERA_PIPELINE_NAME = KnobDef.string(
            "FELDERA_PIPELINE_NAME", "", "1-100 letters, digits, '-' or '_'; empty: streambench-<topic>");
    static final KnobDef<Duration> FELDERA_COMPILE_TIMEOUT =
            KnobDef.duration("FELDERA_COMPILE_TIMEOUT", "20m", "the first compilation is a Rust build inside Feldera");
    static final KnobDef<Duration> FELDERA_START_TIMEOUT =
            KnobDef.duration("FELDERA_START_TIMEOUT", "5m", "how long the pipeline may take to run once compiled");
    /** Positive: 0 would poll /stats in a busy loop. */
    static final KnobDef<Duration> FELDERA_STATS_INTERVAL =
            KnobDef.positiveDuration("FELDERA_STATS_INTERVAL", "1s", "/stats polls: telemetry lines and /metrics");
    // runtime_config
    static final KnobDef<Integer> FELDERA_WORKERS = KnobDef.positiveInt(
            "FELDERA_WORKERS", "4", "Feldera's worker threads (its default is 8); size it to the cores Feldera gets");
    static final KnobDef<Boolean> FELDERA_STORAGE = KnobDef.bool(
            "FELDERA_STORAGE", "false", "true (Feldera's default): state on disk, needed for fault tolerance");
    static final KnobDef<Long> FELDERA_MIN_BATCH_SIZE_RECORDS = KnobDef.nonNegativeLong(
            "FELDERA_MIN_BATCH_SIZE_RECORDS", "0", "min_batch_size_records; 0: process whatever has arrived");
    static final KnobDef<Long> FELDERA_MAX_BUFFERING_DELAY_USECS =
            KnobDef.nonNegativeLong("FELDERA_MAX_BUFFERING_DELAY_USECS", "0", "max_buffering_delay_usecs");
    static final KnobDef<FelderaSettings.CompilationProfile> FELDERA_COMPILATION_PROFILE = KnobDef.oneOf(
            "FELDERA_COMPILATION_PROFILE",
            "optimized",
            FelderaSettings.CompilationProfile.class,
            "the program's compilation profile");
    // Kafka input connector
    static final KnobDef<Integer> FELDERA_POLLER_THREADS =
            KnobDef.positiveInt("FELDERA_POLLER_THREADS", "3", "the Kafka input connector's poller threads");
    static final KnobDef<StartingOffsets> FELDERA_KAFKA_START_FROM = KnobDef.oneOf(
            "FELDERA_KAFKA_START_FROM", "earliest", StartingOffsets.class, "where the Kafka input connector starts");
    // Delta output connector
    static final KnobDef<FelderaSettings.DeltaMode> FELDERA_DELTA_MODE = KnobDef.oneOf(
            "FELDERA_DELTA_MODE",
            "append",
            FelderaSettings.DeltaMode.class,
            "what the Delta output connector does with a table that exists");
    static final KnobDef<Integer> FELDERA_DELTA_THREADS =
            KnobDef.nonNegativeInt("FELDERA_DELTA_THREADS", "0", "the Delta connector's threads; 0: its default");
    static final KnobDef<Boolean> FELDERA_ENABLE_OUTPUT_BUFFER =
            KnobDef.bool("FELDERA_ENABLE_OUTPUT_BUFFER", "true", "batch output into fewer, larger Delta commits");
    static final KnobDef<Long> FELDERA_MAX_OUTPUT_BUFFER_TIME_MILLIS = KnobDef.nonNegativeLong(
            "FELDERA_MAX_OUTPUT_BUFFER_TIME_MILLIS",
            "1000",
            "flush the output buffer at least this often (ms): bounds the latency it adds");
    static final KnobDef<Long> FELDERA_MAX_OUTPUT_BUFFER_SIZE_RECORDS = KnobDef.nonNegativeLong(
            "FELDERA_MAX_OUTPUT_BUFFER_SIZE_RECORDS", "1000000", "... or when this many records wait");

    static KnobSheet sheet() {
        return new KnobSheet(
                "feldera-client",
                ConsumerContract.CONNECTION + "; FELDERA_KAFKA_BOOTSTRAP_SERVERS, FELDERA_AZURITE_ENDPOINT (Kafka"
                        + " and Azurite as Feldera's host reaches them, when not as this client does)",
                List.of(
                        ConsumerContract.knobs(),
                        new KnobSheet.Group(
                                "the Feldera server and this client",
                                List.of(
                                        FELDERA_URL,
                                        FELDERA_ALLOW_PLAIN_HTTP,
                                        FELDERA_API_KEY,
                                        FELDERA_PIPELINE_NAME,
                                        FELDERA_COMPILE_TIMEOUT,
                                        FELDERA_START_TIMEOUT,
                                        FELDERA_STATS_INTERVAL)),
                        new KnobSheet.Group(
                                "the pipeline's runtime",
                                List.of(
                                        FELDERA_WORKERS,
                                        FELDERA_STORAGE,
                                        FELDERA_MIN_BATCH_SIZE_RECORDS,
                                        FELDERA_MAX_BUFFERING_DELAY_USECS,
                                        FELDERA_COMPILATION_PROFILE)),
                        new KnobSheet.Group(
                                "Kafka input connector", List.of(FELDERA_POLLER_THREADS, FELDERA_KAFKA_START_FROM)),
                        new KnobSheet.Group(
                                "Delta output connector",
                                List.of(
                                        FELDERA_DELTA_MODE,
                                        FELDERA_DELTA_THREADS,
                                        FELDERA_ENABLE_OUTPUT_BUFFER,
                                        FELDERA_MAX_OUTPUT_BUFFER_TIME_MILLIS,
                                        FELDERA_MAX_OUTPUT_BUFFER_SIZE_RECORDS))));
    }
}
