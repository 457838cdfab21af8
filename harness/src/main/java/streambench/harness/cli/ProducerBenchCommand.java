package streambench.harness.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import streambench.common.ConfigException;
import streambench.common.Knobs;
import streambench.harness.engine.RunDirectory;
import streambench.services.ChildProcess;
import streambench.services.InstallLayout;
import streambench.services.Machine;
import streambench.services.ProducerLauncher;
import streambench.services.ProducerReport;
import streambench.services.Services;
import streambench.services.TopicAdmin;

/**
 * Benchmark, not a test: on one broker, topic layout and message size, Kafka's own
 * ProducerPerformance unthrottled against our producer's highest sustainable rate (every event
 * acknowledged within 1 s of its due time, throughput within 1% of offered). Both get the same
 * producer settings.
 */
@Command(
        name = "producer-bench",
        mixinStandardHelpOptions = true,
        description =
                "Our producer's highest sustainable rate vs Kafka's ProducerPerformance, same broker and settings.")
final class ProducerBenchCommand implements Callable<Integer> {
    private static final Pattern PP_FINAL = Pattern.compile("^(\\d+) records sent, ([\\d.]+) records/sec.*");
    /** A rate is sustained when achieved is within 1% of offered and no ack came later than this after its due time. */
    private static final double MAX_LAG_MS = 1000;

    @Option(
            names = "--trial-seconds",
            defaultValue = "15",
            description = "Seconds per trial of our producer (default ${DEFAULT-VALUE}).")
    int trialSeconds;

    @Option(
            names = "--max-trials",
            defaultValue = "7",
            description = "Trials of the rate search (default ${DEFAULT-VALUE}).")
    int maxTrials;

    @Option(
            names = "--reference-records",
            defaultValue = "5000000",
            description = "Records ProducerPerformance sends (default ${DEFAULT-VALUE}).")
    long referenceRecords;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    LoadOptions load;

    /** The producer settings both contenders use: our knob name → Kafka property. */
    static final Map<String, String> SHARED_SETTINGS = Map.of(
            "PRODUCER_ACKS", "acks",
            "PRODUCER_LINGER_MS", "linger.ms",
            "PRODUCER_BATCH_SIZE", "batch.size",
            "PRODUCER_COMPRESSION", "compression.type",
            "PRODUCER_BUFFER_MEMORY", "buffer.memory");

    record Trial(
            long offered,
            double achieved,

            @com.fasterxml.jackson.annotation.JsonProperty("max_ack_lag_ms")
            double maxAckLagMs,

            long failed,
            boolean sustained) {}

    @Override
    public Integer call() throws Exception {
        load.validate();
        if (trialSeconds < 5 || maxTrials < 1 || referenceRecords < 100_000) {
            throw new ConfigException("--trial-seconds must be >= 5, --max-trials >= 1, --reference-records >= 100000");
        }
        PrintStream out = System.out;
        Knobs knobs = Knobs.fromEnvironment().withOverrides(load.overrides);
        InstallLayout layout = InstallLayout.load();
        layout.producerJar();
        streambench.harness.engine.KnobDefaults defaults =
                streambench.harness.engine.KnobDefaults.load(layout.composeFile());
        load.checkKnobNames(defaults);
        // the producer's client settings from its anchor, then --set and the environment: one configuration
        // for the reference tool and our producer
        Map<String, String> producerKnobs = new LinkedHashMap<>();
        defaults.anchor("x-producer-tuning").forEach((name, value) -> {
            if (SHARED_SETTINGS.containsKey(name)) {
                producerKnobs.put(name, knobs.env(name, value).asString());
            }
        });
        RunDirectory run = RunDirectory.create(load.results);
        Machine machine = Machine.current();
        out.println("producer-bench " + run.runId() + ": " + machine.describe() + ", " + load.partitions
                + " partitions, " + load.messageBytes + "-byte records, settings " + producerKnobs);

        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("partitions", load.partitions);
        workload.put("message_bytes", load.messageBytes);
        workload.put("trial_s", trialSeconds);
        workload.put("max_trials", maxTrials);
        workload.put("settings", producerKnobs);
        streambench.harness.report.Manifest manifest = streambench.harness.report.Manifest.begin(
                "producer-bench", HarnessMain.originalArgs(spec), workload, machine, List.of(load.results, run.dir()));
        String status = "Failed";
        try {
            int exit = bench(knobs, layout, producerKnobs, run, machine, out);
            status = exit == 0 ? "Succeeded" : "Failed";
            return exit;
        } finally {
            manifest.end(status);
        }
    }

