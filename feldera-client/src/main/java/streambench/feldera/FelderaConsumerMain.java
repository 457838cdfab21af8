package streambench.feldera;

import streambench.common.Knobs;
import streambench.common.MainRunner;

/**
 * {@code java -jar feldera-consumer.jar}: deploys the benchmark's Kafka → Delta pipeline on a Feldera
 * server ({@code FELDERA_URL}) and follows it; SIGTERM stops, clears and deletes it. Exit 2 for bad
 * configuration, 1 when Feldera refuses the program or the pipeline fails.
 */
public final class FelderaConsumerMain {
    private FelderaConsumerMain() {
    }

    public static void main(String[] args) {
        MainRunner.runAndExit("feldera-consumer", () -> {
            Knobs knobs = Knobs.fromEnvironment();
            FelderaSettings settings = FelderaSettings.fromKnobs(knobs);
            System.out.println("feldera-consumer config: " + knobs.effectiveRedacted());
            System.out.println(settings.lake().describe());
            System.out.println(settings.kafka().describe());
            FelderaConsumer consumer = new FelderaConsumer(settings, System.out,
                    () -> new LakeTableProbe(settings.lake(), settings.lake().tableUri(settings.tablePath())));
            Runtime.getRuntime().addShutdownHook(new Thread(consumer::requestStop, "feldera-consumer-stop"));
            return consumer.run();
        });
    }
}
