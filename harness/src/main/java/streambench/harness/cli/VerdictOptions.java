package streambench.harness.cli;

import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Option;
import streambench.common.ConfigException;

/** How results are judged, shared by run, analyze and check so their defaults cannot drift apart. */
final class VerdictOptions {
    @Option(
            names = "--warmup",
            defaultValue = "${env:WARMUP_S:-15}",
            description = "Seconds at the start left out of the trend and keep-up checks, never out of the threshold "
                    + "check (env WARMUP_S, default ${DEFAULT-VALUE}).")
    long warmupSeconds;

    @Option(
            names = "--threshold",
            defaultValue = "${env:THRESHOLD_S:-5}",
            description =
                    "Every per-second max latency must stay below this many seconds (env THRESHOLD_S, default ${DEFAULT-VALUE}).")
    double thresholdSeconds;

    @Option(
            names = "--trend-bound",
            defaultValue = "0.01",
            description = "Largest allowed Theil-Sen slope of per-second max latency after warm-up, s/s "
                    + "(default ${DEFAULT-VALUE}: 1 s per 100 s).")
    double trendBound;

    @Option(
            names = "--trend-min-rise",
            defaultValue = "1.0",
            description = "A trend also needs the latency to rise by this many seconds over the steady window "
                    + "(default ${DEFAULT-VALUE}), so a short run's noise is not taken for one.")
    double trendMinRiseSeconds;

    @Option(
            names = "--drain-timeout",
            defaultValue = "${env:DRAIN_TIMEOUT_S:-60}",
            description =
                    "Seconds after the producer stops for the backlog to be committed (env DRAIN_TIMEOUT_S, default ${DEFAULT-VALUE}).")
    long drainTimeoutSeconds;

    @Option(
            names = "--clock-tolerance-ms",
            defaultValue = "${env:CLOCK_TOLERANCE_MS:-50}",
            description = "How far clocks may disagree before the run is invalid: a record committed more than this "
                    + "before it was due, or a commit seen this long before its own timestamp (env CLOCK_TOLERANCE_MS, "
                    + "default ${DEFAULT-VALUE}).")
    long clockToleranceMs;

    @Option(
            names = "--visibility-poll-ms",
            defaultValue = "${env:VISIBILITY_POLL_MS:-100}",
            description = "How often the harness looks for the table's next version, as a reader would: each record's "
                    + "latency ends when its version was found, at most this late (env VISIBILITY_POLL_MS, default "
                    + "${DEFAULT-VALUE}).")
    long visibilityPollMs;

    @Option(
            names = "--ts-tolerance-ms",
            defaultValue = "${env:TS_TOLERANCE_MS:-1}",
            description = "How far a row's ts may be from the time its producer's schedule gave it before the table "
                    + "counts as rewritten by the writer and the run is invalid (env TS_TOLERANCE_MS, default "
                    + "${DEFAULT-VALUE}).")
    long tsToleranceMs;

    @Option(
            names = "--backlog-growth-max",
            defaultValue = "${env:BACKLOG_GROWTH_MAX_S:-0.5}",
            description = "Seconds of the offered load the backlog (acknowledged minus visible) may grow by over the "
                    + "steady window, from the slope of its per-second readings; more fails the run, however short "
                    + "(env BACKLOG_GROWTH_MAX_S, default ${DEFAULT-VALUE}).")
    double backlogGrowthSeconds;

    @Option(
            names = "--store-probe-ms",
            defaultValue = "${env:STORE_PROBE_MS:-5000}",
            description =
                    "How often the harness times the store on its own beside the engine (a HEAD, a listing "
                            + "that finds nothing, a small write and its delete), so that a store that slows is told from an "
                            + "engine that does; 0 turns it off, else at least 100 (env STORE_PROBE_MS, default ${DEFAULT-VALUE}).")
    long storeProbeMs;

    @Option(
            names = "--keep-up-ratio",
            defaultValue = "${env:KEEP_UP_RATIO:-0.95}",
            description = "The share of the produced rate the committed rate must reach over the steady window for the "
                    + "kept-up check (env KEEP_UP_RATIO, default ${DEFAULT-VALUE}).")
    double keepUpRatio;

    @Option(
            names = "--ack-bound-ms",
            defaultValue = "${env:ACK_BOUND_MS:-1000}",
            description = "How long after its due time an event's acknowledgement may come before the load counts as "
                    + "late (the punctual check; a late load makes a failed engine undetermined) "
                    + "(env ACK_BOUND_MS, default ${DEFAULT-VALUE}).")
    double ackBoundMs;

