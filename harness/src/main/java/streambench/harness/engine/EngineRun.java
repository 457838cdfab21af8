package streambench.harness.engine;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import streambench.common.ConsumerContract;
import streambench.common.ProducerContract;
import streambench.harness.fault.FaultInjector;
import streambench.harness.fault.FaultSpec;
import streambench.harness.fault.PoisonProducer;
import streambench.services.InstallLayout;
import streambench.services.LakeFileSystem;
import streambench.services.ProcessSampler;
import streambench.services.ProducerLauncher;
import streambench.services.Services;
import streambench.services.StoreProbe;
import streambench.services.TopicAdmin;
import streambench.services.delta.DeltaLogTail;

/**
 * One engine's turn, with the whole machine to itself: a fresh topic; the consumer started and ready; then its
 * phases, each a class of its own handing the next what it needs: {@link WarmStartPhase}, {@link MeasuredLoad}
 * (producer, faults, live view), {@link DrainPhase} (drain, stop, gather a {@link MeasuredTurn}),
 * {@link TurnAnalysis} (read the table back) and {@link RunJudge} (the verdict).
 */
public final class EngineRun {
    /** Who runs, with which knobs, into which topic and table: what every phase of a turn is told. */
    private record Turn(Engine engine, Map<String, String> knobs, String topic, String tablePath, String tableUri) {}

    private final InstallLayout layout;
    private final Services services;
    private final KnobDefaults defaults;
    private final RunDirectory dir;
    private final RunInfo info;
    private final Map<String, String> overrides;
    private final String heap;
    private final PrintStream out;
    private final List<FaultSpec> faults;
    private final boolean keepTables;

    public EngineRun(
            InstallLayout layout,
            Services services,
            KnobDefaults defaults,
            RunDirectory dir,
            RunInfo info,
            Map<String, String> overrides,
            String heap,
            PrintStream out,
            List<FaultSpec> faults) {
        this(layout, services, defaults, dir, info, overrides, heap, out, faults, false);
    }

    private EngineRun(
            InstallLayout layout,
            Services services,
            KnobDefaults defaults,
            RunDirectory dir,
            RunInfo info,
            Map<String, String> overrides,
            String heap,
            PrintStream out,
            List<FaultSpec> faults,
            boolean keepTables) {
        this.keepTables = keepTables;
        this.faults = faults;
        this.layout = layout;
        this.services = services;
        this.defaults = defaults;
        this.dir = dir;
        this.info = info;
        this.overrides = overrides;
        this.heap = heap;
        this.out = out;
    }

    /**
     * The same services, defaults and heap for one more trial of {@code capacity} or {@code tune}: its own
     * directory (so its own topic and table), its own settings (the rate) and knob overrides, no faults.
     */
    public EngineRun forTrial(RunDirectory trialDir, RunInfo trialInfo, Map<String, String> trialOverrides) {
        return new EngineRun(
                layout, services, defaults, trialDir, trialInfo, trialOverrides, heap, out, List.of(), keepTables);
    }

    /**
     * This run with {@code keep}: each engine's tables (its table, checkpoints, warm-up table) stay in the lake after
     * its turn; otherwise they are deleted once analysed. On ADLS they cost money; on the embedded Azurite they fill
     * its memory over a long search.
     */
    public EngineRun keepingTables(boolean keep) {
        return new EngineRun(layout, services, defaults, dir, info, overrides, heap, out, faults, keep);
    }

    public RunInfo info() {
        return info;
    }

    /**
     * One engine's turn. Whatever goes wrong in it (short of Ctrl-C) fails that engine with the reason and
     * leaves the next engines (or trials) their turn and the status line its say.
     */
    public EngineResult runContained(Engine engine) throws InterruptedException {
        var reason = engine.unavailable(layout);
        if (reason.isPresent()) {
            return EngineResult.didNotRun(engine, reason.get(), false, knobsFor(engine), "");
        }
        try {
            return run(engine);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception | OutOfMemoryError e) {
            return TurnAnalysis.failed(engine, knobsFor(engine), "", e, "", out);
        }
    }

    /** The knobs the engine's consumer gets: its anchor's defaults, then --set overrides. */
    public Map<String, String> knobsFor(Engine engine) {
        Map<String, String> knobs = new LinkedHashMap<>(defaults.anchor(engine.knobAnchor()));
        knobs.putAll(overrides);
        return knobs;
    }

