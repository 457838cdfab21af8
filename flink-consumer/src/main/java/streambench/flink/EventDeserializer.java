package streambench.flink;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.metrics.Counter;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.MalformedEventException;

/**
 * Kafka value → {@link EventRow}, in the source's own task. A record that is not a valid event is
 * counted (Flink metric {@code malformedRecords}) and dropped: one bad record must not stop a stream.
 */
final class EventDeserializer implements KafkaRecordDeserializationSchema<EventRow> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(EventDeserializer.class);

    private transient Counter malformed;

    @Override
    public void open(DeserializationSchema.InitializationContext context) {
        malformed = context.getMetricGroup().counter("malformedRecords");
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<EventRow> out) {
        try {
            Event e = EventCodec.decode(record.value() == null ? new byte[0] : record.value());
            out.collect(new EventRow(e.tsMicros(), e.producerId(), e.seq()));
        } catch (MalformedEventException e) {
            if (malformed != null) {
                malformed.inc();
            }
            long n = LocalJobCounters.MALFORMED.incrementAndGet();
            if (n <= 10 || n % 10_000 == 0) {
                LOG.warn("malformed record #{} dropped ({} partition {} offset {}): {}", n, record.topic(),
                        record.partition(), record.offset(), e.getMessage());
            }
        }
    }

    @Override
    public TypeInformation<EventRow> getProducedType() {
        return TypeInformation.of(EventRow.class);
    }
}
