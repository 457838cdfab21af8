package streambench.harness.fault;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import streambench.common.HostileRecords;
import streambench.common.KafkaConnection;

/**
 * The poison fault: a side producer writing the hostile-record corpus into the run's topic, round and
 * round, at a share of the offered rate for the whole load; the corpus's tombstone goes as a record with a
 * null value. Every consumer must drop and count each one and carry on; what was acknowledged is what the
 * malformed count must reach.
 */
public final class PoisonProducer implements AutoCloseable {
    /** The corpus holds a record near the broker's default 1 MB limit. */
    private static final int MAX_REQUEST_BYTES = 2 * 1024 * 1024;

    private final Producer<byte[], byte[]> producer;
    private final String topic;
    private final double perSecond;
    private final long seconds;
    private final List<HostileRecords.Entry> corpus = HostileRecords.all();
    private final AtomicLong acked = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final Thread thread;
    private volatile boolean stop;

    /** The side producer of the run's poison fault, if it has one (null otherwise), at its share of {@code rate}. */
    public static PoisonProducer forRun(
            java.util.List<FaultSpec> faults, KafkaConnection kafka, String topic, long rate, long seconds) {
        return faults.stream()
                .filter(f -> f.kind() == FaultSpec.Kind.POISON)
                .findFirst()
                .map(f -> new PoisonProducer(kafka, topic, rate * f.share(), seconds))
                .orElse(null);
    }

    public PoisonProducer(KafkaConnection kafka, String topic, double perSecond, long seconds) {
        this(new KafkaProducer<>(clientProperties(kafka)), topic, perSecond, seconds);
    }

    /** With any producer: a test's MockProducer. */
    PoisonProducer(Producer<byte[], byte[]> producer, String topic, double perSecond, long seconds) {
        this.producer = producer;
        this.topic = topic;
        this.perSecond = Math.max(1, perSecond);
        this.seconds = seconds;
        this.thread = new Thread(this::send, "poison-producer");
        this.thread.setDaemon(true);
    }

    private static Map<String, Object> clientProperties(KafkaConnection kafka) {
        Map<String, Object> props = new HashMap<>(kafka.properties());
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "streambench-poison");
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, MAX_REQUEST_BYTES);
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return props;
    }

    public void start() {
        thread.start();
    }

    private void send() {
        long start = System.nanoTime();
        long total = (long) Math.floor(perSecond * seconds);
        for (long k = 0; k < total && !stop; k++) {
            long due = start + Math.round(k * 1e9 / perSecond);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(wait);
            }
            byte[] value = corpus.get((int) (k % corpus.size())).value();
            try {
                producer.send(
                        new ProducerRecord<>(topic, value),
                        (meta, error) -> (error == null ? acked : failed).incrementAndGet());
            } catch (RuntimeException e) {
                failed.incrementAndGet();
            }
        }
        producer.flush();
    }

    /** Waits for the schedule to end and every send to be answered. */
    public void finish() throws InterruptedException {
        thread.join();
        producer.flush();
    }

    public long acked() {
        return acked.get();
    }

    public long failed() {
        return failed.get();
    }

    @Override
    public void close() {
        stop = true;
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(java.time.Duration.ofSeconds(10));
    }
}
