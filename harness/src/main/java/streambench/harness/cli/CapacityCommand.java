package streambench.harness.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import streambench.common.ConfigException;
import streambench.harness.engine.Engine;
import streambench.harness.engine.RunDirectory;
import streambench.harness.report.CapacityReport;
import streambench.harness.search.CapacitySearch;
import streambench.services.Machine;

/**
 * The highest offered rate at which an engine passes every check: sustainable throughput, found by trials
 * on services started once, each trial with a fresh topic and table and the verdict of {@code run}.
 */
@Command(
        name = "capacity",
        mixinStandardHelpOptions = true,
        description = "Find each engine's capacity: the highest rate at which it passes every check. Ramps up by "
                + "doubling from --min-rate until a rate fails (a failed trial is repeated once), bisects to "
                + "--precision, then confirms the best passing rate with one run of --confirm-duration (longer "
                + "when two of the engine's log checkpoints need it). A capacity is confirmed only when that run "
                + "passed and no trial at or below its rate failed; an undetermined trial (the load was late) is "
                + "neither. Prints and writes per rate the trials, passes, failures and undetermined ones, and the "
                + "band [highest rate with no failure at or below, lowest rate with a failure]. Writes "
                + "capacity.csv (per rate), capacity_trials.csv (per trial), capacity_summary.csv and "
                + "capacity_chart.png.")
public final class CapacityCommand implements Callable<Integer> {
    @Option(
            names = "--engines",
            split = ",",
            paramLabel = "ID",
            description = "Engines to search: ${sys:streambench.engines}. Default: all of them; one "
                    + "that cannot run here is reported as not run and fails the search.")
    List<String> engines = new ArrayList<>();

    @Option(
            names = "--min-rate",
            defaultValue = "1000",
            description = "First rate tried, msg/s (default ${DEFAULT-VALUE}).")
    long minRate;

    @Option(
            names = "--max-rate",
            defaultValue = "0",
            description =
                    "Never offer more than this, msg/s; 0: no bound but the load generator (default ${DEFAULT-VALUE}).")
    long maxRate;

    @Option(
            names = "--precision",
            defaultValue = "0.10",
            description =
                    "Bisect until the failing rate is within this fraction above the passing one (default ${DEFAULT-VALUE}).")
    double precision;

    @Option(
            names = "--trial-duration",
            defaultValue = "60",
            description = "Seconds of load per trial (default ${DEFAULT-VALUE}).")
    long trialSeconds;

    @Option(
            names = "--confirm-duration",
            defaultValue = "300",
            description = "Seconds of load of the run that confirms a capacity, at least (default ${DEFAULT-VALUE}). "
                    + "The run lasts max(this, 2 x the engine's log-checkpoint interval in commits / the commits per "
                    + "second its trials at that rate saw), so that a cost that comes every N commits falls inside it.")
    long confirmSeconds;

    @Option(
            names = "--max-confirm-duration",
            defaultValue = "3600",
            description = "A confirmation run never lasts longer than this, whatever the log checkpoint asks, seconds "
                    + "(default ${DEFAULT-VALUE}).")
    long maxConfirmSeconds;

    @Option(
            names = "--max-confirmations",
            defaultValue = "3",
            description = "Confirmation runs per engine at most; a failed one counts as a failure of its rate and the "
                    + "search goes on below it (default ${DEFAULT-VALUE}).")
    int maxConfirmations;

    @Option(
            names = "--max-trials",
            defaultValue = "24",
            description = "Trials per engine at most, confirmation runs included (default ${DEFAULT-VALUE}).")
    int maxTrials;

    @Option(
            names = "--repeat-failures",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Repeat a failed ramp or bisection trial once; the rate fails only if the repeat fails "
                    + "too, so one slow second cannot end the ramp (default ${DEFAULT-VALUE}).")
    boolean repeatFailures;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    ConsumerHeapOption consumerHeap;

    @Mixin
    LoadOptions load;

    @Mixin
    VerdictOptions verdict;

