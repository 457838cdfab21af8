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
