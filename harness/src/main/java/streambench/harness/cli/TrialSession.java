package streambench.harness.cli;

import java.io.PrintStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import streambench.harness.analysis.Verdict;
import streambench.harness.engine.Engine;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.EngineRun;
import streambench.harness.engine.EngineStatus;
import streambench.harness.engine.RunDirectory;
import streambench.harness.engine.RunInfo;
import streambench.harness.search.TrialOutcome;
import streambench.services.Machine;
import streambench.services.Services;

/**
 * The one "run one trial" path of {@code capacity} and {@code tune}: services started once, then per
 * trial its own directory, topic and table, the engine's turn exactly as {@code run} takes it, and the
 * same verdict, reduced to what the searches decide on.
 */
final class TrialSession implements AutoCloseable {
    private final Services services;
    private final EngineRun base;
    private final RunDirectory dir;
    private final RunInfo baseInfo;
    private int trials;

    private TrialSession(Services services, EngineRun base, RunDirectory dir, RunInfo baseInfo) {
        this.services = services;
        this.base = base;
        this.dir = dir;
        this.baseInfo = baseInfo;
    }

    static TrialSession start(
            CommandSetup setup,
            RunDirectory dir,
            long rate,
            long trialSeconds,
            LoadOptions load,
            VerdictOptions verdict,
            String heap,
            PrintStream out)
            throws InterruptedException {
        RunInfo info = CommandSetup.runInfo(
                dir, Machine.current(), rate, trialSeconds, List.of(), load, verdict, 0); // trials read nothing back
        // trials run minutes, not the half hour that needs Azurite on disk; between them the lake is renewed
        Services services = Services.start(
                setup.knobs(),
                setup.layout(),
                dir.dir(),
                true,
                load.lakeFront(false),
                streambench.services.TurnFootprint.NONE,
                out);
        EngineRun base = new EngineRun(
                        setup.layout(), services, setup.defaults(), dir, info, load.overrides, heap, out, List.of())
                .keepingTables(load.keepTables);
        return new TrialSession(services, base, dir, info);
    }

    /** The engine's knobs before any trial changes them: its anchor's defaults, then --set. */
    Map<String, String> baselineKnobs(Engine engine) {
        return base.knobsFor(engine);
    }

    RunInfo info() {
        return baseInfo;
    }

    /** One trial: {@code knobs} complete (anchor defaults included), the engine's turn at {@code rate}. */
    EngineResult run(Engine engine, Map<String, String> knobs, long rate) throws InterruptedException {
        return run(engine, knobs, rate, baseInfo.durationSeconds());
    }

    /** One trial with a load of its own length, {@code seconds}, instead of the session's trial duration. */
    EngineResult run(Engine engine, Map<String, String> knobs, long rate, long seconds) throws InterruptedException {
        trials++;
        RunDirectory trialDir = dir.child(String.format("%s-t%02d", engine.id().replace('.', '-'), trials));
        RunInfo info = baseInfo.forTrial(trialDir.runId(), Instant.now(), rate, seconds);
        return base.forTrial(trialDir, info, new LinkedHashMap<>(knobs)).runContained(engine);
    }

    /** A late load's or a slowed store's check, where it made the engine undetermined. */
    private static boolean undeterminedBy(Verdict.Check c, EngineResult r) {
        return r.status() == EngineStatus.UNDETERMINED && c.role().environment();
    }

    /**
     * What a search decides on, for a trial whose load ran {@code seconds}. Undetermined when the load was
     * incomplete (the producer could not deliver its schedule: invalid), or came late or met a store that slowed
     * while the engine missed a check (status undetermined): neither says anything about the engine, so neither is a
     * pass nor a failure. Foreign rows, a rewritten ts or disagreeing clocks do say the trial cannot be trusted, so
     * they fail it.
     */
    static TrialOutcome outcome(EngineResult r, long seconds) {
        Map<String, Boolean> checks = new LinkedHashMap<>();
        r.verdict().checks().forEach(c -> checks.put(c.name(), c.passed()));
        double cores = r.consumerCores();
        double p99 = r.percentileSeconds(99);
        boolean keptUp = checks.getOrDefault("kept-up", false);
        var load = r.verdict().checks().stream()
                .filter(c -> !c.passed() && (c.name().equals("load") || undeterminedBy(c, r)))
                .findFirst();
        TrialOutcome outcome;
        if (load.isPresent()) {
            List<String> engine = r.verdict().checks().stream()
                    .filter(c ->
                            !c.passed() && !c.name().equals("load") && !c.role().environment())
                    .map(Verdict.Check::name)
                    .toList();
            String under = load.get().role() == Verdict.Role.STORE_TIMING ? "the slowed store" : "the late load";
            String reason = load.get().detail()
                    + (engine.isEmpty()
                            ? ""
                            : "; the engine also missed " + String.join(", ", engine) + " under " + under);
            outcome = TrialOutcome.undetermined(reason, checks, r.maxSeconds(), p99, keptUp, cores);
        } else {
            outcome =
                    TrialOutcome.judged(r.status() == EngineStatus.PASSED, checks, r.maxSeconds(), p99, keptUp, cores);
        }
        return outcome.withCommitsPerSecond(commitsPerSecond(r, seconds));
    }

    /**
     * The table's data commits per second of the trial's load: the commits whose timestamp falls within the
     * {@code seconds} from the first scheduled event, over those seconds (the drain after the schedule is
     * left out, it commits at a rate of its own). NaN when the engine did not run or nothing committed.
     */
    static double commitsPerSecond(EngineResult r, long seconds) {
        if (!r.ran() || seconds <= 0) {
            return Double.NaN;
        }
        long startMillis = r.startMicros() / 1000;
        long endMillis = startMillis + seconds * 1000;
        long inWindow = r.commits().stream()
                .filter(c -> c.commitMillis() >= startMillis && c.commitMillis() < endMillis)
                .count();
        return inWindow == 0 ? Double.NaN : inWindow / (double) seconds;
    }

    @Override
    public void close() {
        services.close();
    }
}
