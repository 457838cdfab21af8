package streambench.feldera;

import streambench.common.ConsumerStartup;
import streambench.common.HealthServer;
import streambench.common.Knobs;
import streambench.common.MainRunner;

/**
 * {@code java -jar feldera-client.jar}: deploys the benchmark's Kafka → Delta pipeline on a Feldera
 * server ({@code FELDERA_URL}) and follows it; SIGTERM stops, clears and deletes it. Exit 2 for bad
 * configuration, 1 when Feldera refuses the program or the pipeline fails.
 */
public final class FelderaConsumerMain {
    private FelderaConsumerMain() {}

    private static final String PROGRAM = "feldera-client";

    public static void main(String[] args) {
        MainRunner.runAndExit(PROGRAM, args, FelderaKnobs.sheet(), () -> {
            Knobs knobs = Knobs.fromEnvironment();
            FelderaSettings settings = FelderaSettings.fromKnobs(knobs);
            // no Kafka check here: Feldera reaches Kafka from its own host, maybe under another address
            ConsumerStartup startup = new ConsumerStartup(PROGRAM, settings.consumer(), System.out);
            startup.printConfig(knobs);
            try (HealthServer health = startup.startHealth()) {
                FelderaConsumer consumer = new FelderaConsumer(
                        settings,
                        System.out,
                        () -> new LakeTableProbe(
                                settings.lake(), settings.consumer().tableUri()));
                startup.onStop(health, consumer::requestStop);
                return consumer.run(health);
            }
        });
    }
}
