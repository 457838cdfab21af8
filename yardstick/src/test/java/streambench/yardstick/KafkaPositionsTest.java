package streambench.yardstick;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import streambench.common.ConfigException;

class KafkaPositionsTest {
    @Test
    void roundTripsThroughTheTablesDomainMetadata() {
        KafkaPositions p = new KafkaPositions("events", Map.of(0, 12L, 3, 4_000_000_000L));
        assertThat(p.toJson()).isEqualTo("{\"topic\":\"events\",\"offsets\":{\"0\":12,\"3\":4000000000}}");
        assertThat(KafkaPositions.fromJson(p.toJson(), "abfs://t", "events")).isEqualTo(p);
    }

    @Test
    void aTableWrittenFromAnotherTopicIsAConfigurationError() {
        String json = new KafkaPositions("a", Map.of(0, 1L)).toJson();
        assertThatThrownBy(() -> KafkaPositions.fromJson(json, "abfs://t", "b"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("TABLE_PATH: table abfs://t was written from topic a, not TOPIC=b; give each topic its "
                        + "own table");
    }

    @Test
    void positionsThatCannotBeReadSayWhere() {
        assertThatThrownBy(() -> KafkaPositions.fromJson("{not json", "abfs://t", "a"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the Kafka positions in table abfs://t (domain streambench.yardstick.kafka)");
    }
}
