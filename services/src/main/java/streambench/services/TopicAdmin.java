package streambench.services;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import streambench.common.KafkaConnection;

/** Creates and deletes the per-run topics. */
public final class TopicAdmin implements AutoCloseable {
    private final Admin admin;
    private final KafkaConnection kafka;

    public TopicAdmin(KafkaConnection kafka) {
        Map<String, Object> props = new HashMap<>(kafka.properties());
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000);
        this.admin = Admin.create(props);
        this.kafka = kafka;
    }

    /** Creates {@code topic} with {@code partitions} and waits until every partition has a leader. */
    public void create(String topic, int partitions) throws InterruptedException {
        try {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(partitions), Optional.empty())))
                    .all()
                    .get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException(
                        "cannot create topic " + topic + " on " + kafka.bootstrapServers() + ": "
                                + kafka.redact(String.valueOf(e.getCause().getMessage())),
                        e.getCause());
            }
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("creating topic " + topic + " timed out on " + kafka.bootstrapServers());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                var description = admin.describeTopics(List.of(topic))
                        .allTopicNames()
                        .get(10, TimeUnit.SECONDS)
                        .get(topic);
                if (description.partitions().size() == partitions
                        && description.partitions().stream()
                                .allMatch(p -> p.leader() != null && !p.leader().isEmpty())) {
                    return;
                }
            } catch (ExecutionException | java.util.concurrent.TimeoutException notYet) {
                // metadata still propagating
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("topic " + topic + " has no leader for every partition after 30 s");
    }

    /** Fails with a message naming the address when the cluster does not answer within {@code timeout}. */
    void checkReachable(java.time.Duration timeout) throws InterruptedException {
        try {
            admin.describeCluster().nodes().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new streambench.common.ConfigException(
                    "Kafka at " + kafka.bootstrapServers() + " did not answer within " + timeout.toSeconds()
                            + " s (KAFKA_BOOTSTRAP_SERVERS / KAFKA_CONNECT_TIMEOUT)");
        }
    }

    public void delete(String topic) throws InterruptedException {
        try {
            admin.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                throw new IllegalStateException(
                        "cannot delete topic " + topic + ": " + e.getCause().getMessage(), e.getCause());
            }
        } catch (java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("deleting topic " + topic + " timed out");
        }
    }

    @Override
    public void close() {
        admin.close(java.time.Duration.ofSeconds(5));
    }
}
