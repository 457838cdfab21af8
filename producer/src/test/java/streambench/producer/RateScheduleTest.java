package streambench.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RateScheduleTest {
    @Test
    void dueTimesFollowTheRateWithoutDrift() {
        RateSchedule s = new RateSchedule(3, 1_000, 5_000_000);
        assertThat(s.dueNanos(0)).isEqualTo(1_000);
        assertThat(s.dueNanos(1)).isEqualTo(1_000 + 333_333_333);
        assertThat(s.dueNanos(3)).isEqualTo(1_000 + 1_000_000_000);
        // computed from k, so a billion events in is still exact to the nanosecond
        assertThat(s.dueNanos(3_000_000_000L)).isEqualTo(1_000 + 1_000_000_000L * 1_000_000_000L);
        assertThat(s.dueEpochMicros(3)).isEqualTo(5_000_000 + 1_000_000);
    }

    @Test
    void countsEventsWithinADuration() {
        assertThat(new RateSchedule(200_000, 0, 0).eventsWithin(120)).isEqualTo(24_000_000);
        assertThat(new RateSchedule(3, 0, 0).eventsWithin(1)).isEqualTo(3);
        assertThat(new RateSchedule(2.5, 0, 0).eventsWithin(1)).isEqualTo(3);
    }

    @Test
    void rejectsNonPositiveRates() {
        assertThatThrownBy(() -> new RateSchedule(0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
