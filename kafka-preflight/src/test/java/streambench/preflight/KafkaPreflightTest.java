package streambench.preflight;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;
import streambench.common.KafkaConnection;

/** Without a broker: every way Kafka can be unreachable is a configuration error naming the address. */
class KafkaPreflightTest {
    @Test
    void anAddressTheClientCannotParseIsUnusable() {
        assertThatThrownBy(() -> KafkaPreflight.check(
                        KafkaConnection.ofBootstrap("no-port-here"), "events", Duration.ofSeconds(5)))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("KAFKA_BOOTSTRAP_SERVERS no-port-here is unusable: ");
    }

    /** Nothing listens on port 1: the check gives up within its timeout instead of waiting on metadata. */
    @Test
    void aBrokerThatDoesNotAnswerFailsWithinTheTimeout() {
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> KafkaPreflight.check(
                        KafkaConnection.ofBootstrap("127.0.0.1:1"), "events", Duration.ofSeconds(1)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("Kafka at 127.0.0.1:1 ");
        org.assertj.core.api.Assertions.assertThat(Duration.ofNanos(System.nanoTime() - t0))
                .isLessThan(Duration.ofSeconds(15));
    }
}
