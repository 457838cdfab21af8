package streambench.yardstick;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import streambench.common.Event;
import streambench.common.EventCodec;
import streambench.common.Knobs;
import streambench.deltawriter.DeltaTableCommitter;
import streambench.deltawriter.EventTable;
import streambench.deltawriter.LakeCounters;
import streambench.deltawriter.TestRows;

/**
 * The poll-write-commit loop on kafka-clients' in-memory consumer and a table on the local disk (the real
 * Kafka and Azurite paths are in the harness's YardstickConsumerIT): what it commits, the positions it
 * commits with them, and that a restart from those positions repeats nothing.
 */
class CommitLoopTest {
    private static final String TOPIC = "events";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

    @TempDir
    Path tmp;

    private final EventCodec codec = new EventCodec();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private YardstickSettings settings() {
        return settings(1);
    }

    private YardstickSettings settings(int writerThreads) {
        Map<String, String> env = new HashMap<>();
        env.put("TOPIC", TOPIC);
        env.put("TABLE_PATH", "t");
        env.put("KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:9092");
        env.put("LAKE_ROOT", "file://" + tmp.toAbsolutePath());
        env.put("COMMIT_INTERVAL", "50ms");
        env.put("COMMIT_MAX_ROWS", "5");
        env.put("WRITER_THREADS", Integer.toString(writerThreads));
        return YardstickSettings.fromKnobs(Knobs.of(env));
    }

    private ConsumerRecord<byte[], byte[]> event(TopicPartition tp, long offset, long seq) {
        byte[] value = codec.encode(new Event(1_767_225_600_000_000L + seq, 7, seq, "x"));
        return new ConsumerRecord<>(tp.topic(), tp.partition(), offset, null, value);
    }

    /** Runs the loop until {@code committed} rows are in the table, then stops it. */
    private void runUntil(YardstickSettings s, MockConsumer<byte[], byte[]> kafka, long committed) throws Exception {
        DeltaTableCommitter committer =
                new DeltaTableCommitter(s.tableUri(), Map.of(), EventTable.FORMAT, "test", true);
        String path = committer.ensureTable(s.tableProperties());
        KafkaPositions start = committer
                .domainMetadata(KafkaPositions.DOMAIN)
                .map(j -> KafkaPositions.fromJson(j, s.tableUri(), TOPIC))
                .orElse(new KafkaPositions(TOPIC, Map.of()));
        long last = committer.lastCommitted(CommitLoop.APP_ID).orElse(0);
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        CommitTelemetry telemetry = new CommitTelemetry(LakeCounters.none(), null, out);
        CommitLoop loop = new CommitLoop(s, kafka, committer, path, new Configuration(), start, last, telemetry, out);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger firstIntervals = new AtomicInteger();
        long before = Counters.RECORDS_COMMITTED.get();
        Thread stopper = new Thread(() -> {
            while (Counters.RECORDS_COMMITTED.get() - before < committed) {
                Thread.onSpinWait();
            }
            stop.set(true);
            kafka.wakeup();
        });
        stopper.start();
        loop.run(stop, firstIntervals::incrementAndGet);
        stopper.join();
        assertThat(firstIntervals).hasValue(1);
    }

    /** Events 0..4 on partition 0, from its beginning. */
    private MockConsumer<byte[], byte[]> fiveEventsOnP0() {
        MockConsumer<byte[], byte[]> kafka = new MockConsumer<>("earliest");
        kafka.assign(List.of(P0));
        kafka.updateBeginningOffsets(Map.of(P0, 0L));
        kafka.seekToBeginning(List.of(P0));
        for (int i = 0; i < 5; i++) {
            kafka.addRecord(event(P0, i, i));
        }
        return kafka;
    }

    /** A loop on a fresh look at the table, as if started with {@code start} and no commit of its own yet. */
    private CommitLoop loopFromScratch(YardstickSettings s, MockConsumer<byte[], byte[]> kafka, KafkaPositions start)
            throws Exception {
        DeltaTableCommitter committer =
                new DeltaTableCommitter(s.tableUri(), Map.of(), EventTable.FORMAT, "test", true);
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        return new CommitLoop(
                s,
                kafka,
                committer,
                committer.ensureTable(s.tableProperties()),
                new Configuration(),
                start,
                0,
                new CommitTelemetry(LakeCounters.none(), null, out),
                out);
    }

