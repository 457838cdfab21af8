package streambench.preflight;

import static streambench.common.ConsumerContract.KAFKA_BOOTSTRAP_SERVERS;
import static streambench.common.ConsumerContract.KAFKA_CONNECT_TIMEOUT;
import static streambench.common.ConsumerContract.TOPIC;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import streambench.common.ConfigException;
import streambench.common.KafkaConnection;

/**
 * Checks, within a bounded time, that the cluster answers and the topic exists, so a wrong address
 * fails in seconds with a message that says which (exit 2), instead of a producer blocking on metadata
 * or a consumer's job waiting for a topic that is not there. Runs on whichever kafka-clients its caller
 * brings, 3.2.3 or newer.
 */
public final class KafkaPreflight {
    private KafkaPreflight() {}

    /** @return the topic's partition count */
    public static int check(KafkaConnection kafka, String topic, Duration timeout) {
        Map<String, Object> props = new HashMap<>(kafka.properties());
        int ms = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, ms);
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Math.min(ms, 30_000));
        long deadline = System.nanoTime() + timeout.toNanos();
        Admin admin;
        try {
            admin = Admin.create(props);
        } catch (KafkaException e) {
            throw new ConfigException(
                    KAFKA_BOOTSTRAP_SERVERS + " " + kafka.bootstrapServers() + " is unusable: "
                            + kafka.redact(rootMessage(e)),
                    e);
        }
        try {
            try {
                admin.describeCluster().nodes().get(remainingMs(deadline), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw new ConfigException("Kafka at " + kafka.bootstrapServers() + " did not answer within "
                        + timeout.toSeconds() + " s (" + KAFKA_BOOTSTRAP_SERVERS + " / " + KAFKA_CONNECT_TIMEOUT
                        + "): is the broker running?");
            }
            try {
                return admin.describeTopics(List.of(topic))
                        .allTopicNames()
                        .get(remainingMs(deadline), TimeUnit.MILLISECONDS)
                        .get(topic)
                        .partitions()
                        .size();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                    throw new ConfigException(TOPIC + " " + topic + " does not exist on " + kafka.bootstrapServers()
                            + ": create it first (the harness does this for its runs)");
                }
                throw e;
            } catch (TimeoutException e) {
                throw new ConfigException("Kafka at " + kafka.bootstrapServers() + " did not describe " + TOPIC + " "
                        + topic + " within " + timeout.toSeconds() + " s");
            }
        } catch (ExecutionException e) {
            throw new ConfigException(
                    "Kafka at " + kafka.bootstrapServers() + " refused the connection check: "
                            + kafka.redact(rootMessage(e)),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConfigException("interrupted while checking Kafka at " + kafka.bootstrapServers());
        } finally {
            admin.close(Duration.ZERO);
        }
    }

    private static long remainingMs(long deadlineNanos) {
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime()));
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName() + ": " + t.getMessage();
    }
}
