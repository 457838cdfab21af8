package streambench.harness.cli;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import streambench.common.Knobs;
import streambench.harness.engine.Engine;
import streambench.harness.engine.Engines;
import streambench.harness.engine.KnobDefaults;
import streambench.harness.engine.RunDirectory;
import streambench.harness.engine.RunInfo;
import streambench.services.InstallLayout;
import streambench.services.Machine;

/**
 * What {@code run}, {@code capacity} and {@code tune} each start from, in the same order and with the same
 * failures, before anything is started or written: the knobs (environment, {@code .env}, {@code --set}), where the
 * build put the jars (a missing producer jar fails here), the knob defaults of docker-compose.yml with every
 * {@code --set} name checked against them, and the engines asked for (an unknown one fails here).
 */
record CommandSetup(Knobs knobs, InstallLayout layout, KnobDefaults defaults, List<Engine> engines) {
    /** {@code engineNames} picks the engines from the knobs: {@code run} falls back on {@code ENGINES}. */
    static CommandSetup of(LoadOptions load, Function<Knobs, List<String>> engineNames) {
        Knobs knobs = Knobs.fromEnvironment().withOverrides(load.overrides);
        InstallLayout layout = InstallLayout.load();
        layout.producerJar();
        KnobDefaults defaults = KnobDefaults.load(layout.composeFile());
        load.checkKnobNames(defaults);
        return new CommandSetup(knobs, layout, defaults, Engines.select(engineNames.apply(knobs), layout));
    }

    /**
     * The settings of a run or of a search's trials: {@code rate} for {@code seconds} with the load and verdict
     * options, under {@code run}'s id, on {@code machine}; {@code faults} as {@code --fault} spelled them; the readers
     * reading back the last {@code readBackSeconds} of each engine's load (0: none).
     */
    static RunInfo runInfo(
            RunDirectory run,
            Machine machine,
            long rate,
            long seconds,
            List<String> faults,
            LoadOptions load,
            VerdictOptions verdict,
            long readBackSeconds) {
        return new RunInfo(
                run.runId(),
                Instant.now(),
                machine,
                rate,
                seconds,
                load.partitions,
                load.messageBytes,
                verdict.warmupSeconds,
                verdict.thresholdSeconds,
                verdict.drainTimeoutSeconds,
                verdict.trendBound,
                verdict.trendMinRiseSeconds,
                verdict.keepUpRatio,
                verdict.clockToleranceMs,
                faults,
                load.warmStartSeconds,
                load.storeDelayMs,
                verdict.measurement()
                        .readingBack(readBackSeconds)
                        .prefilling(load.prefillStore)
                        .pinning(load.engineCpus == null ? "" : load.engineCpus.trim()));
    }

    /** The ids of the engines asked for, in order: what the manifests record. */
    List<String> engineIds() {
        return engines.stream().map(Engine::id).toList();
    }
}