    /** On the loop's thread, and on two writer threads beside it (partition 0 on one, 1 on the other). */
    @ParameterizedTest(name = "WRITER_THREADS={0}")
    @ValueSource(ints = {1, 2})
    void commitsEveryGoodEventOnceWithThePositionsItEndsAtAndDropsMalformedOnes(int writerThreads) throws Exception {
        YardstickSettings s = settings(writerThreads);
        MockConsumer<byte[], byte[]> kafka = new MockConsumer<>("earliest");
        kafka.assign(List.of(P0, P1));
        kafka.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        kafka.seekToBeginning(List.of(P0, P1));
        for (int i = 0; i < 6; i++) {
            kafka.addRecord(event(P0, i, i));
        }
        kafka.addRecord(new ConsumerRecord<>(TOPIC, 1, 0, null, "{not an event".getBytes(StandardCharsets.UTF_8)));
        for (int i = 1; i < 4; i++) {
            kafka.addRecord(event(P1, i, 100 + i));
        }
        long malformed = Counters.MALFORMED.get();

        runUntil(s, kafka, 9);

        List<TestRows.Row> rows = TestRows.read(tmp.resolve("t"));
        assertThat(rows)
                .extracting(TestRows.Row::seq)
                .containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L, 5L, 101L, 102L, 103L);
        assertThat(Counters.MALFORMED.get() - malformed).isEqualTo(1);
        DeltaTableCommitter reader = new DeltaTableCommitter(s.tableUri(), Map.of(), EventTable.FORMAT, "test", true);
        assertThat(KafkaPositions.fromJson(
                                reader.domainMetadata(KafkaPositions.DOMAIN).orElseThrow(), "t", TOPIC)
                        .nextOffsets())
                .containsExactlyInAnyOrderEntriesOf(Map.of(0, 6L, 1, 4L));
        assertThat(console.toString(StandardCharsets.UTF_8))
                .contains("yardstick: malformed record #")
                .contains("(events partition 1 offset 0)");
        if (writerThreads == 2) {
            try (var files = java.nio.file.Files.list(tmp.resolve("t"))) {
                assertThat(files.filter(f -> f.toString().endsWith(".parquet")))
                        .as("each writer thread's own files")
                        .hasSizeGreaterThanOrEqualTo(2);
            }
        }
    }

    @Test
    void aRestartFromTheTablesPositionsRepeatsNothing() throws Exception {
        YardstickSettings s = settings();
        runUntil(s, fiveEventsOnP0(), 5);

        // the restarted consumer is handed the topic from offset 0 again, and must seek past what the table holds
        DeltaTableCommitter committer = new DeltaTableCommitter(s.tableUri(), Map.of(), EventTable.FORMAT, "t", true);
        long resumeAt = KafkaPositions.fromJson(
                        committer.domainMetadata(KafkaPositions.DOMAIN).orElseThrow(), "t", TOPIC)
                .nextOffsets()
                .get(0);
        assertThat(resumeAt).isEqualTo(5);
        MockConsumer<byte[], byte[]> second = new MockConsumer<>("earliest");
        second.assign(List.of(P0));
        second.seek(P0, resumeAt);
        for (int i = 0; i < 8; i++) {
            second.addRecord(event(P0, i, i));
        }
        runUntil(s, second, 3);

        assertThat(TestRows.read(tmp.resolve("t")))
                .extracting(TestRows.Row::seq)
                .containsExactlyInAnyOrder(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L);
        assertThat(committer.lastCommitted(CommitLoop.APP_ID)).isPresent();
    }

    @Test
    void aCommitCutShortByCommitMaxRowsKeepsTheIntervalsEnd() {
        long second = 1_000_000_000L;
        // the interval's end reached: the next one, or now when the commit ran past it
        assertThat(CommitLoop.nextDeadline(5 * second, 5 * second + 10, second, true))
                .isEqualTo(6 * second);
        assertThat(CommitLoop.nextDeadline(5 * second, 7 * second, second, true))
                .isEqualTo(7 * second);
        // a full file 0.3 s into the interval: the events after it still commit at the interval's end
        assertThat(CommitLoop.nextDeadline(5 * second, 4 * second + 300_000_000L, second, false))
                .isEqualTo(5 * second);
    }

    @Test
    void positionsKafkaNoLongerHoldsFailTheLoopNamingThem() throws Exception {
        YardstickSettings s = settings();
        MockConsumer<byte[], byte[]> kafka = new MockConsumer<>("none");
        kafka.assign(List.of(P0));
        kafka.seek(P0, 42);
        kafka.setPollException(new org.apache.kafka.clients.consumer.OffsetOutOfRangeException(
                "Fetch position FetchPosition{offset=42} is out of range for partition events-0", Map.of(P0, 42L)));
        CommitLoop loop = loopFromScratch(s, kafka, new KafkaPositions(TOPIC, Map.of(0, 42L)));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> loop.run(new AtomicBoolean(), () -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("topic events no longer holds the positions this table goes on from "
                        + "(partition=offset {0=42})")
                .hasMessageContaining("Start a new TABLE_PATH");
    }

    @Test
    void aSecondWriterOnTheSameTableStopsInsteadOfSkippingItsRows() throws Exception {
        YardstickSettings s = settings();
        runUntil(s, fiveEventsOnP0(), 5);

        // a second yardstick that read the table before the first one's commit: its transaction 1 is taken
        MockConsumer<byte[], byte[]> second = new MockConsumer<>("earliest");
        second.assign(List.of(P0));
        second.seek(P0, 0);
        for (int i = 0; i < 5; i++) {
            second.addRecord(event(P0, i, i));
        }
        CommitLoop loop = loopFromScratch(s, second, new KafkaPositions(TOPIC, Map.of()));

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> loop.run(new AtomicBoolean(), () -> {}))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("another writer commits to this table as streambench-yardstick")
                .hasMessageContaining("Run one yardstick per TABLE_PATH");
        assertThat(TestRows.read(tmp.resolve("t"))).hasSize(5);
    }

    @Test
    void everyPartitionsStartIsResolvedSoTheFirstCommitRecordsIt() {
        MockConsumer<byte[], byte[]> kafka = new MockConsumer<>("none");
        kafka.assign(List.of(P0, P1));
        kafka.updateBeginningOffsets(Map.of(P0, 0L, P1, 3L));
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

        KafkaPositions positions = YardstickMain.seek(
                kafka,
                List.of(P0, P1),
                new KafkaPositions(TOPIC, Map.of(0, 5L)),
                streambench.common.StartingOffsets.EARLIEST,
                out);

        assertThat(positions.nextOffsets()).containsExactlyInAnyOrderEntriesOf(Map.of(0, 5L, 1, 3L));
        assertThat(kafka.position(P0)).isEqualTo(5);
        assertThat(console.toString(StandardCharsets.UTF_8))
                .contains("yardstick: resuming from the table's positions {0=5}")
                .contains("yardstick: 1 partitions from the earliest offset {1=3}");
    }
}