    private int bench(
            Knobs knobs,
            InstallLayout layout,
            Map<String, String> producerKnobs,
            RunDirectory run,
            Machine machine,
            PrintStream out)
            throws Exception {
        try (Services services = Services.start(knobs, layout, run.dir(), false, out);
                TopicAdmin topics = new TopicAdmin(services.kafka())) {
            String ppTopic = "bench-" + run.runId() + "-reference";
            topics.create(ppTopic, load.partitions);
            double reference = runProducerPerformance(layout, services, ppTopic, producerKnobs, run, out);
            topics.delete(ppTopic);
            out.printf("ProducerPerformance (unthrottled): %,.0f records/s%n", reference);

            ProducerLauncher launcher = new ProducerLauncher(layout, services.endpointEnv());
            List<Trial> trials = new ArrayList<>();
            long lo = 0;
            long hi = Long.MAX_VALUE;
            long rate = roundRate(reference * 0.9);
            for (int i = 1; i <= maxTrials; i++) {
                String topic = "bench-" + run.runId() + "-trial-" + i;
                topics.create(topic, load.partitions);
                ProducerLauncher.Outcome outcome = launcher.run(
                        new ProducerLauncher.Request(topic, rate, trialSeconds, load.messageBytes, producerKnobs),
                        run.file("producer-bench-trial-" + i + ".json"),
                        run.file("producer-bench.log"),
                        null);
                topics.delete(topic);
                Trial t = judge(rate, outcome);
                trials.add(t);
                out.printf(
                        "  trial %d: offered %,d/s achieved %,.0f/s max schedule-to-ack delay %.0f ms failed %d -> %s%n",
                        i,
                        t.offered(),
                        t.achieved(),
                        t.maxAckLagMs(),
                        t.failed(),
                        t.sustained() ? "sustained" : "not sustained");
                if (t.sustained()) {
                    lo = rate;
                } else {
                    hi = rate;
                }
                if (lo > 0 && hi != Long.MAX_VALUE && (double) hi / lo < 1.04) {
                    break;
                }
                rate = hi == Long.MAX_VALUE
                        ? roundRate(rate * 1.15)
                        : lo == 0 ? roundRate(rate * 0.75) : roundRate((lo + hi) / 2.0);
            }
            double ratio = lo / reference;
            out.printf(
                    "result: our producer sustains %,d msg/s = %.2fx ProducerPerformance's %,.0f records/s (target >= 0.90x)%n",
                    lo, ratio, reference);
            writeResult(run, machine, producerKnobs, reference, lo, trials);
            return ratio >= 0.9 ? 0 : 1;
        }
    }

    private double runProducerPerformance(
            InstallLayout layout,
            Services services,
            String topic,
            Map<String, String> producerKnobs,
            RunDirectory run,
            PrintStream out)
            throws IOException, InterruptedException {
        // the broker's client settings (they may hold secrets), then the settings both contenders share
        Map<String, String> clientConfig = new LinkedHashMap<>(services.kafka().properties());
        producerKnobs.forEach((knob, value) -> clientConfig.put(SHARED_SETTINGS.get(knob), value));
        try (ClientConfigFile props = ClientConfigFile.write(run.dir(), "producer-performance", clientConfig)) {
            List<String> cmd = ChildProcess.watchedJava(
                    List.of("-Xmx1g", "-XX:+UseG1GC"),
                    layout.kafkaClasspath(),
                    "org.apache.kafka.tools.ProducerPerformance",
                    List.of(
                            "--topic",
                            topic,
                            "--num-records",
                            Long.toString(referenceRecords),
                            "--record-size",
                            Integer.toString(load.messageBytes),
                            "--throughput",
                            "-1",
                            "--producer.config",
                            props.path().toString()));
            out.println(
                    "running Kafka's ProducerPerformance, " + String.format("%,d", referenceRecords) + " records ...");
            double[] rate = {-1};
            ChildProcess pp = ChildProcess.start(
                    "producer-performance", cmd, Map.of(), null, run.file("producer-performance.log"), line -> {
                        Matcher m = PP_FINAL.matcher(line);
                        if (m.matches() && line.contains("50th")) {
                            rate[0] = Double.parseDouble(m.group(2));
                        }
                    });
            OptionalInt exit = pp.waitFor(Duration.ofMinutes(10));
            pp.stop(Duration.ofSeconds(5));
            if (exit.isEmpty() || exit.getAsInt() != 0 || rate[0] < 0) {
                throw new IllegalStateException(
                        "ProducerPerformance failed; see " + pp.logFile() + ":\n" + pp.logTail());
            }
            return rate[0];
        }
    }

    static Trial judge(long offered, ProducerLauncher.Outcome outcome) {
        if (outcome.report().isEmpty()) {
            return new Trial(offered, 0, Double.NaN, -1, false);
        }
        ProducerReport r = outcome.report().get();
        boolean sustained = outcome.succeeded()
                && r.failed() == 0
                && r.maxAckLagMs() < MAX_LAG_MS
                && r.achievedRate() >= 0.99 * offered;
        return new Trial(offered, r.achievedRate(), r.maxAckLagMs(), r.failed(), sustained);
    }

    private static long roundRate(double rate) {
        return Math.max(1000, Math.round(rate / 1000.0) * 1000);
    }

    private void writeResult(
            RunDirectory run,
            Machine machine,
            Map<String, String> settings,
            double reference,
            long sustained,
            List<Trial> trials)
            throws IOException {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("machine", machine.describe());
        json.put("partitions", load.partitions);
        json.put("message_bytes", load.messageBytes);
        json.put("settings", settings);
        json.put("producer_performance_records_per_s", reference);
        json.put("streambench_sustained_msgs_per_s", sustained);
        json.put("ratio", sustained / reference);
        json.put("trials", trials);
        Path file = load.results.resolve("producer_bench.json");
        Files.createDirectories(load.results);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), json);
        System.out.println("written: " + file);
    }
}
