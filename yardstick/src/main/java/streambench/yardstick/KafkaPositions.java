package streambench.yardstick;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import java.util.TreeMap;
import streambench.common.ConfigException;

/**
 * Where in the topic the table's data ends: per partition, the offset of the next record to read. Each
 * commit writes it as the table's domain metadata in the same transaction as its data files, so the table
 * alone says where a restart resumes, with no checkpoint store beside it, and a commit either moves both
 * or neither.
 */
record KafkaPositions(String topic, Map<Integer, Long> nextOffsets) {
    /** The domain name in the Delta log; Delta reserves {@code delta.*}, this one is ours. */
    static final String DOMAIN = "streambench.yardstick.kafka";

    private static final ObjectMapper JSON = new ObjectMapper();

    KafkaPositions {
        nextOffsets = Map.copyOf(new TreeMap<>(nextOffsets));
    }

    String toJson() {
        try {
            return JSON.writeValueAsString(new Stored(topic, new TreeMap<>(nextOffsets)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("offsets that cannot be written as JSON: " + nextOffsets, e);
        }
    }

    /**
     * The positions a table holds for {@code topic}. A table whose positions are of another topic is a
     * configuration error: resuming there would read a different stream into it.
     */
    static KafkaPositions fromJson(String json, String tableUri, String topic) {
        Stored stored;
        try {
            stored = JSON.readValue(json, Stored.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "the Kafka positions in table " + tableUri + " (domain " + DOMAIN + ") cannot be read: " + json, e);
        }
        if (!topic.equals(stored.topic())) {
            throw new ConfigException("TABLE_PATH: table " + tableUri + " was written from topic " + stored.topic()
                    + ", not TOPIC=" + topic + "; give each topic its own table");
        }
        return new KafkaPositions(stored.topic(), stored.offsets() == null ? Map.of() : stored.offsets());
    }

    /** The domain's configuration as JSON: {@code {"topic":"events","offsets":{"0":12,"1":40}}}. */
    @JsonPropertyOrder({"topic", "offsets"})
    record Stored(String topic, Map<Integer, Long> offsets) {}
}
