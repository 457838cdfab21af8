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

/**
 * Creates and deletes the per-run topics. A topic it creates stamps each record with the broker's append time
 * ({@code message.timestamp.type=LogAppendTime}), so the timestamp every consumer writes beside the event says when
 * the record reached the broker: the latency waterfall's boundary between the broker and the engine.
 */
public final class TopicAdmin implements AutoCloseable {
    private final Admin admin;
    private final KafkaConnection kafka;

    public TopicAdmin(KafkaConnection kafka) {
        Map<String, Object> props = new HashMap<>(kafka.properties());
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 30_000);
        this.admin = Admin.create(props);
        this.kafka = kafka;
    }

    /** The topic config, and the value that makes a record's timestamp its append time on the broker. */
    public static final String TIMESTAMP_TYPE = "message.timestamp.type";

    public static final String LOG_APPEND_TIME = "LogAppendTime";

    /**
     * Creates {@code topic} with {@code partitions}, stamped with the broker's append time, and waits until every
     * partition has a leader. A service that refuses the setting (some Kafka-compatible ones stamp every record
     * on arrival anyway) gets the topic without it; {@link #timestampType} says what the topic has.
     */
    public void create(String topic, int partitions) throws InterruptedException {
        try {
            try {
                createTopic(topic, partitions, Map.of(TIMESTAMP_TYPE, LOG_APPEND_TIME));
            } catch (ExecutionException e) {
                if (!refusesTheSetting(e.getCause())) {
                    throw e;
                }
                createTopic(topic, partitions, Map.of());
            }
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

    /** How brokers and Kafka-compatible services say no to a topic config they do not take. */
    private static boolean refusesTheSetting(Throwable cause) {
        return cause instanceof org.apache.kafka.common.errors.InvalidConfigurationException
                || cause instanceof org.apache.kafka.common.errors.PolicyViolationException
                || cause instanceof org.apache.kafka.common.errors.InvalidRequestException
                || cause instanceof org.apache.kafka.common.errors.UnsupportedVersionException
                || cause instanceof org.apache.kafka.common.errors.UnknownServerException;
    }

    private void createTopic(String topic, int partitions, Map<String, String> configs)
            throws ExecutionException, InterruptedException, java.util.concurrent.TimeoutException {
        admin.createTopics(List.of(new NewTopic(topic, Optional.of(partitions), Optional.empty()).configs(configs)))
                .all()
                .get(30, TimeUnit.SECONDS);
    }

    /**
     * {@code LogAppendTime} or {@code CreateTime} (the producer's clock at send()), as the broker describes the topic;
     * {@code unknown} where it does not say (Event Hubs stamps the enqueued time, which is the append time).
     */
    public String timestampType(String topic) throws InterruptedException {
        org.apache.kafka.common.config.ConfigResource resource = new org.apache.kafka.common.config.ConfigResource(
                org.apache.kafka.common.config.ConfigResource.Type.TOPIC, topic);
        try {
            var entry = admin.describeConfigs(List.of(resource))
                    .all()
                    .get(10, TimeUnit.SECONDS)
                    .get(resource)
                    .get(TIMESTAMP_TYPE);
            return entry == null || entry.value() == null ? "unknown" : entry.value();
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            return "unknown";
        }
    }

    /** What a record's Kafka timestamp on {@code topic} means for the latency waterfall, in one sentence. */
    public String describeTimestamps(String topic) throws InterruptedException {
        String type = timestampType(topic);
        return switch (type) {
            case LOG_APPEND_TIME ->
                "records stamped with the broker's append time (" + TIMESTAMP_TYPE + "=" + LOG_APPEND_TIME + ")";
            case "CreateTime" ->
                "records stamped by the producer at send() (CreateTime): the waterfall's broker"
                        + " stage shows as the engine's";
            default ->
                "the broker does not say how it stamps records (" + TIMESTAMP_TYPE + " " + type + "); on Event"
                        + " Hubs the enqueued time is the append time";
        };
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
