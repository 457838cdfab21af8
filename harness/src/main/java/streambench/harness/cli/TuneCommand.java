package streambench.harness.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import streambench.common.AtomicFiles;
import streambench.common.ConfigException;
import streambench.harness.engine.AnchorPatch;
import streambench.harness.engine.Engine;
import streambench.harness.engine.RunDirectory;
import streambench.harness.report.TuningReport;
import streambench.harness.search.CoordinateDescent;
import streambench.harness.search.SearchSpace;
import streambench.harness.search.TrialOutcome;
import streambench.services.Machine;

/**
 * The tuning loop with no person in it: the engine's search space from docker-compose.yml, the baseline run
 * several times for the noise, then one knob at a time, kept only when it beats the noise in two trials, and
 * the winner confirmed by a long run. Only a winner that survives its confirmation is written out as a
 * result: best.env, the anchor's patch and {@code --apply}.
 */
@Command(
        name = "tune",
        mixinStandardHelpOptions = true,
        description = "Tune one engine's knobs at a target rate: run the baseline --baseline-runs times to measure the "
                + "noise (the spread of their maxima), then change one knob of its x-<engine>-search block at a time "
                + "(coordinate descent). A change is kept only when it passed and beat the best so far in two trials: "
                + "each trial's max below the best's lowest passing max by more than the noise (or, within the noise on "
                + "the max, its CPU lower by more than the CPU noise); a failed trial is never kept, whatever its max. "
                + "Then the best runs once more for --confirm-duration. Writes results/tuning/<engine>/: trials.csv and "
                + "tuning_chart.png always; best.env and a patch of the engine's anchor (applied with --apply) only when "
                + "that confirmation passed. Otherwise best.env holds only comments saying nothing survived, "
                + "docker-compose.yml is left untouched and the exit code is 1.")
public final class TuneCommand implements Callable<Integer> {
    private static final Pattern TRIALS = Pattern.compile("(\\d+)\\s*trials?");
    private static final Pattern TIME = Pattern.compile("(\\d+)\\s*([smh])");
    /** A trial is its load plus the consumer's start, the drain and the analysis: about a minute more here. */
    private static final Duration TRIAL_OVERHEAD = Duration.ofSeconds(60);

    @Option(
            names = "--engine",
            required = true,
            paramLabel = "ID",
            description = "The engine to tune: ${sys:streambench.engines}.")
    String engineId;

    @Option(
            names = "--rate",
            defaultValue = "${env:RATE:-200000}",
            description = "Target rate, msg/s (env RATE, default ${DEFAULT-VALUE}, as run).")
    long rate;

    @Option(
            names = "--budget",
            defaultValue = "45m",
            description = "How long the search may take (45m, 2h, 900s) or how many trials it may run (20trials); "
                    + "no trial starts that could not finish in time (default ${DEFAULT-VALUE}).")
    String budget;

    @Option(
            names = "--trial-duration",
            defaultValue = "60",
            description = "Seconds of load per trial (default ${DEFAULT-VALUE}).")
    long trialSeconds;

    @Option(
            names = "--confirm-duration",
            defaultValue = "300",
            description = "Seconds of load of the run that confirms the best configuration after the search "
                    + "(default ${DEFAULT-VALUE}): long enough for costs that come every N commits, such as Delta's "
                    + "log checkpoint, which a short trial may never reach. Reserved within a time --budget.")
    long confirmSeconds;

    @Option(
            names = "--baseline-runs",
            defaultValue = "3",
            description = "How many times the baseline runs before any change; the spread of their maxima is the "
                    + "noise a change must beat (default ${DEFAULT-VALUE}, at least 2).")
    int baselineRuns;

