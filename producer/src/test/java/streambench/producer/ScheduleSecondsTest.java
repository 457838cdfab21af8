package streambench.producer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScheduleSecondsTest {
    @Test
    void countsEachAckInTheSecondItWasDueNotWhenItCame() {
        ScheduleSeconds acked = new ScheduleSeconds(1_000, 3);
        acked.onAck(1_000); // due at the start: second 0
        acked.onAck(1_000 + 999_999_999); // the last nanosecond of second 0
        acked.onAck(1_000 + 1_000_000_000); // second 1
        acked.onAck(1_000 + 2_500_000_000L); // second 2
        acked.onAck(1_000 + 3_000_000_000L); // past the schedule: not counted
        acked.onAck(999); // before it: not counted
        assertThat(acked.snapshot()).containsExactly(2, 1, 1);
    }

    @Test
    void aProducerWithoutAnEndKeepsNoCounts() {
        ScheduleSeconds acked = new ScheduleSeconds(0, 0);
        acked.onAck(5);
        assertThat(acked.snapshot()).isEmpty();
    }

    @Test
    void keepsTheWorstSendLagOfEachSecondItsEventsWereDueIn() {
        ScheduleSeconds seconds = new ScheduleSeconds(1_000, 3);
        seconds.onSend(1_000, 2_000_000); // due in second 0, sent 2 ms late
        seconds.onSend(1_000 + 500_000_000, 7_000_000); // second 0: 7 ms, the worst
        seconds.onSend(1_000 + 600_000_000, 3_000_000);
        seconds.onSend(1_000 + 2_000_000_000L, 1_500); // second 2: 1.5 µs
        seconds.onSend(1_000 + 3_000_000_000L, 9_000_000_000L); // past the schedule: not kept
        assertThat(seconds.sendLagSnapshot()).containsExactly(7_000, 0, 1);
    }
}
