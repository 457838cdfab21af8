package streambench.harness.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import streambench.common.ConfigException;
import streambench.harness.engine.Engine;
import streambench.harness.engine.EngineResult;
import streambench.harness.engine.EngineRun;
import streambench.harness.engine.RunDirectory;
import streambench.harness.engine.RunInfo;
import streambench.harness.engine.YardstickRatios;
import streambench.harness.fault.FaultSpec;
import streambench.harness.report.Manifest;
import streambench.harness.report.ResultsWriter;
import streambench.services.InstallLayout;
import streambench.services.Machine;
import streambench.services.Services;

/**
 * The benchmark: for each engine in turn, with the whole machine to itself, a fresh topic, its
 * consumer, the producer at the offered rate, drain, analysis and verdict; then the result files, a
 * verdict table and, last, the status line.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description = "Run every engine under load and judge its Kafka-to-Delta visibility latency.")
public final class RunCommand implements Callable<Integer> {
    @Option(
            names = "--engines",
            split = ",",
            paramLabel = "ID",
            description =
                    "Engines to run: ${sys:streambench.engines}, or none (services and producer only). "
                            + "Default (env ENGINES): all of them; one that cannot run here is reported as not run and fails the run.")
    List<String> engines = new ArrayList<>();

    @Option(
            names = "--rate",
            defaultValue = "${env:RATE:-200000}",
            description = "Offered load in events per second (env RATE, default ${DEFAULT-VALUE}).")
    long rate;

    @Option(
            names = "--duration",
            defaultValue = "${env:DURATION_S:-120}",
            description = "Seconds of load per engine (env DURATION_S, default ${DEFAULT-VALUE}).")
    long durationSeconds;

    @Option(
            names = "--fault",
            paramLabel = "SPEC",
            description =
                    "Inject a fault into every engine's turn (repeatable): kill-consumer@30s (kill -9 the consumer at "
                            + "second 30 of the load and start it again on the same checkpoint), lake-outage@30s:10s (the embedded "
                            + "Azurite stops answering for 10 s), broker-restart@30s (the embedded broker is stopped and started "
                            + "again), poison@1%% (hostile records at 1%% of the rate). The summary reports each fault's peak latency "
                            + "and recovery time.")
    List<String> faultSpecs = new ArrayList<>();

    @Option(
            names = "--read-back",
            negatable = true,
            description =
                    "After each engine's drain, read the rows of the load's last 5 minutes back with Delta "
                            + "Kernel and Spark 3.5, each a fresh JVM, and report how long that took: what the table's files "
                            + "and log cost a reader. Default: on for loads of 10 minutes or more; --no-read-back turns it off.")
    Boolean readBack;

    /** How much of the end of the load the readers read back. */
    static final long READ_BACK_SECONDS = 300;

    @Mixin
    ConsumerHeapOption consumerHeap;

    @Mixin
    LoadOptions load;

    @Mixin
    VerdictOptions verdict;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        boolean producerOnly = engines.size() == 1 && engines.get(0).equals("none");
        List<FaultSpec> faults = validate(producerOnly);
        PrintStream out = System.out;
        CommandSetup setup = CommandSetup.of(
                load,
                knobs -> engines.isEmpty() && knobs.isSet("ENGINES")
                        ? List.of(knobs.env("ENGINES", "").asString().split(","))
                        : engines);
        Machine machine = Machine.current();
        RunDirectory run = RunDirectory.create(load.results);
        RunInfo info = CommandSetup.runInfo(
                run,
                machine,
                rate,
                durationSeconds,
                faults.stream().map(FaultSpec::text).toList(),
                load,
                verdict,
                readBackSeconds());
        printHeader(run, machine, producerOnly, setup, out);
        Manifest manifest = Manifest.begin(
                "run",
                HarnessMain.originalArgs(spec),
                Manifest.workload(info, setup.engineIds()),
                machine,
                List.of(load.results, run.dir()));
        String status = "Failed";
        try {
            int exit = runWithServices(producerOnly, faults, setup, run, info, manifest, out);
            status = exit == 0 ? "Succeeded" : "Failed";
            return exit;
        } catch (InterruptedException e) {
            status = "Interrupted";
            throw e;
        } finally {
            manifest.end(status);
        }
    }

    /** Read back when asked, or by default when the load is two 5-minute windows or more. */
    long readBackSeconds() {
        boolean on = readBack != null ? readBack : durationSeconds >= 2 * READ_BACK_SECONDS;
        return on ? READ_BACK_SECONDS : 0;
    }

    /** The run's first lines; no engine able to run here is a configuration error, before anything starts. */
    private void printHeader(
            RunDirectory run, Machine machine, boolean producerOnly, CommandSetup setup, PrintStream out) {
        out.printf(
                "streambench run %s: %,d msg/s for %d s per engine, %d partitions, %d-byte events, threshold %.1f s%n",
                run.runId(), rate, durationSeconds, load.partitions, load.messageBytes, verdict.thresholdSeconds);
        out.println("machine: " + machine.describe());
        machine.loadWarning(rate).ifPresent(out::println);
        if (!producerOnly) {
            InstallLayout layout = setup.layout();
            out.println("engines: " + String.join(", ", setup.engineIds()));
            setup.engines()
                    .forEach(e -> e.unavailable(layout)
                            .ifPresent(why -> out.println("  " + e.id() + " will not run (it fails the run): " + why)));
            if (setup.engines().stream().allMatch(e -> e.unavailable(layout).isPresent())) {
                throw new ConfigException("no engine can run here: build them with `mvn -q install -DskipTests`, "
                        + "or use --engines none to check the services and the producer alone");
            }
        }
        out.println("logs: " + run.dir());
    }

    private int runWithServices(
            boolean producerOnly,
            List<FaultSpec> faults,
            CommandSetup setup,
            RunDirectory run,
            RunInfo info,
            Manifest manifest,
            PrintStream out)
            throws Exception {
        InstallLayout layout = setup.layout();
        try (Services services = Services.start(
                setup.knobs(),
                layout,
                run.dir(),
                true,
                load.lakeFront(faults.stream().anyMatch(f -> f.kind() == FaultSpec.Kind.LAKE_OUTAGE)),
                load.footprint(rate, durationSeconds + info.warmStartSeconds()),
                out)) {
            if (producerOnly) {
                return ProducerOnlyRun.run(layout, services, run, rate, durationSeconds, load, out);
            }
            faults.forEach(
                    f -> f.validate(durationSeconds, services.embeddedKafkaRunning(), services.embeddedLakeRunning()));
            EngineRun engineRun = new EngineRun(
                            layout,
                            services,
                            setup.defaults(),
                            run,
                            info,
                            load.overrides,
                            consumerHeap.value,
                            out,
                            faults)
                    .keepingTables(load.keepTables);
            ResultsWriter writer = new ResultsWriter(load.results, run.dir());
            List<EngineResult> results = new ArrayList<>();
            for (Engine engine : setup.engines()) {
                EngineResult result = engineRun.runContained(engine);
                results.add(result);
                manifest.knobs(engine.id(), result.knobs());
                writer.write(info, results, false); // an interrupted run still leaves what it finished
            }
            writer.write(info, results, true);
            printVerdicts(results, out);
            out.println("results: " + load.results.resolve("latency_timeseries.csv") + ", summary.csv, summary.json, "
                    + "latency_chart.png; logs and per-commit data in " + run.dir());
            List<String> refused = services.lakeRefusals();
            if (!refused.isEmpty()) {
                out.println("lake: refused " + refused.size() + " storage request(s) that a real Azure account would "
                        + "refuse (--strict-lake), e.g.:");
                refused.stream().limit(5).forEach(r -> out.println("  " + r));
            }
            boolean succeeded = EngineResult.allPassed(results) && refused.isEmpty();
            out.println(succeeded ? "{ \"status\": \"Succeeded\" }" : "{ \"status\": \"Failed\" }");
            return succeeded ? 0 : 1;
        }
    }

    /** Usage errors before anything starts; returns the parsed faults (their services are checked once started). */
    private List<FaultSpec> validate(boolean producerOnly) {
        List<FaultSpec> faults = faultSpecs.stream().map(FaultSpec::parse).toList();
        faults.forEach(f -> f.validate(durationSeconds, true, true));
        load.validate();
        verdict.validate();
        if (rate <= 0) {
            throw new ConfigException("--rate must be a positive integer, got " + rate);
        }
        if (durationSeconds <= 0) {
            throw new ConfigException("--duration must be a positive number of seconds, got " + durationSeconds);
        }
        TimeOptions.requireFits("--duration", durationSeconds, java.util.concurrent.TimeUnit.SECONDS);
        if (!producerOnly) {
            verdict.requireWarmupShorterThan(durationSeconds, "--duration");
        }
        consumerHeap.validate();
        return faults;
    }

    static void printVerdicts(List<EngineResult> results, PrintStream out) {
        out.println();
        out.println(String.format(
                Locale.ROOT,
                "%-11s %-12s %8s %8s %8s %8s %10s %8s %8s %6s %9s  %s",
                "engine",
                "status",
                "p50 s",
                "p99 s",
                "max s",
                "trend",
                "commit/s",
                "keep-up",
                "missing",
                "dup",
                "cores/1k",
                "dominant"));
        for (EngineResult r : results) {
            if (!r.ran()) {
                out.println(String.format(
                        Locale.ROOT,
                        "%-11s %-12s %s",
                        r.label(),
                        r.status(),
                        r.notRun().orElse("")));
                continue;
            }
            out.println(String.format(
                    Locale.ROOT,
                    "%-11s %-12s %8s %8s %8s %8s %,10.0f %8.3f %8d %6d %9s  %s",
                    r.label(),
                    r.status(),
                    orDash("%.2f", r.percentileSeconds(50)),
                    orDash("%.2f", r.percentileSeconds(99)),
                    orDash("%.2f", r.maxSeconds()),
                    orDash("%+.4f", r.trendSlope()),
                    r.committedRate(),
                    r.producedRate() > 0 ? r.committedRate() / r.producedRate() : 0,
                    r.completeness().map(c -> c.missing()).orElse(-1L),
                    r.completeness().map(c -> c.duplicates()).orElse(-1L),
                    orDash("%.3f", r.consumerCoresPerThousand()),
                    r.waterfall().any() ? r.waterfall().dominantLabel() : "-"));
            printNotes(r, results, out);
        }
        out.println();
    }

    /** A figure, or "-" where there is none (an engine that ran and made no reading): not "NaN". */
    static String orDash(String format, double value) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, format, value);
    }

    /** A run of two windows or more, window by window: what grew shows here. */
    private static void printWindows(streambench.harness.analysis.SoakWindows soak, PrintStream out) {
        if (soak.windows().size() < 2) {
            return;
        }
        out.println("    window s      max s  p99 s  rss MiB  heap after GC MiB   files  files/min  mean KiB  log MiB"
                + "  log checkpoints");
        for (streambench.harness.analysis.SoakWindows.Window w : soak.windows()) {
            out.println(String.format(
                    Locale.ROOT,
                    "    %5d-%-5d  %6.2f %6.2f  %7.0f  %17s  %6d  %9.1f  %8.0f  %7.1f  %s",
                    w.fromSecond(),
                    w.toSecond(),
                    w.maxSeconds(),
                    w.p99Seconds(),
                    w.rssMaxMiB(),
                    Double.isNaN(w.heapAfterGcMinMiB())
                            ? "-"
                            : String.format(Locale.ROOT, "%.0f-%.0f", w.heapAfterGcMinMiB(), w.heapAfterGcMaxMiB()),
                    w.files(),
                    w.filesPerMinute(),
                    w.meanFileBytes() / 1024,
                    w.logBytes() / (1024.0 * 1024),
                    checkpoints(w.checkpointSeconds())));
        }
        printStore(soak.store(), out);
    }

    /** The store beside the engine, window by window: the probe's medians, the store's CPU, the engine's own cost. */
    private static void printStore(streambench.harness.analysis.StoreWindows store, PrintStream out) {
        if (store.windows().isEmpty()) {
            return;
        }
        out.println(
                "    store probe p50 ms: HEAD   LIST    PUT  DELETE  failed   store CPU %  ms/request   engine µs/row"
                        + "  requests/unit");
        for (streambench.harness.analysis.StoreWindows.Window w : store.windows()) {
            java.util.function.Function<String, String> p50 =
                    kind -> orDash("%.1f", w.probeP50Ms().getOrDefault(kind, Double.NaN));
            out.println(String.format(
                    Locale.ROOT,
                    "    %5d-%-5d     %6s %6s %6s  %6s  %6d   %11s  %10s   %13s  %13s",
                    w.fromSecond(),
                    w.toSecond(),
                    p50.apply("HEAD"),
                    p50.apply("LIST"),
                    p50.apply("PUT"),
                    p50.apply("DELETE"),
                    w.probeFailures(),
                    orDash("%.1f", w.storeCpuPercent()),
                    orDash("%.2f", w.storeCpuMsPerRequest()),
                    orDash("%.2f", w.consumerCpuMicrosPerRow()),
                    orDash("%.1f", w.requestsPerUnit())));
        }
    }

    /** A soak writes hundreds: how many, and how often, e.g. {@code 98, every 3.0 s}; the times are in summary.json. */
    private static String checkpoints(List<Long> at) {
        if (at.size() < 2) {
            return at.isEmpty() ? "-" : "1, at " + at.get(0) + " s";
        }
        return String.format(
                Locale.ROOT,
                "%d, every %.1f s",
                at.size(),
                (at.get(at.size() - 1) - at.get(0)) / (double) (at.size() - 1));
    }

    /** What the table's row cannot hold: the worst record's stages, the ratios, notes, failures and faults. */
    private static void printNotes(EngineResult r, List<EngineResult> results, PrintStream out) {
        if (r.waterfall().any()) {
            out.println(String.format(
                    Locale.ROOT,
                    "    worst record %.2f s: %s%s",
                    r.waterfall().worstMicros() / 1e6,
                    streambench.harness.analysis.LatencyWaterfall.describe(
                            r.waterfall().worstSplit()),
                    r.waterfall().fileTimesInWholeSeconds()
                            ? " (data file times in whole seconds: engine and commit told apart to a second only)"
                            : ""));
        }
        printWindows(r.soak(), out);
        r.readBack().forEach(x -> out.println("    read back: " + x.describe()));
        YardstickRatios.of(r, results).ifPresent(x -> out.println("    " + x.describe()));
        r.lateLoadNote().ifPresent(n -> out.println("    passed " + n));
        if (r.status() == streambench.harness.engine.EngineStatus.UNDETERMINED) {
            out.println(
                    r.verdict().storeSlowed()
                            ? "    undetermined: the store slowed while the engine's own cost stayed flat; what grew is"
                                    + " the store's"
                            : "    undetermined: the load came late and a check failed; whose fault it was cannot be"
                                    + " told");
        }
        r.verdict().failures().forEach(f -> out.println("    " + f));
        r.faults()
                .forEach(f -> out.println(String.format(
                        Locale.ROOT,
                        "    fault %s at %.1f s: peak %.2f s, %s",
                        f.fault(),
                        f.atSecond(),
                        f.peakSeconds(),
                        f.recovered()
                                ? "recovered in " + f.recoverySeconds() + " s (" + f.how() + ")"
                                : "did not recover")));
    }
}
