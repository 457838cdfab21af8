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
import streambench.common.Printable;
import streambench.deltawriter.EventRow;

/**
 * Kafka value → {@link EventRow}, in the source's own task. A record that is not a valid event is
 * counted (Flink metric {@code malformedRecords}) and dropped: one bad record must not stop a stream.
 */
final class EventDeserializer implements KafkaRecordDeserializationSchema<EventRow> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(EventDeserializer.class);

    private final Decoder decoder;
    private transient Counter malformed;

    /** {@link EventCodec#decode(byte[])}; a test puts a broken one in its place. */
    interface Decoder extends java.io.Serializable {
        Event decode(byte[] value) throws MalformedEventException;
    }

    EventDeserializer() {
        this(EventCodec::decode);
    }

    EventDeserializer(Decoder decoder) {
        this.decoder = decoder;
    }

    @Override
    public void open(DeserializationSchema.InitializationContext context) {
        malformed = context.getMetricGroup().counter("malformedRecords");
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<EventRow> out) {
        Event e;
        try {
            e = decoder.decode(record.value());
        } catch (MalformedEventException ex) {
            drop(record, ex.getMessage());
            return;
        } catch (RuntimeException ex) {
            // EventCodec promises MalformedEventException only; should a bug break that promise, the record
            // is still the cause, and failing the task would replay the same offset until the job dies
            drop(record, "the decoder failed: " + ex);
            return;
        }
        // outside the try: a failure downstream is not this record's fault and must fail the task as usual
        out.collect(new EventRow(e.tsMicros(), e.producerId(), e.seq(), EventRow.kafkaTsMicros(record.timestamp())));
    }

    private void drop(ConsumerRecord<byte[], byte[]> record, String reason) {
        if (malformed != null) {
            malformed.inc();
        }
        long n = LocalJobCounters.MALFORMED.incrementAndGet();
        if (n <= 10 || n % 10_000 == 0) {
            // the reason may quote the record, and "the decoder failed: " quotes any exception's message
            LOG.warn(
                    "malformed record #{} dropped ({} partition {} offset {}): {}",
                    n,
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    Printable.of(reason));
        }
    }

    @Override
    public TypeInformation<EventRow> getProducedType() {
        return TypeInformation.of(EventRow.class);
    }
}
