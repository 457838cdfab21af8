package streambench.harness;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import streambench.common.ConfigException;
import streambench.common.Knobs;

import java.io.PrintStream;
import java.util.concurrent.Callable;

/**
 * The benchmark run. Today it brings up Kafka and the lake (embedded unless the environment names
 * them), proves the lake is writable, and drives the producer at the requested rate; the engine
 * loop plugs in here.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Start Kafka and the lake (embedded unless given), drive the producer, report.")
final class RunCommand implements Callable<Integer> {
    @Option(names = "--rate", defaultValue = "${env:RATE:-200000}",
            description = "Offered load in events per second (env RATE, default ${DEFAULT-VALUE}).")
    long rate;

    @Option(names = "--duration", defaultValue = "${env:DURATION_S:-30}",
            description = "Seconds of load (env DURATION_S, default ${DEFAULT-VALUE}).")
    long durationSeconds;

    @Mixin
    LoadOptions load;

    @Override
    public Integer call() throws Exception {
        load.validate();
        if (rate <= 0) {
            throw new ConfigException("--rate must be a positive integer, got " + rate);
        }
        if (durationSeconds <= 0) {
            throw new ConfigException("--duration must be a positive number of seconds, got " + durationSeconds);
        }
        PrintStream out = System.out;
        Knobs knobs = Knobs.fromEnvironment().withOverrides(load.overrides);
        InstallLayout layout = InstallLayout.load();
        layout.producerJar(); // fail before starting anything when the build is missing
        Machine machine = Machine.current();
        RunDirectory run = RunDirectory.create(load.results);
        out.printf("streambench run %s: %,d msg/s for %d s, %d partitions, %d-byte events%n", run.runId(), rate,
                durationSeconds, load.partitions, load.messageBytes);
        out.println("machine: " + machine.describe());
        machine.loadWarning(rate).ifPresent(out::println);
        out.println("logs: " + run.dir());

        boolean succeeded;
        try (Services services = Services.start(knobs, layout, run.dir(), true, out);
             TopicAdmin topics = new TopicAdmin(services.kafka())) {
            String topic = "streambench-" + run.runId() + "-load";
            topics.create(topic, load.partitions);
            ProducerLauncher producer = new ProducerLauncher(layout, services.endpointEnv());
            ProducerLauncher.Outcome outcome = producer.run(
                    new ProducerLauncher.Request(topic, rate, durationSeconds, load.messageBytes, load.overrides),
                    run.file("producer-summary.json"), run.file("producer.log"),
                    line -> {
                        if (line.startsWith("producer t=") || line.startsWith("producer summary")) {
                            out.println("  " + line);
                        }
                    });
            topics.delete(topic);
            succeeded = report(outcome, out);
        }
        out.println(succeeded ? "{ \"status\": \"Succeeded\" }" : "{ \"status\": \"Failed\" }");
        return succeeded ? 0 : 1;
    }

    private boolean report(ProducerLauncher.Outcome outcome, PrintStream out) {
        if (outcome.report().isEmpty()) {
            out.println("producer failed (exit " + outcome.exitCode() + ") without a summary:");
            out.println(outcome.logTail());
            return false;
        }
        ProducerReport r = outcome.report().get();
        boolean keptSchedule = r.maxAckLagMs() < 1000;
        out.printf("producer: offered %,d msg/s, achieved %,.0f msg/s, %,d acked, %,d failed, "
                        + "max delay from schedule to ack %.0f ms%s%n",
                r.targetRate(), r.achievedRate(), r.acked(), r.failed(), r.maxAckLagMs(),
                keptSchedule ? "" : " (over 1 s: this machine cannot offer this load)");
        return outcome.succeeded() && keptSchedule;
    }
}
