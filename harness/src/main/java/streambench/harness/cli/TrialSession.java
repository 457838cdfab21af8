package streambench.harness.cli;

import java.io.PrintStream;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import streambench.common.Knobs;
import streambench.harness.engine.Engine;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.EngineRun;
import streambench.harness.engine.KnobDefaults;
import streambench.harness.engine.RunDirectory;
import streambench.harness.engine.RunInfo;
import streambench.harness.search.TrialOutcome;
import streambench.harness.services.InstallLayout;
import streambench.harness.services.Machine;
import streambench.harness.services.Services;

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
            Knobs knobs,
            InstallLayout layout,
            KnobDefaults defaults,
            RunDirectory dir,
            long rate,
            long trialSeconds,
            LoadOptions load,
            VerdictOptions verdict,
            String heap,
            PrintStream out)
            throws InterruptedException {
        RunInfo info = new RunInfo(
                dir.runId(),
                Instant.now(),
                Machine.current(),
                rate,
                trialSeconds,
                load.partitions,
                load.messageBytes,
                verdict.warmupSeconds,
                verdict.thresholdSeconds,
                verdict.drainTimeoutSeconds,
                verdict.trendBound,
                verdict.trendMinRiseSeconds,
                RunCommand.KEEP_UP_RATIO,
                verdict.clockToleranceMs,
                List.of(),
                load.warmStartSeconds,
                load.storeDelayMs,
                verdict.measurement());
        Services services = Services.start(knobs, layout, dir.dir(), true, load.lakeFront(false), out);
        EngineRun base = new EngineRun(layout, services, defaults, dir, info, load.overrides, heap, out, List.of())
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

    /**
     * What a search decides on. An incomplete load (the producer could not deliver its schedule) or a late load
     * under which the engine failed (undetermined) says nothing about the engine: neither a pass nor a failure.
     * Foreign rows, a rewritten ts or disagreeing clocks do say the trial cannot be trusted, so they fail it.
     */
    static TrialOutcome outcome(EngineResult r) {
        Map<String, Boolean> checks = new LinkedHashMap<>();
        r.verdict().checks().forEach(c -> checks.put(c.name(), c.passed()));
        double cores = r.consumerCores();
        double p99 = r.percentileSeconds(99);
        boolean keptUp = checks.getOrDefault("kept-up", false);
        var load = r.verdict().checks().stream()
                .filter(c -> c.name().equals("load") && !c.passed())
                .findFirst();
        if (load.isPresent()) {
            return TrialOutcome.invalidLoad(load.get().detail(), checks, r.maxSeconds(), p99, keptUp, cores);
        }
        if (r.status() == streambench.harness.engine.EngineStatus.UNDETERMINED) {
            String late = r.verdict().checks().stream()
                    .filter(c -> c.name().equals("punctual"))
                    .map(streambench.harness.analysis.Verdict.Check::detail)
                    .findFirst()
                    .orElse("a late load");
            return TrialOutcome.invalidLoad(
                    "undetermined: a check failed under a late load (" + late + ")",
                    checks,
                    r.maxSeconds(),
                    p99,
                    keptUp,
                    cores);
        }
        return TrialOutcome.judged(
                r.status() == streambench.harness.engine.EngineStatus.PASSED,
                checks,
                r.maxSeconds(),
                p99,
                keptUp,
                cores);
    }

    /** Mean CPU of the consumer's process(es) over the trial, in cores; NaN when not sampled. */
    @Override
    public void close() {
        services.close();
    }
}
