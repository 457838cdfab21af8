package streambench.harness.cli;

import java.io.PrintStream;
import streambench.harness.engine.RunDirectory;
import streambench.services.InstallLayout;
import streambench.services.ProducerLauncher;
import streambench.services.ProducerReport;
import streambench.services.Services;
import streambench.services.TopicAdmin;

/**
 * {@code run --engines none}: the services and the producer alone, to see whether this machine can
 * offer the load at all before blaming an engine.
 */
final class ProducerOnlyRun {
    private ProducerOnlyRun() {}

    static int run(
            InstallLayout layout,
            Services services,
            RunDirectory run,
            long rate,
            long durationSeconds,
            LoadOptions load,
            PrintStream out)
            throws Exception {
        try (TopicAdmin topics = new TopicAdmin(services.kafka())) {
            String topic = "sb-" + run.runId() + "-load";
            topics.create(topic, load.partitions);
            ProducerLauncher.Outcome outcome = new ProducerLauncher(layout, services.endpointEnv())
                    .run(
                            new ProducerLauncher.Request(
                                    topic, rate, durationSeconds, load.messageBytes, load.overrides),
                            run.file("producer-summary.json"),
                            run.file("producer.log"),
                            line -> {
                                if (line.startsWith("producer t=") || line.startsWith("producer summary")) {
                                    out.println("  " + line);
                                }
                            });
            topics.delete(topic);
            boolean succeeded = report(outcome, out);
            out.println(succeeded ? "{ \"status\": \"Succeeded\" }" : "{ \"status\": \"Failed\" }");
            return succeeded ? 0 : 1;
        }
    }

    private static boolean report(ProducerLauncher.Outcome outcome, PrintStream out) {
        if (outcome.report().isEmpty()) {
            out.println("producer failed (exit " + outcome.exitCode() + ") without a summary:");
            out.println(streambench.common.Secrets.redactText(outcome.logTail()));
            return false;
        }
        ProducerReport r = outcome.report().get();
        boolean keptSchedule = r.maxAckLagMs() < 1000;
        out.printf(
                "producer: offered %,d msg/s, achieved %,.0f msg/s, %,d acked, %,d failed, "
                        + "max delay from schedule to ack %.0f ms%s%n",
                r.targetRate(),
                r.achievedRate(),
                r.acked(),
                r.failed(),
                r.maxAckLagMs(),
                keptSchedule ? "" : " (over 1 s: this machine cannot offer this load)");
        return outcome.succeeded() && keptSchedule;
    }
}