    @Option(
            names = "--heap-growth-share",
            defaultValue = "${env:HEAP_GROWTH_SHARE:-0.2}",
            description = "The share of the consumer's largest heap its heap after GC may rise by from the first whole "
                    + "window of a long run to the last (the growth check) (env HEAP_GROWTH_SHARE, default "
                    + "${DEFAULT-VALUE}).")
    double heapGrowthShare;

    @Option(
            names = "--clock-requests",
            defaultValue = "${env:CLOCK_REQUESTS:-20}",
            description = "Storage requests, each as long as the median of the tail's own looks, a writer may make "
                    + "between stamping a commit and its file appearing before the clocks check calls its clock behind "
                    + "(env CLOCK_REQUESTS, default ${DEFAULT-VALUE}).")
    int clockRequests;

    static final long MIN_STORE_PROBE_MS = 100;

    streambench.harness.engine.Measurement measurement() {
        return new streambench.harness.engine.Measurement(
                visibilityPollMs,
                tsToleranceMs,
                backlogGrowthSeconds,
                storeProbeMs,
                new streambench.harness.engine.Bounds(ackBoundMs, heapGrowthShare, clockRequests));
    }

    /** The warm-up must leave something to judge: shorter than the load, named by its option ({@code --duration}). */
    void requireWarmupShorterThan(long loadSeconds, String option) {
        if (warmupSeconds >= loadSeconds) {
            throw new ConfigException(
                    "--warmup must be shorter than " + option + " (" + loadSeconds + " s), got " + warmupSeconds);
        }
    }

    void validate() {
        if (clockToleranceMs < 0) {
            throw new ConfigException("--clock-tolerance-ms must be >= 0, got " + clockToleranceMs);
        }
        if (visibilityPollMs <= 0 || visibilityPollMs > 10_000) {
            throw new ConfigException("--visibility-poll-ms must be 1-10000, got " + visibilityPollMs);
        }
        if (!(keepUpRatio > 0 && keepUpRatio <= 1)) {
            throw new ConfigException("--keep-up-ratio must be above 0 and at most 1, got " + keepUpRatio);
        }
        if (!(ackBoundMs > 0)) {
            throw new ConfigException("--ack-bound-ms must be a positive number of milliseconds, got " + ackBoundMs);
        }
        if (!(heapGrowthShare > 0 && heapGrowthShare <= 1)) {
            throw new ConfigException("--heap-growth-share must be above 0 and at most 1, got " + heapGrowthShare);
        }
        if (clockRequests < 0) {
            throw new ConfigException("--clock-requests must be >= 0, got " + clockRequests);
        }
        if (storeProbeMs < 0 || (storeProbeMs > 0 && storeProbeMs < MIN_STORE_PROBE_MS)) {
            throw new ConfigException("--store-probe-ms must be 0 (no probe) or at least " + MIN_STORE_PROBE_MS
                    + " ms (the probe must not become a load on the store it measures), got " + storeProbeMs);
        }
        if (tsToleranceMs < 0) {
            throw new ConfigException("--ts-tolerance-ms must be >= 0, got " + tsToleranceMs);
        }
        if (!(backlogGrowthSeconds >= 0)) {
            throw new ConfigException("--backlog-growth-max must be >= 0 seconds, got " + backlogGrowthSeconds);
        }
        if (warmupSeconds < 0) {
            throw new ConfigException("--warmup must be >= 0, got " + warmupSeconds);
        }
        if (!(thresholdSeconds > 0)) {
            throw new ConfigException("--threshold must be a positive number of seconds, got " + thresholdSeconds);
        }
        if (!(trendBound > 0)) {
            throw new ConfigException("--trend-bound must be a positive number, got " + trendBound);
        }
        if (trendMinRiseSeconds < 0) {
            throw new ConfigException("--trend-min-rise must be >= 0, got " + trendMinRiseSeconds);
        }
        if (drainTimeoutSeconds <= 0) {
            throw new ConfigException(
                    "--drain-timeout must be a positive number of seconds, got " + drainTimeoutSeconds);
        }
        TimeOptions.requireFits("--warmup", warmupSeconds, TimeUnit.SECONDS);
        TimeOptions.requireFits("--drain-timeout", drainTimeoutSeconds, TimeUnit.SECONDS);
        TimeOptions.requireFits("--clock-tolerance-ms", clockToleranceMs, TimeUnit.MILLISECONDS);
    }
}
