package streambench.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;
import streambench.common.Knobs;

class ProducerSettingsTest {
    private static Map<String, String> base() {
        Map<String, String> env = new HashMap<>();
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092");
        env.put("TOPIC", "t");
        return env;
    }

    @Test
    void defaults() {
        ProducerSettings s = ProducerSettings.fromKnobs(Knobs.of(base()));
        assertThat(s.rate()).isEqualTo(200_000);
        assertThat(s.threads()).isEqualTo(1);
        assertThat(s.messageBytes()).isEqualTo(100);
        assertThat(s.durationSeconds()).isZero();
        assertThat(s.acks()).isEqualTo(ProducerSettings.Acks.ALL);
        assertThat(s.summaryFile()).isEmpty();
    }

    @Test
    void splitsTheRateOverThreadsWithoutLosingTheRemainder() {
        Map<String, String> env = base();
        env.put("RATE", "10");
        env.put("PRODUCER_THREADS", "3");
        ProducerSettings s = ProducerSettings.fromKnobs(Knobs.of(env));
        assertThat(s.rateOfThread(0) + s.rateOfThread(1) + s.rateOfThread(2)).isEqualTo(10);
        assertThat(s.rateOfThread(0)).isEqualTo(4);
    }

    @Test
    void kafkaPropertiesCarryTheKnobs() {
        Map<String, String> env = base();
        env.put("PRODUCER_LINGER_MS", "5");
        env.put("PRODUCER_COMPRESSION", "lz4");
        env.put("KAFKA_CLIENT_SECURITY_PROTOCOL", "SSL");
        Map<String, Object> props = ProducerMain.kafkaProperties(ProducerSettings.fromKnobs(Knobs.of(env)), 7);
        assertThat(props)
                .containsEntry("linger.ms", 5)
                .containsEntry("compression.type", "lz4")
                .containsEntry("security.protocol", "SSL")
                .containsEntry("client.id", "streambench-producer-7")
                .containsEntry("bootstrap.servers", "127.0.0.1:9092");
    }

    @Test
    void invalidKnobsNameTheVariable() {
        assertError(Map.of("RATE", "fast"), "RATE must be a positive integer, got \"fast\"");
        assertError(Map.of("RATE", "2", "PRODUCER_THREADS", "3"), "PRODUCER_THREADS (3) must not exceed RATE (2)");
        assertError(Map.of("PRODUCER_ACKS", "2"), "PRODUCER_ACKS must be one of all, 1, 0, -1, got \"2\"");
        assertError(
                Map.of("PRODUCER_COMPRESSION", "brotli"),
                "PRODUCER_COMPRESSION must be one of none, gzip, snappy, lz4, zstd, got \"brotli\"");
        assertError(Map.of("DURATION_S", "-1"), "DURATION_S must be >= 0");
        assertError(Map.of("KAFKA_CONNECT_TIMEOUT", "30"), "KAFKA_CONNECT_TIMEOUT must be a duration");
        Map<String, String> noTopic = base();
        noTopic.remove("TOPIC");
        assertThatThrownBy(() -> ProducerSettings.fromKnobs(Knobs.of(noTopic)))
                .hasMessageStartingWith("TOPIC is not set");
    }

    /** Each producer process's pre-roll gets ids of its own: two processes feeding one topic never share one. */
    @Test
    void preRollIdsFollowTheProducerIdBaseAndStayA32BitInt() {
        assertThat(ProducerMain.prerollFirstId(0)).isEqualTo(streambench.common.ProducerContract.PREROLL_FROM);
        assertThat(ProducerMain.prerollFirstId(100)).isEqualTo(streambench.common.ProducerContract.PREROLL_FROM + 100);
        assertThat(ProducerMain.prerollFirstId(streambench.common.ProducerContract.UNMEASURED_FROM))
                .as("the harness's warm start sends no pre-roll; its ids stay where they are")
                .isEqualTo(streambench.common.ProducerContract.PREROLL_FROM);
        assertError(
                Map.of("PRODUCER_ID_BASE", "100000000", "PRODUCER_THREADS", "4"),
                "PRODUCER_ID_BASE must be at most 47483644 with 4 PRODUCER_THREADS");
    }

    private static void assertError(Map<String, String> extra, String message) {
        Map<String, String> env = base();
        env.putAll(extra);
        assertThatThrownBy(() -> ProducerSettings.fromKnobs(Knobs.of(env)))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(message);
    }
}
