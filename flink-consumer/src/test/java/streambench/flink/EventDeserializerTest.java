package streambench.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.Collector;
import org.apache.flink.util.UserCodeClassLoader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.Property;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.HostileRecords;
import streambench.deltawriter.EventRow;

class EventDeserializerTest {
    private static final long TS = 1_764_464_523_123_456L; // 2025-11-30T01:02:03.123456Z

    private final SimpleCounter malformed = new SimpleCounter();
    private final List<EventRow> out = new ArrayList<>();
    private final Collector<EventRow> collector = new Collector<>() {
        @Override
        public void collect(EventRow row) {
            out.add(row);
        }

        @Override
        public void close() {}
    };

    static List<HostileRecords.Entry> corpus() {
        return HostileRecords.all();
    }

    @BeforeEach
    void resetTheJvmWideCounter() {
        LocalJobCounters.MALFORMED.set(0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void everyHostileRecordIsCountedAndDroppedWithoutAnException(HostileRecords.Entry hostile) throws Exception {
        EventDeserializer d = opened(new EventDeserializer());
        d.deserialize(record(hostile.value()), collector);
        assertThat(out).isEmpty();
        assertThat(malformed.getCount()).isEqualTo(1);
        assertThat(LocalJobCounters.MALFORMED.get()).isEqualTo(1);
    }

    @Test
    void theWholeCorpusBetweenGoodRecordsLeavesTheGoodOnesThrough() throws Exception {
        EventDeserializer d = opened(new EventDeserializer());
        EventCodec codec = new EventCodec();
        d.deserialize(record(codec.encode(new Event(TS, 0, 0, "x"))), collector);
        List<HostileRecords.Entry> corpus = HostileRecords.all();
        for (HostileRecords.Entry hostile : corpus) {
            d.deserialize(record(hostile.value()), collector);
        }
        d.deserialize(
                record(codec.encode(new Event(TS + 1, 424242, 1, "x"))), collector); // a foreign producer is valid
        assertThat(out)
                .usingRecursiveFieldByFieldElementComparator()
                .containsExactly(new EventRow(TS, 0, 0), new EventRow(TS + 1, 424242, 1));
        assertThat(corpus).extracting(HostileRecords.Entry::value).containsNull(); // the tombstone
        assertThat(malformed.getCount()).isEqualTo(corpus.size());
    }

    @Test
    void theRecordsKafkaTimestampGoesWithTheEventForTheLatencyWaterfall() throws Exception {
        EventDeserializer d = opened(new EventDeserializer());
        byte[] value = new EventCodec().encode(new Event(TS, 0, 7, "x"));
        d.deserialize(
                new ConsumerRecord<>(
                        "events",
                        0,
                        43,
                        1_767_225_600_123L,
                        org.apache.kafka.common.record.TimestampType.LOG_APPEND_TIME,
                        0,
                        value.length,
                        null,
                        value,
                        new org.apache.kafka.common.header.internals.RecordHeaders(),
                        java.util.Optional.empty()),
                collector);
        assertThat(out)
                .usingRecursiveFieldByFieldElementComparator()
                .containsExactly(new EventRow(TS, 0, 7, 1_767_225_600_123_000L));
    }

    @Test
    void aTombstoneIsCountedAndDropped() throws Exception {
        EventDeserializer d = opened(new EventDeserializer());
        d.deserialize(record(null), collector);
        assertThat(out).isEmpty();
        assertThat(malformed.getCount()).isEqualTo(1);
    }

    @Test
    void theLoggedReasonShowsControlCharactersAsEscapes() throws Exception {
        List<String> logged = new ArrayList<>();
        Logger logger = (Logger) LogManager.getLogger(EventDeserializer.class);
        Level level = logger.getLevel(); // Flink's test jars switch all logging off
        Appender appender = new AbstractAppender("captured", null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                logged.add(event.getMessage().getFormattedMessage());
            }
        };
        appender.start();
        Configurator.setLevel(logger.getName(), Level.WARN);
        logger.addAppender(appender);
        try {
            // one reason from the codec, one from a decoder that broke its promise: both quote the record
            byte[] forgingFieldName = "{\"\\u001b[31m\\nFAKE LOG LINE\":1}".getBytes(StandardCharsets.UTF_8);
            opened(new EventDeserializer()).deserialize(record(forgingFieldName), collector);
            opened(new EventDeserializer(value -> {
                        throw new IllegalStateException("\u001b[31m\nFAKE LOG LINE");
                    }))
                    .deserialize(record(new byte[] {'{', '}'}), collector);
        } finally {
            logger.removeAppender(appender);
            Configurator.setLevel(logger.getName(), level);
        }
        assertThat(logged)
                .hasSize(2)
                .allSatisfy(line -> assertThat(line)
                        .contains("\\u001b[31m")
                        .contains("\\nFAKE LOG LINE")
                        .doesNotContain("\u001b")
                        .doesNotContain("\n"));
    }

    @Test
    void aDecoderThatBreaksItsPromiseStillOnlyDropsTheRecord() throws Exception {
        EventDeserializer d = opened(new EventDeserializer(value -> {
            throw new ArithmeticException("long overflow");
        }));
        d.deserialize(record(new byte[] {'{', '}'}), collector);
        assertThat(out).isEmpty();
        assertThat(malformed.getCount()).isEqualTo(1);
    }

    @Test
    void aFailureDownstreamOfTheDecoderIsNotCountedAsMalformedAndFailsTheTask() throws Exception {
        EventDeserializer d = opened(new EventDeserializer());
        Collector<EventRow> broken = new Collector<>() {
            @Override
            public void collect(EventRow row) {
                throw new IllegalStateException("downstream is broken");
            }

            @Override
            public void close() {}
        };
        byte[] good = new EventCodec().encode(new Event(TS, 0, 0, ""));
        assertThatThrownBy(() -> d.deserialize(record(good), broken)).hasMessage("downstream is broken");
        assertThat(malformed.getCount()).isZero();
    }

    private EventDeserializer opened(EventDeserializer d) {
        d.open(new DeserializationSchema.InitializationContext() {
            @Override
            public MetricGroup getMetricGroup() {
                return new UnregisteredMetricsGroup() {
                    @Override
                    public Counter counter(String name) {
                        assertThat(name).isEqualTo("malformedRecords");
                        return malformed;
                    }
                };
            }

            @Override
            public UserCodeClassLoader getUserCodeClassLoader() {
                throw new UnsupportedOperationException();
            }
        });
        return d;
    }

    private static ConsumerRecord<byte[], byte[]> record(byte[] value) {
        return new ConsumerRecord<>("events", 0, 42, null, value);
    }
}
