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
            description = "How often the harness times the store on its own beside the engine (a HEAD, a listing "
                    + "that finds nothing, a small write and its delete), so that a store that slows is told from an "
                    + "engine that does; 0 turns it off (env STORE_PROBE_MS, default ${DEFAULT-VALUE}).")
    long storeProbeMs;

    streambench.harness.engine.Measurement measurement() {
        return new streambench.harness.engine.Measurement(
                visibilityPollMs, tsToleranceMs, backlogGrowthSeconds, storeProbeMs);
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
        if (storeProbeMs < 0) {
            throw new ConfigException("--store-probe-ms must be >= 0 (0: no probe), got " + storeProbeMs);
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
