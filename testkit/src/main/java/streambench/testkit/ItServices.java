package streambench.testkit;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import streambench.common.Knobs;
import streambench.common.LakeSettings;
import streambench.services.EmbeddedAzurite;
import streambench.services.EmbeddedKafka;
import streambench.services.InstallLayout;
import streambench.services.LakeProxy;
import streambench.services.ProducerLauncher;
import streambench.services.TopicAdmin;

/**
 * A real KRaft broker and a real Azurite for one integration test class, and what consumers need to reach them. The
 * lake is reached through a strict proxy ({@link LakeProxy#strictInFrontOf}) that refuses what a real Azure account
 * refuses and Azurite forgives; a class whose consumers sent such a request fails when its services close.
 */
public final class ItServices implements AutoCloseable {
    public final EmbeddedKafka kafka;
    public final EmbeddedAzurite azurite;
    public final LakeProxy strictLake;
    public final LakeSettings lake;
    public final TopicAdmin topics;

    private ItServices(EmbeddedKafka kafka, EmbeddedAzurite azurite) {
        this.kafka = kafka;
        this.azurite = azurite;
        this.strictLake = LakeProxy.strictInFrontOf(azurite);
        this.lake = LakeSettings.fromKnobs(Knobs.of(Map.of("AZURITE_BLOB_ENDPOINT", strictLake.endpoint())));
        this.topics = new TopicAdmin(kafka.connection());
    }

    /** {@code AZURITE_BLOB_ENDPOINT} for anything that reaches the lake: the strict proxy's. */
    public String lakeEndpoint() {
        return strictLake.endpoint();
    }

    public static ItServices start(InstallLayout layout, Path logs) throws Exception {
        EmbeddedKafka kafka = EmbeddedKafka.start(layout, logs.resolve("kafka.log"), "512m");
        try {
            return new ItServices(kafka, EmbeddedAzurite.start(layout, logs.resolve("azurite.log"), 1024));
        } catch (Exception | Error e) {
            kafka.close();
            throw e;
        }
    }

    /** TOPIC, TABLE_PATH and the two endpoints: what every consumer needs. */
    public Map<String, String> consumerEnv(String topic, String table) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("TOPIC", topic);
        env.put("TABLE_PATH", table);
        env.put("KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers());
        env.put("AZURITE_BLOB_ENDPOINT", lakeEndpoint());
        return env;
    }

    /**
     * Runs the producer jar at {@code rate} for {@code seconds} into {@code topic}; files go to {@code dir}. No
     * pre-roll: these tests count every row of the table, and a low rate has no send path worth warming.
     */
    public ProducerLauncher.Outcome produce(
            InstallLayout layout, String topic, int rate, int seconds, Path dir, String name)
            throws InterruptedException {
        return new ProducerLauncher(layout, Map.of("KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers()))
                .run(
                        new ProducerLauncher.Request(topic, rate, seconds, 100, Map.of("PRODUCER_PREROLL_S", "0")),
                        dir.resolve(name + "-summary.json"),
                        dir.resolve(name + "-producer.log"),
                        null);
    }

    @Override
    public void close() {
        java.util.List<String> refused = strictLake.refusals();
        topics.close();
        strictLake.close();
        azurite.close();
        kafka.close();
        if (!refused.isEmpty()) {
            throw new AssertionError(strictLake.requestsRefused() + " storage request(s) a real Azure account would "
                    + "refuse, e.g. " + refused.subList(0, Math.min(5, refused.size())));
        }
    }
}
