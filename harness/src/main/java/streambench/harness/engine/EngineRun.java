package streambench.harness.engine;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.FileSystem;
import streambench.common.ConsumerContract;
import streambench.common.ProducerContract;
import streambench.harness.analysis.BatchAnatomy;
import streambench.harness.analysis.Completeness;
import streambench.harness.analysis.ProducerReport;
import streambench.harness.analysis.RunExpectations;
import streambench.harness.analysis.SecondBin;
import streambench.harness.analysis.TableAnalysis;
import streambench.harness.analysis.Verdict;
import streambench.harness.delta.DeltaLogTail;
import streambench.harness.delta.Visibility;
import streambench.harness.fault.FaultInjector;
import streambench.harness.fault.FaultRun;
import streambench.harness.fault.FaultSpec;
import streambench.harness.fault.PoisonProducer;
import streambench.harness.services.InstallLayout;
import streambench.harness.services.LakeFileSystem;
import streambench.harness.services.ProcessSampler;
import streambench.harness.services.ProducerLauncher;
import streambench.harness.services.Services;
import streambench.harness.services.TopicAdmin;

/**
 * One engine's turn, with the whole machine to itself: fresh topic, consumer started and ready,
 * producer at the offered rate for the duration, drain, stop, analyse, judge.
 */
public final class EngineRun {
    private static final double PRODUCER_MAX_ACK_LAG_MS = 1000;

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
            return failed(engine, knobsFor(engine), "", e, "", out);
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

        Map<String, String> env = new LinkedHashMap<>(knobs);
        env.putAll(services.endpointEnv());
        env.put(ConsumerContract.TOPIC, topic);
        env.put(ConsumerContract.TABLE_PATH, tablePath);
        env.put(
                ConsumerContract.TELEMETRY_FILE,
                dir.file(engine.id() + "-telemetry.jsonl").toAbsolutePath().toString());

