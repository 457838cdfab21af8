package streambench.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsumerKnobsTest {
    @Test
    void defaultsBecomeClientAndHadoopSettings() {
        Knobs none = Knobs.of(Map.of());
        assertThat(ConsumerKnobs.kafkaConsumer(none))
                .containsEntry("max.poll.records", "500")
                .containsEntry("fetch.max.bytes", "52428800")
                .containsEntry("request.timeout.ms", "30000")
                .hasSize(7);
        assertThat(ConsumerKnobs.kafkaConnectTimeout(none)).isEqualTo(Duration.ofSeconds(30));
        // 0 leaves the driver's own concurrency: the key is not set at all
        assertThat(ConsumerKnobs.abfsWrite(none))
                .containsOnly(
                        Map.entry("fs.azure.write.request.size", "8388608"),
                        Map.entry("fs.azure.write.enableappendwithflush", "false"));
        assertThat(ConsumerKnobs.abfsWrite(Knobs.of(Map.of("ABFS_WRITE_MAX_CONCURRENT", "16"))))
                .containsEntry("fs.azure.write.max.concurrent.requests", "16");
    }

    @Test
    void theLakesHadoopKeysCarryTheWriteKnobs() {
        LakeSettings lake = LakeSettings.azurite("127.0.0.1:10000", "devstoreaccount1", "a2V5", "streambench", "p");
        assertThat(ConsumerKnobs.lakeHadoopConf(Knobs.of(Map.of()), lake))
                .containsAllEntriesOf(lake.hadoopConf())
                .containsEntry("fs.azure.write.request.size", "8388608")
                .hasSize(lake.hadoopConf().size() + 2);
    }

    @Test
    void aBadValueNamesTheVariable() {
        assertThatThrownBy(() -> ConsumerKnobs.kafkaConsumer(Knobs.of(Map.of("KAFKA_MAX_POLL_RECORDS", "lots"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("KAFKA_MAX_POLL_RECORDS");
    }

    @Test
    void theReceiveBufferIsTheOsDefaultOrAPositiveSize() {
        assertThat(ConsumerKnobs.kafkaConsumer(Knobs.of(Map.of("KAFKA_RECEIVE_BUFFER_BYTES", "-1"))))
                .containsEntry("receive.buffer.bytes", "-1");
        assertThatThrownBy(() -> ConsumerKnobs.kafkaConsumer(Knobs.of(Map.of("KAFKA_RECEIVE_BUFFER_BYTES", "-2"))))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("KAFKA_RECEIVE_BUFFER_BYTES must be -1 (the operating system's default)");
    }
}