    public EngineResult run(Engine engine) throws Exception {
        if (!keepTables) {
            services.renewLakeIfFull(out); // every earlier turn's tables are deleted: nothing of them is lost
        }
        Map<String, String> knobs = knobsFor(engine);
        String topic = "sb-" + dir.runId() + "-" + engine.id();
        String tablePath = dir.runId() + "/" + engine.id() + "/benchmark";
        String tableUri = services.lake().tableUri(tablePath);
        out.printf("%n== %s: topic %s, table %s%n", engine.label(), topic, tableUri);
        String telemetry =
                dir.file(engine.id() + "-telemetry.jsonl").toAbsolutePath().toString();
        Map<String, String> env = new LinkedHashMap<>(knobs);
        env.putAll(services.endpointEnv());
        env.put(ConsumerContract.TOPIC, topic);
        env.put(ConsumerContract.TABLE_PATH, tablePath);
        env.put(ConsumerContract.TELEMETRY_FILE, telemetry);

        try (TopicAdmin topics = new TopicAdmin(services.kafka())) {
            topics.create(topic, info.partitions());
            out.println("  topic " + topic + ": " + topics.describeTimestamps(topic));
            try {
                TurnStore.prefill(services, tablePath, info.measurement().prefillFiles(), out);
                return runWithTopic(new Turn(engine, knobs, topic, tablePath, tableUri), env);
            } finally {
                topics.delete(topic); // the broker's disk holds every run's events otherwise
                if (!keepTables) {
                    LakeCleanup.afterTurn(services, dir.runId() + "/" + engine.id(), out);
                }
            }
        }
    }

    /** Starts the consumer and waits for its first commit; a consumer that never gets there fails its engine. */
    private EngineResult runWithTopic(Turn turn, Map<String, String> env) throws Exception {
        Engine engine = turn.engine();
        long t0 = System.nanoTime();
        out.printf("  starting the %s consumer (log %s) ...%n", engine.label(), dir.file(engine.id() + ".log"));
        try (EngineCores cores = EngineCores.forTurn(info.measurement().engineCpus(), services, out);
                ProcessSampler sampler = new ProcessSampler();
                ConsumerSlot slot = new ConsumerSlot(
                        engine,
                        layout,
                        env,
                        heap,
                        dir.file(engine.id() + ".log"),
                        pid -> sampler.watch("consumer", pid),
                        cores);
                FileSystem fs = LakeFileSystem.open(services.lake(), Map.of())) {
            try {
                slot.current().awaitReady(engine.readyTimeout());
            } catch (IllegalStateException e) {
                String why = TurnAnalysis.firstLine(e.getMessage());
                out.println("  " + engine.label() + " failed: " + why);
                return EngineResult.didNotRun(
                        engine,
                        why,
                        true,
                        turn.knobs(),
                        slot.current().process().logTail());
            }
            cores.engineReady(slot.current().process().pid());
            Optional<ConsumerJvm> jvm = ConsumerJvm.from(slot.current().metrics());
            out.printf(
                    "  ready after %.1f s (first commit done)%s%n",
                    (System.nanoTime() - t0) / 1e9,
                    jvm.map(j -> "; its JVM sees " + j.describe()).orElse(""));
            TurnSampling.watch(sampler, slot, services);
            return measure(turn, slot, sampler, fs, jvm);
        }
    }

    /** Warm start, measured load, drain, analysis: the phases a ready consumer goes through. */
    private EngineResult measure(
            Turn turn, ConsumerSlot slot, ProcessSampler sampler, FileSystem fs, Optional<ConsumerJvm> jvm)
            throws Exception {
        Engine engine = turn.engine();
        try (DeltaLogTail tail = new DeltaLogTail(
                        fs, turn.tableUri(), info.measurement().visibilityPollMs(), ProducerContract.UNMEASURED_FROM);
                StoreProbe probe = TurnStore.probe(
                        services, fs, turn.tablePath(), info.measurement().storeProbeMs(), out);
                FaultInjector injector =
                        new FaultInjector(faults, new LiveFaultActions(engine, slot, sampler, services), out);
                PoisonProducer poison = PoisonProducer.forRun(
                        faults, services.kafka(), turn.topic(), info.rate(), info.durationSeconds())) {
            ProducerLauncher producer = new ProducerLauncher(layout, services.endpointEnv());
            WarmStartPhase.Sent warm =
                    new WarmStartPhase(info, dir, overrides, out).send(engine, turn.topic(), producer, tail, slot);
            ProducerLauncher.Outcome produced = new MeasuredLoad(info, dir, overrides, out)
                    .run(engine, turn.topic(), producer, tail, injector, poison, sampler);
            if (produced.report().isEmpty()) {
                return EngineResult.didNotRun(
                        engine,
                        "the producer failed (exit " + produced.exitCode() + ") without a summary",
                        true,
                        turn.knobs(),
                        produced.logTail());
            }
            MeasuredTurn measured = new DrainPhase(info, faults, out)
                    .finish(
                            engine,
                            slot,
                            tail,
                            injector,
                            poison,
                            sampler,
                            produced.report().get(),
                            warm.report(),
                            jvm,
                            probe);
            var reads = new ReadBackPhase(layout, turn.knobs(), services.endpointEnv(), dir, heap, out)
                    .read(
                            engine,
                            turn.tablePath(),
                            measured.producer(),
                            info.durationSeconds(),
                            info.measurement().readBackSeconds());
            TurnAnalysis analysis = new TurnAnalysis(info, dir, out);
            return analysis.analyse(engine, turn.knobs(), fs, turn.tableUri(), measured)
                    .withRunFigures(warm.warmStart(), analysis.anatomy(engine, measured.producer()), reads);
        }
    }
}
