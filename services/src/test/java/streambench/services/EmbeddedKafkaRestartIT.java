package streambench.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The broker-restart fault: the same broker, ports and data after a stop and a start. */
class EmbeddedKafkaRestartIT {
    @Test
    void aRestartedBrokerKeepsItsPortsAndItsData(@TempDir Path logs) throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(InstallLayout.load(), logs.resolve("kafka.log"), "512m")) {
            try (TopicAdmin topics = new TopicAdmin(kafka.connection())) {
                topics.create("kept", 1);
            }
            Map<String, Object> props = Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    kafka.bootstrapServers(),
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                    StringSerializer.class.getName(),
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                    StringSerializer.class.getName());
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
                producer.send(new ProducerRecord<>("kept", "before")).get();
                long pid = kafka.pid();
                System.out.println(kafka.restart());
                assertThat(kafka.pid()).isNotEqualTo(pid);
                producer.send(new ProducerRecord<>("kept", "after")).get(); // the same client reconnects by itself
            }
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of(
                    ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                    kafka.bootstrapServers(),
                    ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                    "earliest",
                    ConsumerConfig.GROUP_ID_CONFIG,
                    "g",
                    ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                    StringDeserializer.class.getName(),
                    ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                    StringDeserializer.class.getName()))) {
                consumer.subscribe(List.of("kept"));
                List<String> values = new ArrayList<>();
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                while (values.size() < 2 && System.nanoTime() < deadline) {
                    consumer.poll(Duration.ofMillis(500)).forEach(r -> values.add(r.value()));
                }
                assertThat(values).containsExactly("before", "after");
            }
        }
    }
}