    @Override
    public Integer call() throws Exception {
        validate();
        PrintStream out = System.out;
        CommandSetup setup = CommandSetup.of(load, knobs -> engines);
        RunDirectory run = RunDirectory.create(load.results);
        printHeader(run, out);
        List<String> notRun = new ArrayList<>();
        boolean allFound = true;
        long started = System.nanoTime();
        streambench.harness.report.Manifest manifest = null;
        String status = "Failed";
        try (TrialSession session =
                        TrialSession.start(setup, run, minRate, trialSeconds, load, verdict, consumerHeap.value, out);
                CapacityReport report = new CapacityReport(load.results, verdict.thresholdSeconds)) {
            manifest = beginManifest(session, setup, run);
            for (Engine engine : setup.engines()) {
                var why = engine.unavailable(setup.layout());
                if (why.isPresent()) {
                    out.println(engine.label() + ": not run: " + why.get());
                    notRun.add(engine.label() + ": " + why.get());
                    continue;
                }
                CapacitySearch.Result result = search(engine, session, report, started, out);
                allFound &= found(result);
                if (result.interrupted()) {
                    break;
                }
            }
            report.printTable(out);
            notRun.forEach(n -> out.println("not run: " + n));
            boolean succeeded = allFound && notRun.isEmpty();
            status = succeeded ? "Succeeded" : "Failed";
            out.println(succeeded ? "{ \"status\": \"Succeeded\" }" : "{ \"status\": \"Failed\" }");
            return succeeded ? 0 : 1;
        } finally {
            if (manifest != null) {
                manifest.end(status);
            }
        }
    }