    @Option(
            names = "--apply",
            description = "Write the best knob set into the engine's anchor in docker-compose.yml, only if it passed "
                    + "its confirmation (otherwise only the patch is written).")
    boolean apply;

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
        CommandSetup setup = CommandSetup.of(load, knobs -> List.of(engineId));
        Engine engine = setup.engines().get(0);
        engine.unavailable(setup.layout()).ifPresent(why -> {
            throw new ConfigException("--engine " + engineId + " cannot run here: " + why);
        });
        Path composeFile = setup.layout().composeFile();
        SearchSpace space = SearchSpace.load(composeFile, SearchSpace.blockBeside(engine.knobAnchor()));
        space.validateAgainst(setup.defaults().anchor(engine.knobAnchor()).keySet());
        Budget limit = Budget.parse(budget);
        Path dir = load.results.resolve("tuning").resolve(engine.id());
        RunDirectory run = RunDirectory.create(load.results);
        printHeader(run, engine, space, dir, out);
        long started = System.nanoTime();
        CoordinateDescent.Result result;
        boolean survived = false;
        streambench.harness.report.Manifest manifest = null;
        try (TrialSession session =
                        TrialSession.start(setup, run, rate, trialSeconds, load, verdict, consumerHeap.value, out);
                TuningReport report =
                        new TuningReport(dir, engine.label(), engine.endpointNames(), verdict.thresholdSeconds)) {
            manifest = beginManifest(session, engine, space, dir, run);
            result =
                    descent(engine, session, space, limit, report, started, out).run();
            survived = finish(result, composeFile, engine, report, apply, out);
        } finally {
            if (manifest != null) {
                manifest.end(survived ? "Succeeded" : "Failed");
            }
        }
        printSummary(engine, result, out);
        out.println(survived ? "{ \"status\": \"Succeeded\" }" : "{ \"status\": \"Failed\" }");
        return survived ? 0 : 1;
    }

    private void printHeader(RunDirectory run, Engine engine, SearchSpace space, Path dir, PrintStream out) {
        out.printf(
                Locale.ROOT,
                "streambench tune %s: %s at %,d msg/s, %d baseline runs, %d s trials, a %d s confirmation, budget %s,"
                        + " threshold %.1f s%n",
                run.runId(),
                engine.label(),
                rate,
                baselineRuns,
                trialSeconds,
                confirmSeconds,
                budget,
                verdict.thresholdSeconds);
        out.println("machine: " + Machine.current().describe());
        out.println("search space: " + space);
        out.println("logs: " + run.dir() + "; results: " + dir);
    }

    /** What made these results, with the search's own settings and the engine's baseline knobs. */
    private streambench.harness.report.Manifest beginManifest(
            TrialSession session, Engine engine, SearchSpace space, Path dir, RunDirectory run)
            throws java.io.IOException {
        java.util.Map<String, Object> workload = new java.util.LinkedHashMap<>(
                streambench.harness.report.Manifest.workload(session.info(), List.of(engine.id())));
        workload.put("budget", budget);
        workload.put("baseline_runs", baselineRuns);
        workload.put("confirm_duration_s", confirmSeconds);
        workload.put("search_space", space.toString());
        streambench.harness.report.Manifest manifest = streambench.harness.report.Manifest.begin(
                "tune", HarnessMain.originalArgs(spec), workload, Machine.current(), List.of(dir, run.dir()));
        manifest.knobs(engine.id(), session.baselineKnobs(engine));
        return manifest;
    }

    /** The coordinate descent over {@code space}, bounded by trials or by time with its confirmation inside. */
    private CoordinateDescent descent(
            Engine engine,
            TrialSession session,
            SearchSpace space,
            Budget limit,
            TuningReport report,
            long started,
            PrintStream out) {
        CoordinateDescent.Builder descent = CoordinateDescent.builder()
                .baseline(session.baselineKnobs(engine))
                .space(space)
                .rate(rate)
                .baselineRuns(baselineRuns)
                .trialSeconds(trialSeconds)
                .confirmSeconds(confirmSeconds)
                .runner((k, r, seconds) -> TrialSession.outcome(session.run(engine, k, r, seconds), seconds))
                .listener(t -> {
                    if (t.decision() == CoordinateDescent.Decision.CONFIRM) {
                        out.printf(
                                Locale.ROOT,
                                "the confirmation run of the best configuration, %d s: %s%n",
                                confirmSeconds,
                                TuningReport.changes(t.changed()));
                    }
                    report.trial(t);
                    out.println(progressLine(engine, t, started));
                });
        if (limit.trials() > 0) {
            descent.maxTrials(limit.trials());
        } else {
            // the confirmation belongs to the budget: a 45m tune ends in about 45 minutes
            Duration confirmation = Duration.ofSeconds(confirmSeconds).plus(TRIAL_OVERHEAD);
            descent.deadline(
                    Instant.now().plus(limit.time()).minus(confirmation),
                    Duration.ofSeconds(trialSeconds).plus(TRIAL_OVERHEAD));
        }
        return descent.build();
    }

    /**
     * Writes what the search leaves, and says whether it survived. Only a configuration that passed every run of
     * it and then its {@code --confirm-duration} run is a result: best.env, the anchor's patch and {@code --apply}
     * wait for that run. The long run is what catches a change that only moved a periodic cost out of the
     * trials: on 2026-12-02 Spark 3.5 "won" at 80,000 msg/s by handing its log checkpoint to Delta's
     * every-100-commits schedule, which 60 s trials never reached, and failed the first 300 s run; and a Spark
     * 4.2 best.env once recommended a change that had failed its confirmation. When nothing survived, best.env
     * says so in comments, no patch is written and docker-compose.yml is not touched.
     */
    static boolean finish(
            CoordinateDescent.Result result,
            Path composeFile,
            Engine engine,
            TuningReport report,
            boolean apply,
            PrintStream out)
            throws java.io.IOException {
        if (!result.survived()) {
            report.writeNothingSurvived(result.verdict());
            out.println(result.verdict());
            out.println("nothing survived: best.env sets no knob, no patch is written"
                    + (apply ? ", and docker-compose.yml is left untouched" : ""));
            return false;
        }
        out.println(result.verdict());
        report.writeBest(result.bestKnobs());
        writePatch(composeFile, engine, result, report.dir(), apply, out);
        return true;
    }

    private static void writePatch(
            Path composeFile, Engine engine, CoordinateDescent.Result result, Path dir, boolean apply, PrintStream out)
            throws java.io.IOException {
        String text = Files.readString(composeFile, StandardCharsets.UTF_8);
        AnchorPatch patch = AnchorPatch.of(text, engine.knobAnchor(), result.bestChanges());
        Path patchFile = dir.resolve(TuningReport.PATCH);
        String diff = patch.unifiedDiff("docker-compose.yml");
        AtomicFiles.write(patchFile, o -> o.write(diff.getBytes(StandardCharsets.UTF_8)));
        if (!patch.changesAnything()) {
            out.println(
                    "the baseline stays best: no change to " + engine.knobAnchor() + " (" + patchFile + " is empty)");
        } else if (apply) {
            AtomicFiles.write(composeFile, o -> o.write(patch.patchedText().getBytes(StandardCharsets.UTF_8)));
            out.println("applied to " + composeFile + ": " + TuningReport.changes(result.bestChanges()));
        } else {
            out.println(
                    "patch of " + engine.knobAnchor() + " in " + patchFile + " (apply it with --apply, or git apply)");
        }
        patch.notInAnchor()
                .forEach((k, v) -> out.println(
                        "  " + k + "=" + v + " is not a knob of " + engine.knobAnchor() + ": left out of the patch"));
    }

    private static void printSummary(Engine engine, CoordinateDescent.Result result, PrintStream out) {
        out.println();
        out.println("tune " + engine.label() + ": " + result.stop().text());
        result.noise()
                .ifPresent(n -> out.printf(
                        Locale.ROOT,
                        "noise between the baseline runs: %.2f s max latency, %.2f cores%n",
                        n.latencySeconds(),
                        n.cpuCores()));
        for (CoordinateDescent.Trial t : result.trials()) {
            if (t.decision() == CoordinateDescent.Decision.KEPT) {
                out.printf(Locale.ROOT, "  kept %s=%s: %s%n", t.knob(), t.value(), t.reason());
            }
        }
        result.bestOutcome()
                .ifPresent(o -> out.printf(
                        Locale.ROOT,
                        "best run of the best configuration: %s, max %.2f s, p99 %.2f s, %.2f cores; changes: %s%n",
                        o.passed() ? "passes every check" : "fails",
                        o.maxLatencySeconds(),
                        o.p99Seconds(),
                        o.consumerCores(),
                        TuningReport.changes(result.bestChanges())));
        out.println(result.verdict());
    }

    /** One dense line per trial. */
    static String progressLine(Engine engine, CoordinateDescent.Trial t, long startedNanos) {
        TrialOutcome o = t.outcome();
        long elapsed = (System.nanoTime() - startedNanos) / 1_000_000_000L;
        return String.format(
                Locale.ROOT,
                "%s trial %2d round %d %-30s %-9s %-12s max %6.2f s  p99 %6.2f s  cpu %4.2f cores" + "  (%dm%02ds)  %s",
                engine.id(),
                t.number(),
                t.round(),
                t.knob().isEmpty() ? "baseline" : t.knob() + "=" + t.value(),
                t.decision().name().toLowerCase(Locale.ROOT),
                o.undetermined() ? "UNDETERMINED" : o.word(),
                o.maxLatencySeconds(),
                o.p99Seconds(),
                o.consumerCores(),
                elapsed / 60,
                elapsed % 60,
                t.reason());
    }

    /** {@code --budget}: a time or a number of trials. */
    record Budget(Duration time, int trials) {
        static Budget parse(String text) {
            String s = text.trim().toLowerCase(Locale.ROOT);
            Matcher trials = TRIALS.matcher(s);
            if (trials.matches()) {
                int n;
                try {
                    n = Integer.parseInt(trials.group(1));
                } catch (NumberFormatException e) {
                    throw new ConfigException(
                            "--budget " + text + ": at most " + Integer.MAX_VALUE + " trials, a whole number");
                }
                if (n < 2) {
                    throw new ConfigException(
                            "--budget " + text + ": at least 2 trials (the baseline runs at least twice)");
                }
                return new Budget(null, n);
            }
            Matcher time = TIME.matcher(s);
            if (time.matches()) {
                // the knobs' parser: a time too long for the deadline arithmetic is refused, not an overflow later
                Duration d = new streambench.common.Knob("--budget", s).asDuration();
                if (d.isZero()) {
                    throw new ConfigException("--budget " + text + ": must be more than zero");
                }
                return new Budget(d, 0);
            }
            throw new ConfigException(
                    "--budget must be a time (45m, 2h, 900s) or a number of trials (20trials), got \"" + text + "\"");
        }
    }

    private void validate() {
        load.validate();
        verdict.validate();
        Budget limit = Budget.parse(budget);
        if (rate <= 0) {
            throw new ConfigException("--rate must be a positive integer, got " + rate);
        }
        if (trialSeconds <= 0) {
            throw new ConfigException("--trial-duration must be a positive number of seconds, got " + trialSeconds);
        }
        TimeOptions.requireFits("--trial-duration", trialSeconds, java.util.concurrent.TimeUnit.SECONDS);
        TimeOptions.requireFits("--confirm-duration", confirmSeconds, java.util.concurrent.TimeUnit.SECONDS);
        verdict.requireWarmupShorterThan(trialSeconds, "--trial-duration");
        if (baselineRuns < 2) {
            throw new ConfigException(
                    "--baseline-runs must be at least 2 (the noise is the spread of their maxima), got "
                            + baselineRuns);
        }
        if (limit.trials() > 0 && limit.trials() < baselineRuns) {
            throw new ConfigException("--budget " + budget + " leaves no room: the baseline alone runs " + baselineRuns
                    + " times (--baseline-runs)");
        }
        if (confirmSeconds < trialSeconds) {
            throw new ConfigException("--confirm-duration must be at least --trial-duration (" + trialSeconds
                    + " s), got " + confirmSeconds + ": the confirmation is the longer look at the best configuration");
        }
        consumerHeap.validate();
    }
}
