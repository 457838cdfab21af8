package streambench.harness.fault;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import streambench.common.HostileRecords;

class PoisonProducerTest {
    @Test
    void oneRoundSendsTheWholeCorpusTheTombstoneAsANullValue() throws Exception {
        List<HostileRecords.Entry> corpus = HostileRecords.all();
        MockProducer<byte[], byte[]> kafka =
                new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
        // one second at the corpus's size per second: exactly one round
        try (PoisonProducer poison = new PoisonProducer(kafka, "events", corpus.size(), 1)) {
            poison.start();
            poison.finish();

            assertThat(poison.acked()).isEqualTo(corpus.size());
            assertThat(poison.failed()).isZero();
        }
        List<ProducerRecord<byte[], byte[]>> sent = kafka.history();
        assertThat(sent).hasSize(corpus.size());
        assertThat(sent).filteredOn(r -> r.value() == null).hasSize(1);
        assertThat(sent).allSatisfy(r -> assertThat(r.topic()).isEqualTo("events"));
    }
}