    private void printHeader(RunDirectory run, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "streambench capacity %s: from %,d msg/s, %d s trials, confirmation runs of %d s or more, precision "
                        + "%.0f %%, threshold %.1f s, %d partitions%n",
                run.runId(),
                minRate,
                trialSeconds,
                confirmSeconds,
                precision * 100,
                verdict.thresholdSeconds,
                load.partitions);
        out.println("machine: " + Machine.current().describe());
        out.println("logs: " + run.dir());
    }

    /** What made these results, with the search's own settings and every engine's baseline knobs. */
    private streambench.harness.report.Manifest beginManifest(
            TrialSession session, CommandSetup setup, RunDirectory run) throws java.io.IOException {
        java.util.Map<String, Object> workload = new java.util.LinkedHashMap<>(
                streambench.harness.report.Manifest.workload(session.info(), setup.engineIds()));
        workload.put("min_rate", minRate);
        workload.put("max_rate", maxRate);
        workload.put("precision", precision);
        workload.put("confirm_duration_s", confirmSeconds);
        streambench.harness.report.Manifest manifest = streambench.harness.report.Manifest.begin(
                "capacity",
                HarnessMain.originalArgs(spec),
                workload,
                Machine.current(),
                List.of(load.results, run.dir()));
        for (Engine engine : setup.engines()) {
            manifest.knobs(engine.id(), session.baselineKnobs(engine));
        }
        return manifest;
    }

    /** One engine's search, every trial reported as it ends, its rates printed once it is over. */
    private CapacitySearch.Result search(
            Engine engine, TrialSession session, CapacityReport report, long started, PrintStream out)
            throws Exception {
        out.printf("%n== %s: capacity search%n", engine.label());
        var engineKnobs = session.baselineKnobs(engine);
        CapacitySearch.Builder search = CapacitySearch.builder()
                .minRate(minRate)
                .precision(precision)
                .maxTrials(maxTrials)
                .repeatFailures(repeatFailures)
                .trialSeconds(trialSeconds)
                .confirmSeconds(confirmSeconds)
                .maxConfirmSeconds(maxConfirmSeconds)
                .maxConfirmations(maxConfirmations)
                .checkpointEveryCommits(engine.logCheckpointEveryCommits(engineKnobs))
                .knobs(engineKnobs)
                .runner((k, rate, seconds) -> TrialSession.outcome(session.run(engine, k, rate, seconds), seconds))
                .listener(t -> {
                    report.trial(engine.id(), engine.label(), t);
                    out.println(progressLine(engine, t, started));
                });
        if (maxRate > 0) { // 0: bounded only by the load generator
            search.maxRate(maxRate);
        }
        CapacitySearch.Result result = search.build().run();
        report.finished(engine.id(), engine.label(), result);
        CapacityReport.printRates(engine.label(), result, out);
        return result;
    }

    /** A capacity the search stands behind: confirmed, and bracketed or bounded by something other than the engine. */
    static boolean found(CapacitySearch.Result r) {
        return r.confirmed()
                && switch (r.stop()) {
                    case BRACKETED, LOAD_GENERATOR_LIMIT, PASSES_AT_MAX_RATE -> true;
                    default -> false;
                };
    }

    /** One dense line per trial, in the manner of Kafka's ProducerPerformance. */
    static String progressLine(Engine engine, CapacitySearch.Trial t, long startedNanos) {
        var o = t.outcome();
        long elapsed = (System.nanoTime() - startedNanos) / 1_000_000_000L;
        return String.format(
                Locale.ROOT,
                "%s trial %2d %-7s %,9d msg/s %4d s  %-12s max %6.2f s  p99 %6.2f s  keep-up %-3s  "
                        + "cpu %4.2f cores  %s msg/s per core  (%dm%02ds)%s",
                engine.id(),
                t.number(),
                t.phase().name().toLowerCase(Locale.ROOT),
                t.rate(),
                t.seconds(),
                o.undetermined() ? "UNDETERMINED" : o.word(),
                o.maxLatencySeconds(),
                o.p99Seconds(),
                o.keptUp() ? "yes" : "no",
                o.consumerCores(),
                o.consumerCores() > 0 ? String.format(Locale.ROOT, "%,.0f", t.rate() / o.consumerCores()) : "-",
                elapsed / 60,
                elapsed % 60,
                o.undetermined() ? "  " + o.undeterminedReason() : failures(o.checks()));
    }

    static String failures(Map<String, Boolean> checks) {
        List<String> failed = checks.entrySet().stream()
                .filter(e -> !e.getValue())
                .map(Map.Entry::getKey)
                .toList();
        return failed.isEmpty() ? "" : "  failed: " + String.join(", ", failed);
    }

    private void validate() {
        load.validate();
        verdict.validate();
        if (minRate <= 0) {
            throw new ConfigException("--min-rate must be a positive integer, got " + minRate);
        }
        if (maxRate < 0 || (maxRate > 0 && maxRate < minRate)) {
            throw new ConfigException(
                    "--max-rate must be 0 (no bound) or at least --min-rate (" + minRate + "), got " + maxRate);
        }
        if (!(precision > 0 && precision < 1)) {
            throw new ConfigException("--precision must be between 0 and 1 (0.10 is 10 %), got " + precision);
        }
        if (trialSeconds <= 0) {
            throw new ConfigException("--trial-duration must be a positive number of seconds, got " + trialSeconds);
        }
        TimeOptions.requireFits("--trial-duration", trialSeconds, java.util.concurrent.TimeUnit.SECONDS);
        verdict.requireWarmupShorterThan(trialSeconds, "--trial-duration");
        if (confirmSeconds < trialSeconds) {
            throw new ConfigException("--confirm-duration must be at least --trial-duration (" + trialSeconds
                    + " s), got " + confirmSeconds + ": the confirmation is the longer look at a capacity");
        }
        if (maxConfirmSeconds < confirmSeconds) {
            throw new ConfigException("--max-confirm-duration must be at least --confirm-duration (" + confirmSeconds
                    + " s), got " + maxConfirmSeconds);
        }
        TimeOptions.requireFits("--max-confirm-duration", maxConfirmSeconds, java.util.concurrent.TimeUnit.SECONDS);
        if (maxConfirmations < 1) {
            throw new ConfigException("--max-confirmations must be at least 1, got " + maxConfirmations);
        }
        if (maxTrials < 2) {
            throw new ConfigException(
                    "--max-trials must be at least 2 (a trial and its confirmation), got " + maxTrials);
        }
        consumerHeap.validate();
    }
}
