package streambench.producer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AckedPerSecondTest {
    @Test
    void countsEachAckInTheSecondItWasDueNotWhenItCame() {
        AckedPerSecond acked = new AckedPerSecond(1_000, 3);
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
        AckedPerSecond acked = new AckedPerSecond(0, 0);
        acked.onAck(5);
        assertThat(acked.snapshot()).isEmpty();
    }
}