        try (TopicAdmin topics = new TopicAdmin(services.kafka())) {
            topics.create(topic, info.partitions());
            try {
                return runWithTopic(engine, knobs, env, topic, tableUri);
            } finally {
                topics.delete(topic); // the broker's disk holds every run's events otherwise
                if (!keepTables) {
                    deleteTables(dir.runId() + "/" + engine.id());
                }
            }
        }
    }

    /** Everything the engine wrote under its folder of the lake; a failure is said, never fails the run. */
    private void deleteTables(String folder) {
        String uri = services.lake().tableUri(folder);
        try (FileSystem fs = LakeFileSystem.open(services.lake(), Map.of())) {
            if (fs.delete(new org.apache.hadoop.fs.Path(uri), true)) {
                out.println("  deleted its tables, checkpoints and warm-up table under " + uri
                        + " (--keep-tables keeps them)");
            }
        } catch (java.io.IOException | RuntimeException e) {
            out.println("  could not delete " + uri + ": " + e.getMessage());
        }
    }

    private EngineResult runWithTopic(
            Engine engine, Map<String, String> knobs, Map<String, String> env, String topic, String tableUri)
            throws Exception {
        long t0 = System.nanoTime();
        out.printf("  starting the %s consumer (log %s) ...%n", engine.label(), dir.file(engine.id() + ".log"));
        try (ProcessSampler sampler = new ProcessSampler();
                ConsumerSlot slot = new ConsumerSlot(
                        engine,
                        layout,
                        env,
                        heap,
                        dir.file(engine.id() + ".log"),
                        pid -> sampler.watch("consumer", pid));
                FileSystem fs = LakeFileSystem.open(services.lake(), Map.of())) {
            try {
                slot.current().awaitReady(engine.readyTimeout());
            } catch (IllegalStateException e) {
                out.println("  " + engine.label() + " failed: " + firstLine(e.getMessage()));
                return EngineResult.didNotRun(
                        engine,
                        firstLine(e.getMessage()),
                        true,
                        knobs,
                        slot.current().process().logTail());
            }
            Optional<ConsumerJvm> jvm = ConsumerJvm.from(slot.current().metrics());
            out.printf(
                    "  ready after %.1f s (first commit done)%s%n",
                    (System.nanoTime() - t0) / 1e9,
                    jvm.map(j -> "; its JVM sees " + j.describe()).orElse(""));

            sampler.watch("consumer", slot.current().process().pid());
            services.kafkaPid().ifPresent(pid -> sampler.watch("kafka", pid));
            services.azuritePid().ifPresent(pid -> sampler.watch("azurite", pid));
            ProducerLauncher.Outcome produced;
            try (DeltaLogTail tail = new DeltaLogTail(
                            fs, tableUri, info.measurement().visibilityPollMs(), ProducerContract.UNMEASURED_FROM);
                    FaultInjector injector = new FaultInjector(faults, actions(engine, slot, sampler), out);
                    PoisonProducer poison = poisonFor(topic)) {
                ProducerLauncher producer = new ProducerLauncher(layout, services.endpointEnv());
                WarmStartSent warmSent = warmStart(engine, topic, producer, tail, slot);
                WarmStart warm = warmSent.warmStart();
                LiveView live = new LiveView(engine.id(), info.durationSeconds(), tail, out);
                AtomicBoolean faultsStarted = new AtomicBoolean();
                produced = producer.run(
                        new ProducerLauncher.Request(
                                topic, info.rate(), info.durationSeconds(), info.messageBytes(), overrides),
                        dir.file(engine.id() + "-producer-summary.json"),
                        dir.file(engine.id() + "-producer.log"),
                        line -> {
                            // faults count from the schedule's start, which a pre-roll puts seconds after the
                            // process's
                            if (line.startsWith(ProducerContract.SCHEDULE_STARTS)
                                    && faultsStarted.compareAndSet(false, true)) {
                                injector.start();
                                if (poison != null) {
                                    poison.start();
                                }
                            }
                            live.onProducerLine(line);
                        },
                        pid -> sampler.watch("producer", pid));
                if (produced.report().isEmpty()) {
                    return EngineResult.didNotRun(
                            engine,
                            "the producer failed (exit " + produced.exitCode() + ") without a summary",
                            true,
                            knobs,
                            produced.logTail());
                }
                if (poison != null) {
                    poison.finish();
                }
                // the pre-roll's rows come before the schedule's: the table holds both before the load is in
                drain(engine, slot, tail, produced.report().get().acked());
                long malformed = slot.malformedCounted(slot.current().metrics());
                injector.close(); // a lake paused past the load is resumed before the consumer stops
                slot.close();
                boolean exitedOnItsOwn = slot.current().process().exitedOnItsOwn();
                tail.pollOnce();
                FaultRun faultRun = new FaultRun(
                        faults,
                        injector.fired(),
                        poison == null ? 0 : poison.acked(),
                        poison == null ? 0 : poison.failed(),
                        malformed,
                        slot.restarts());
                return analyse(
                                engine,
                                knobs,
                                fs,
                                tableUri,
                                tail.visibility(),
                                produced.report().get(),
                                warmSent.report(),
                                malformed,
                                sampler.samples(),
                                slot.current().process().logTail(),
                                exitedOnItsOwn,
                                faultRun)
                        .withRunFigures(warm, anatomy(engine, produced.report().get()), jvm);
            }
        }
    }

    /** The rows of reserved producer ids the analysis left out, by whose they are. */
    private static String unmeasured(TableAnalysis.Result r) {
        List<String> parts = new ArrayList<>();
        if (r.warmStartRows() > 0) {
            parts.add(String.format("%,d the warm start's", r.warmStartRows()));
        }
        if (r.prerollRows() > 0) {
            parts.add(String.format("%,d the producer's pre-roll", r.prerollRows()));
        }
        return parts.isEmpty() ? "" : " (of them " + String.join(", ", parts) + ")";
    }

    /**
     * "Ready" says the consumer committed once; the warm start makes sure the run's own path (its topic, its
     * partitions, its table) has carried load at the run's rate before anything is measured, the same way for
     * every engine: the first seconds after ready otherwise measure JIT compilation and cold caches, not the
     * engine. The measured schedule starts only once every acknowledged warm-up event is in the table; an
     * engine that cannot get there within the drain timeout is measured anyway (it will fail on its own
     * figures) and the summary says its warm start never completed.
     */
    /** A warm start and its producer's summary (null when there was none), whose rows the analysis checks. */
    private record WarmStartSent(WarmStart warmStart, ProducerReport report) {}

    private WarmStartSent warmStart(
            Engine engine, String topic, ProducerLauncher producer, DeltaLogTail tail, ConsumerSlot slot)
            throws InterruptedException {
        long seconds = info.warmStartSeconds();
        if (seconds == 0) {
            return new WarmStartSent(WarmStart.NONE, null);
        }
        out.printf(
                "  warm start: %d s at %,d msg/s into %s (producer ids from %,d, not measured) ...%n",
                seconds, info.rate(), topic, TableAnalysis.WARM_START_PRODUCER_ID_BASE);
        Map<String, String> knobs = new LinkedHashMap<>(overrides);
        knobs.put("PRODUCER_ID_BASE", Integer.toString(TableAnalysis.WARM_START_PRODUCER_ID_BASE));
        // the warm start is unmeasured already: a pre-roll before it would only make it longer
        knobs.put("PRODUCER_PREROLL_S", "0");
        ProducerLauncher.Outcome sent = producer.run(
                new ProducerLauncher.Request(topic, info.rate(), seconds, info.messageBytes(), knobs),
                dir.file(engine.id() + "-warmstart-producer-summary.json"),
                dir.file(engine.id() + "-warmstart-producer.log"),
                line -> {
                    if ((line.startsWith("producer:") && !line.startsWith(ProducerContract.SCHEDULE_STARTS))
                            || line.contains("failed")) {
                        out.println("  warm start " + line);
                    }
                });
        if (sent.report().isEmpty()) {
            throw new IllegalStateException("the warm-start producer failed (exit " + sent.exitCode()
                    + ") without a summary; see " + dir.file(engine.id() + "-warmstart-producer.log"));
        }
        long acked = sent.report().get().acked();
        long endMillis = sent.report().get().scheduleEndMicros(seconds) / 1000;
        awaitRows(slot, tail::unmeasuredRows, acked, 100, () -> {});
        if (tail.unmeasuredRows() < acked) {
            out.printf(
                    "  warm start incomplete: %,d of %,d warm-up events in the table after %d s; measuring anyway%n",
                    tail.unmeasuredRows(), acked, info.drainTimeoutSeconds());
            return new WarmStartSent(
                    new WarmStart(seconds, info.rate(), acked, 0, Double.NaN),
                    sent.report().get());
        }
        double visibleAfter = Math.max(0, System.currentTimeMillis() - endMillis) / 1000.0;
        out.printf("  warm start done: %,d events in the table %.1f s after its schedule ended%n", acked, visibleAfter);
        return new WarmStartSent(
                new WarmStart(seconds, info.rate(), acked, 0, visibleAfter),
                sent.report().get());
    }

    /**
     * Where the consumer's units of work spent their time and storage requests while the measured schedule
     * ran (its telemetry from the schedule's start on); empty when it wrote none or the file is unreadable.
     */
    private Optional<BatchAnatomy> anatomy(Engine engine, ProducerReport producer) {
        Path telemetry = dir.file(engine.id() + "-telemetry.jsonl");
        try {
            Optional<BatchAnatomy> a = BatchAnatomy.read(
                    telemetry,
                    java.time.Instant.EPOCH.plus(producer.startMicros(), java.time.temporal.ChronoUnit.MICROS));
            a.ifPresent(x -> out.println("  anatomy: " + x.describe(engine.unitOfWork())));
            return a;
        } catch (java.io.IOException e) {
            out.println("  anatomy: cannot read " + telemetry + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The side producer of the poison fault, or null when the run has none. */
    private PoisonProducer poisonFor(String topic) {
        return faults.stream()
                .filter(f -> f.kind() == FaultSpec.Kind.POISON)
                .findFirst()
                .map(f -> new PoisonProducer(services.kafka(), topic, info.rate() * f.share(), info.durationSeconds()))
                .orElse(null);
    }

    /** What each fault does in a real run. */
    private FaultInjector.Actions actions(Engine engine, ConsumerSlot slot, ProcessSampler sampler) {
        return new FaultInjector.Actions() {
            @Override
            public String killConsumer() throws Exception {
                long killed = slot.killAndRestart();
                return "kill -9 of the " + engine.label() + " consumer (pid " + killed + "), started again (pid "
                        + slot.current().process().pid() + ") on the same checkpoint";
            }

            @Override
            public void pauseLake() {
                services.pauseLake();
            }

            @Override
            public void resumeLake() {
                services.resumeLake();
            }

            @Override
            public String restartBroker() throws Exception {
                String note = services.restartKafka();
                services.kafkaPid().ifPresent(pid -> sampler.watch("kafka", pid));
                return note;
            }
        };
    }

    /**
     * A consumer that ended by itself is the run's most important news: its exit code and the end of its log on the
     * console, so that the reason is where the reader already is (a CI log, a terminal), not only in a file left on
     * a machine that may be gone.
     */
    private void sayWhyItExited(Engine engine, streambench.harness.services.ChildProcess process)
            throws InterruptedException {
        out.println("  " + engine.label() + " consumer exited during the run " + process.howItEnded());
    }

    /**
     * Waits until every acknowledged event of the measured producers is committed, the consumer dies, or the drain
     * timeout passes. Only measured rows count: the warm start's and the pre-roll's, and any duplicate of them,
     * must not end the drain before the load's own rows are in.
     */
    private void drain(Engine engine, ConsumerSlot slot, DeltaLogTail tail, long acked) throws InterruptedException {
        awaitRows(
                slot,
                tail::measuredRows,
                acked,
                250,
                () -> out.printf("  draining %s: %,d of %,d committed%n", engine.id(), tail.measuredRows(), acked));
        long committed = tail.measuredRows();
        if (!slot.current().process().isAlive()) {
            sayWhyItExited(engine, slot.current().process());
        } else if (committed < acked) {
            out.printf(
                    "  drain timeout: %,d of %,d committed after %d s%s%n",
                    committed,
                    acked,
                    info.drainTimeoutSeconds(),
                    tail.lastError() == null
                            ? ""
                            : "; the table's log could not be read: "
                                    + tail.lastError().getMessage());
        } else {
            out.printf("  drained: all %,d events committed%n", acked);
        }
    }

    /**
     * Waits until {@code count} reaches {@code rows}, the consumer dies, or the drain timeout passes, polling
     * every {@code pollMillis}; {@code progress} runs at the start and every 5 s.
     */
    private void awaitRows(
            ConsumerSlot slot, java.util.function.LongSupplier count, long rows, long pollMillis, Runnable progress)
            throws InterruptedException {
        long deadline = System.nanoTime()
                + Duration.ofSeconds(info.drainTimeoutSeconds()).toNanos();
        long lastProgress = 0;
        while (count.getAsLong() < rows
                && System.nanoTime() < deadline
                && slot.current().process().isAlive()) {
            if (System.nanoTime() - lastProgress > 5_000_000_000L) {
                progress.run();
                lastProgress = System.nanoTime();
            }
            Thread.sleep(pollMillis);
        }
    }

    EngineResult analyse(
            Engine engine,
            Map<String, String> knobs,
            FileSystem fs,
            String tableUri,
            Map<Long, Visibility> visibility,
            ProducerReport producer,
            ProducerReport warmStart,
            long malformed,
            Map<String, List<ProcessSampler.Sample>> processes,
            String logTail,
            boolean crashed,
            FaultRun faultRun) {
        long t0 = System.nanoTime();
        out.println("  analysing " + tableUri + " ...");
        TableAnalysis.Result r;
        try {
            r = TableAnalysis.analyze(
                    fs,
                    tableUri,
                    producer.startMicros(),
                    RunExpectations.forRun(
                            producer, warmStart, info.measurement().tsToleranceMs() * 1000),
                    visibility,
                    rows -> out.printf("  ... %,d rows read%n", rows));
        } catch (Exception | OutOfMemoryError e) {
            return failed(engine, knobs, "the analysis failed: ", e, logTail, out);
        }
        out.printf(
                "  analysed %,d rows%s in %d commits in %.1f s%n",
                r.rows(), unmeasured(r), r.commits().size(), (System.nanoTime() - t0) / 1e9);
        return judge(engine, info, knobs, r, producer, malformed, processes, logTail, crashed, faultRun);
    }

    /**
     * An engine whose turn or table broke fails with the reason ({@code context} and the first line of the
     * cause chain); the run goes on with the others.
     */
    public static EngineResult failed(
            Engine engine, Map<String, String> knobs, String context, Throwable e, String logTail, PrintStream out) {
        String reason = context + firstLine(streambench.common.MainRunner.describe(e, List.of()));
        out.println("  " + engine.label() + " failed: " + reason);
        return EngineResult.didNotRun(engine, reason, true, knobs, logTail);
    }

    /** The verdict over an analysed table; shared with the {@code analyze} command. */
    public static EngineResult judge(
            Engine engine,
            RunInfo info,
            Map<String, String> knobs,
            TableAnalysis.Result r,
            ProducerReport producer,
            long malformed,
            Map<String, List<ProcessSampler.Sample>> processes,
            String logTail,
            boolean crashed) {
        return judge(engine, info, knobs, r, producer, malformed, processes, logTail, crashed, FaultRun.NONE);
    }

    /**
     * With faults, threshold and trend judge the seconds before the first timed fault (the engine was healthy
     * under load), each fault adds whether the engine came back under the threshold, poison adds the
     * malformed count, and a broker restart lifts the producer's acknowledgement bound (its sends wait for
     * the broker by design).
     */
    public static EngineResult judge(
            Engine engine,
            RunInfo info,
            Map<String, String> knobs,
            TableAnalysis.Result r,
            ProducerReport producer,
            long malformed,
            Map<String, List<ProcessSampler.Sample>> processes,
            String logTail,
            boolean crashed,
            FaultRun faultRun) {
        long window = info.durationSeconds();
        long[] acked = producer.ackedBySecond().orElseGet(() -> offeredPerSecond(producer, window));
        double produced = TableAnalysis.producedRate(acked, info.warmupSeconds(), window);
        double committed = r.committedCurve().rate(info.warmupSeconds(), window);
        Completeness.Result complete = r.completeness().against(producer.expectedRanges());
        long scheduleEndMillis = producer.scheduleEndMicros(window) / 1000;
        double drainSeconds =
                r.lastCommitMillis() < 0 ? Double.NaN : (r.lastCommitMillis() - scheduleEndMillis) / 1000.0;
        boolean drained = !crashed && complete.missing() == 0 && drainSeconds <= info.drainTimeoutSeconds();
        java.util.OptionalLong minGap = r.commits().stream()
                .filter(c -> c.observedMillis() >= 0)
                .mapToLong(c -> c.observedMillis() - c.commitMillis())
                .min();
        java.util.OptionalLong firstFault = faultRun.firstReachedSecond(info.thresholdSeconds());
        List<SecondBin> judged = firstFault.isEmpty()
                ? r.bins()
                : r.bins().stream()
                        .filter(b -> b.elapsedSecond() < firstFault.getAsLong())
                        .toList();
        List<Verdict.Check> checks = new java.util.ArrayList<>(List.of(
                threshold(judged, info, firstFault),
                trend(judged, info, firstFault),
                Verdict.keptUp(produced, committed, info.keepUpRatio(), drained, Math.max(0, drainSeconds)),
                Verdict.backlog(
                        acked,
                        r.committedBySecond(),
                        info.warmupSeconds(),
                        firstFault.orElse(window),
                        info.rate(),
                        info.measurement().backlogGrowthSeconds()),
                Verdict.complete(complete, r.reservedDuplicates()),
                Verdict.load(producer.completedSchedule(), producer.failed()),
                Verdict.punctual(
                        producer.maxAckLagMs(),
                        faultRun.brokerRestarted() ? Double.POSITIVE_INFINITY : PRODUCER_MAX_ACK_LAG_MS),
                Verdict.clean(r.foreign()),
                Verdict.schedule(r.schedule()),
                Verdict.clocks(
                        r.negativeLatencies(),
                        r.worstNegativeMicros(),
                        minGap,
                        info.clockToleranceMs(),
                        info.measurement().visibilityPollMs())));
        if (crashed) {
            checks.add(new Verdict.Check("ran", false, "the consumer exited on its own during the run"));
        }
        List<FaultRun.Outcome> outcomes = faultRun.outcomes(r.bins(), info.thresholdSeconds(), crashed);
        checks.addAll(faultRun.checks(outcomes));
        Verdict.Outcome verdict = new Verdict.Outcome(List.copyOf(checks));
        return new EngineResult(
                engine.id(),
                engine.label(),
                true,
                Optional.empty(),
                producer.startMicros(),
                r.bins(),
                r.whole(),
                r.maxSeconds(),
                r.commits(),
                Optional.of(producer),
                Optional.of(complete),
                r.foreign().count(),
                r.foreign().examples(),
                produced,
                committed,
                Verdict.steadySlope(r.bins(), info.warmupSeconds()),
                malformed,
                r.negativeLatencies(),
                r.worstNegativeMicros(),
                processes,
                knobs,
                outcomes,
                faultRun.poisoned() ? faultRun.poisonAcked() : -1,
                verdict,
                verdict.passed() ? "" : logTail,
                WarmStart.inTable(info.warmStartSeconds(), r.warmStartRows()),
                Optional.empty(),
                Optional.empty(),
                r.commitBins());
    }

    /** Before the first fault's reach, as in any run; nothing to judge when the first fault reaches second 0. */
    private static Verdict.Check threshold(List<SecondBin> judged, RunInfo info, java.util.OptionalLong firstFault) {
        if (firstFault.isPresent() && judged.isEmpty()) {
            return new Verdict.Check(
                    "threshold",
                    true,
                    String.format(
                            java.util.Locale.ROOT,
                            "not judged: the first fault reaches back to second %d; its own check judges from there",
                            firstFault.getAsLong()));
        }
        return Verdict.threshold(judged, info.thresholdSeconds());
    }

    /**
     * Before a fault the trend is judged like any run's; when the first fault comes too soon after the warm-up
     * for a slope, the check says so and passes: a fault run is judged by its recoveries.
     */
    private static Verdict.Check trend(List<SecondBin> judged, RunInfo info, java.util.OptionalLong firstFault) {
        Verdict.Check trend =
                Verdict.trend(judged, info.warmupSeconds(), info.trendBound(), info.trendMinRiseSeconds());
        long steady = judged.stream()
                .filter(b -> b.elapsedSecond() >= info.warmupSeconds())
                .count();
        if (firstFault.isPresent() && steady < Verdict.TREND_MIN_POINTS) {
            return new Verdict.Check(
                    "trend",
                    true,
                    String.format(
                            java.util.Locale.ROOT,
                            "not judged: %d s between the %d s warm-up and the first fault's reach at second %d",
                            steady,
                            info.warmupSeconds(),
                            firstFault.getAsLong()));
        }
        return trend;
    }

    /** A summary from before per-second acknowledgements: the schedule's rate is the best stand-in. */
    private static long[] offeredPerSecond(ProducerReport producer, long seconds) {
        long[] out = new long[(int) seconds];
        java.util.Arrays.fill(out, producer.targetRate());
        return out;
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }
}
