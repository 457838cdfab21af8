package streambench.producer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import streambench.common.Event;
import streambench.common.EventCodec;

/** The schedule and the accounting, against Kafka's in-memory MockProducer (the real broker is in the harness ITs). */
class ScheduledSenderTest {
    @Test
    void tsIsTheScheduledTimeAndEveryEventIsCounted() throws Exception {
        MockProducer<byte[], byte[]> mock =
                new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
        RateSchedule schedule = new RateSchedule(1000, System.nanoTime(), 1_800_000_000_000_000L);
        SenderStats stats = new SenderStats(4);
        ScheduledSender sender = new ScheduledSender(mock, "t", schedule, 50, 100, stats, s -> s, false);
        sender.run();

        List<ProducerRecord<byte[], byte[]>> sent = mock.history();
        assertThat(sent).hasSize(50);
        for (int k = 0; k < sent.size(); k++) {
            Event e = EventCodec.decode(sent.get(k).value());
            assertThat(e.seq()).isEqualTo(k);
            assertThat(e.producerId()).isEqualTo(4);
            assertThat(e.tsMicros()).isEqualTo(1_800_000_000_000_000L + k * 1000L);
            assertThat(sent.get(k).value()).hasSize(100);
        }
        assertThat(sender.finishedSchedule()).isTrue();
        assertThat(stats.sent.get()).isEqualTo(50);
        assertThat(stats.acked.get()).isEqualTo(50);
        assertThat(stats.firstAckedSeq.get()).isZero();
        assertThat(stats.lastAckedSeq.get()).isEqualTo(49);
    }

    @Test
    void failedSendsAreCountedWithTheFirstError() {
        MockProducer<byte[], byte[]> mock =
                new MockProducer<>(false, null, new ByteArraySerializer(), new ByteArraySerializer());
        SenderStats stats = new SenderStats(0);
        ScheduledSender sender = new ScheduledSender(
                mock,
                "t",
                new RateSchedule(1_000_000, System.nanoTime(), 1_800_000_000_000_000L),
                3,
                100,
                stats,
                s -> s.replace("pw", "<redacted>"),
                false);
        sender.run();
        mock.completeNext();
        mock.errorNext(new org.apache.kafka.common.errors.TimeoutException("expired, pw"));
        mock.completeNext();
        assertThat(stats.acked.get()).isEqualTo(2);
        assertThat(stats.failed.get()).isEqualTo(1);
        assertThat(stats.firstError.get()).isEqualTo("TimeoutException: expired, <redacted>");
    }

    @Test
    void stopsPromptlyWhenAsked() {
        MockProducer<byte[], byte[]> mock =
                new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
        SenderStats stats = new SenderStats(0);
        // due in an hour: the sender parks, then sees the stop request
        ScheduledSender sender = new ScheduledSender(
                mock,
                "t",
                new RateSchedule(1, System.nanoTime() + 3_600_000_000_000L, 0),
                Long.MAX_VALUE,
                100,
                stats,
                s -> s,
                false);
        sender.requestStop();
        sender.run();
        assertThat(stats.sent.get()).isZero();
        assertThat(sender.finishedSchedule()).isFalse();
    }

    /** 1,200 events at 1,000/s on a schedule that began 1 s ago: its first ~1,000 are already late. */
    private static ScheduledSender runOneSecondBehind(MockProducer<byte[], byte[]> mock, boolean skipLate) {
        RateSchedule schedule = new RateSchedule(1000, System.nanoTime() - 1_000_000_000L, 1_800_000_000_000_000L);
        ScheduledSender sender =
                new ScheduledSender(mock, "t", schedule, 1200, 100, new SenderStats(7), s -> s, skipLate);
        sender.run();
        return sender;
    }

    @Test
    void aPrerollSkipsWhatItIsLateForInsteadOfSendingABacklog() {
        MockProducer<byte[], byte[]> mock =
                new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
        ScheduledSender sender = runOneSecondBehind(mock, true);

        assertThat(sender.skipped()).isBetween(950L, 1150L);
        assertThat(mock.history()).hasSize((int) (1200 - sender.skipped()));
        assertThat(sender.finishedSchedule()).isTrue();
    }

    @Test
    void aScheduleSendsItsWholeBacklog() {
        MockProducer<byte[], byte[]> mock =
                new MockProducer<>(true, null, new ByteArraySerializer(), new ByteArraySerializer());
        ScheduledSender sender = runOneSecondBehind(mock, false);

        assertThat(sender.skipped()).isZero();
        assertThat(mock.history()).hasSize(1200);
    }
}
